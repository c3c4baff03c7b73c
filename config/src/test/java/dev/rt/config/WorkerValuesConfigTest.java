package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.env.WorkerPlaceholders;
import dev.rt.config.error.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a service gives its workers: its JVM options (two names) and arguments and env with worker placeholders. */
class WorkerValuesConfigTest {
    @TempDir
    Path dir;

    private ServiceConfig api(String entry, Map<String, String> env) throws IOException {
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \""
                + Fixtures.app("probe").toString().replace("\\", "/") + "\"" + entry + "}]}");
        return new RuntimeConfigLoader(env, dir).load(Optional.empty()).service("api").orElseThrow();
    }

    @Test
    void jvmOptionsIsAnArrayTakenAsItIsOrAStringSplitLikeAShellWould() throws IOException {
        assertThat(api(", \"jvmOptions\": [\"-Dgreeting=hello world\", \"--add-opens=java.base/java.lang=ALL-UNNAMED\"]",
                Map.of()).jvmOptions()).containsExactly("-Dgreeting=hello world", "--add-opens=java.base/java.lang=ALL-UNNAMED");
        assertThat(api(", \"jvmOptions\": \"-Xss2m '-Da=b c'\"", Map.of()).jvmOptions()).containsExactly("-Xss2m", "-Da=b c");
    }

    @Test
    void nodeOptionsIsTheOtherNameOfJvmOptionsAndAServiceSetsOne() throws IOException {
        assertThat(api(", \"nodeOptions\": \"-Dx=1 -Dy=2\"", Map.of()).jvmOptions()).containsExactly("-Dx=1", "-Dy=2");
        assertThatThrownBy(() -> api(", \"nodeOptions\": \"-Dx=1\", \"jvmOptions\": [\"-Dy=2\"]", Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve("rt.json") + ": /services/0: sets both \"nodeOptions\" and \"jvmOptions\", two"
                        + " names of one setting (the worker's JVM options): keep one, \"jvmOptions\"");
    }

    @Test
    void workerPlaceholdersWaitForTheLaunchAndEscapesAndTheApplicationsOwnSyntaxStay() throws IOException {
        ServiceConfig api = api(", \"arguments\": [\"--port\", \"{PORT}\", \"--http-port=${PORT}\", \"--literal=\\\\{PORT}\","
                + " \"--name={NAME}\", \"--braces={NAME} {PORT}\"], \"env\": {\"APP_PORT\": \"{PORT}\"},"
                + " \"jvmOptions\": [\"-Dworker={RT_SERVICE_ID}-{RT_WORKER_ID}\"]", Map.of("NAME", "n{PORT}"));
        Map<String, String> values = WorkerPlaceholders.values(4321, 2, "api");

        assertThat(WorkerPlaceholders.resolve(api.arguments(), values)).containsExactly("--port", "4321",
                "--http-port=${PORT}", "--literal={PORT}", "--name=n{PORT}", "--braces=n{PORT} 4321");
        assertThat(WorkerPlaceholders.resolve(api.env().get("APP_PORT"), values)).isEqualTo("4321");
        assertThat(WorkerPlaceholders.resolve(api.jvmOptions(), values)).containsExactly("-Dworker=api-2");
    }

    @Test
    void anEscapeOutsideWhatAWorkerReceivesIsALiteralToo() throws IOException {
        Files.writeString(dir.resolve("rt.json"), "{\"server\": {\"hostname\": \"\\\\{HOST}\"}, \"services\": [{\"id\":"
                + " \"api\", \"path\": \"" + Fixtures.app("probe").toString().replace("\\", "/") + "\"}]}");
        assertThat(new RuntimeConfigLoader(Map.of("HOST", "x"), dir).load(Optional.empty()).server().hostname())
                .isEqualTo("{HOST}");
    }

    @Test
    void everyUnsetArgumentIsReportedWithWhereItsValueCameFrom() throws IOException {
        assertThatThrownBy(() -> api(", \"arguments\": [\"--port\", \"{APP_PORT}\", \"--name\", \"{APP_NAME}\"]", Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(String.join("\n",
                        dir.resolve("rt.json") + ": /services/0/arguments/1: must not be empty (the value comes from"
                                + " {APP_PORT}; APP_PORT is not set)",
                        dir.resolve("rt.json") + ": /services/0/arguments/3: must not be empty (the value comes from"
                                + " {APP_NAME}; APP_NAME is not set)"));
    }

    @Test
    void theProblemsOfEveryServiceAreReportedAtOnce() throws IOException {
        String probe = Fixtures.app("probe").toString().replace("\\", "/");
        Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"a\", \"services\": [{\"id\": \"a\", \"path\": \"" + probe + "\","
                + " \"arguments\": [\"{A_ARG}\"]}, {\"id\": \"b\", \"path\": \"" + probe + "\", \"arguments\": [\"{B_ARG}\"]}]}");

        assertThatThrownBy(() -> new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(e.getMessage().lines().toList()).containsExactly(
                        dir.resolve("rt.json") + ": /services/0/arguments/0: must not be empty (the value comes from"
                                + " {A_ARG}; A_ARG is not set)",
                        dir.resolve("rt.json") + ": /services/1/arguments/0: must not be empty (the value comes from"
                                + " {B_ARG}; B_ARG is not set)"));
    }

    @Test
    void resolvingReplacesOnlyTheWorkerNames() {
        assertThat(WorkerPlaceholders.resolve(List.of("{PORT}", "\\{PORT}", "${PORT}", "{OTHER}", "a{RT_WORKER_ID}b"),
                WorkerPlaceholders.values(80, 0, "web"))).containsExactly("80", "{PORT}", "${PORT}", "{OTHER}", "a0b");
    }
}
