package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Reading the variables the supervisor sets for a worker, with exact errors. */
class WorkerEnvironmentTest {
    private static Map<String, String> supervisorEnvironment() {
        Map<String, String> env = new HashMap<>();
        env.put("RT_AGENT_SOCKET", "/run/rt/agent.sock");
        env.put("RT_SERVICE_ID", "api");
        env.put("RT_WORKER_ID", "3");
        env.put("RT_ROOT", "/srv");
        env.put("PORT", "41000");
        return env;
    }

    @Test
    void supervisorsVariablesAreRead() {
        assertThat(WorkerEnvironment.from(supervisorEnvironment())).isEqualTo(new WorkerEnvironment(
                Path.of("/run/rt/agent.sock"), "api", 3, OptionalInt.of(41000)));
    }

    @Test
    void portIsOptional() {
        Map<String, String> env = supervisorEnvironment();
        env.remove("PORT");
        assertThat(WorkerEnvironment.from(env).port()).isEmpty();
    }

    @Test
    void missingSocketVariableIsNamed() {
        Map<String, String> env = supervisorEnvironment();
        env.remove("RT_AGENT_SOCKET");
        assertThatThrownBy(() -> WorkerEnvironment.from(env))
                .isInstanceOf(AgentException.class)
                .hasMessage("the environment variable RT_AGENT_SOCKET is not set; worker JVMs are started by the rt"
                        + " supervisor, which sets it");
    }

    @Test
    void workerIdThatIsNotANumberIsRejectedShowingTheValue() {
        Map<String, String> env = supervisorEnvironment();
        env.put("RT_WORKER_ID", "first");
        assertThatThrownBy(() -> WorkerEnvironment.from(env))
                .hasMessage("the environment variable RT_WORKER_ID must be an integer from 0 to 2147483647,"
                        + " found \"first\"");
    }
}
