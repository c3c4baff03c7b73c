package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DebuggerTest {

    @Test
    void noValueMeansLoopbackPort9229() {
        assertThat(Debugger.parse("--inspect", "", false)).isEqualTo(new Debugger(true, "127.0.0.1", 9229, false));
    }

    @Test
    void aPortAloneKeepsTheLoopbackHost() {
        assertThat(Debugger.parse("--inspect-brk", "5005", true)).isEqualTo(new Debugger(true, "127.0.0.1", 5005, true));
    }

    @Test
    void hostAndPortAndBracketedIpv6() {
        assertThat(Debugger.parse("--inspect", "0.0.0.0:9230", false).host()).isEqualTo("0.0.0.0");
        assertThat(Debugger.parse("--inspect", "[::1]:9230", false)).isEqualTo(new Debugger(true, "::1", 9230, false));
    }

    @Test
    void eachWorkerSlotGetsItsOwnPortAndTheJdwpOptionSaysWhetherToSuspend() {
        Debugger debugger = Debugger.parse("--inspect", "9229", false);

        assertThat(debugger.jvmOption(debugger.port(2)))
                .isEqualTo("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:9231");
        assertThat(Debugger.parse("--inspect-brk", "[::1]:0", true).jvmOption(0))
                .isEqualTo("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=[::1]:0");
        assertThat(Debugger.parse("--inspect", "0", false).port(5)).isZero();
    }

    @Test
    void aBadValueSaysWhatIsAccepted() {
        assertThatThrownBy(() -> Debugger.parse("--inspect", "host:http", false))
                .hasMessage("--inspect takes [host:]port with a port from 0 to 65535, found \"host:http\""
                        + " (for example --inspect=9229 or --inspect=127.0.0.1:9229)");
        assertThatThrownBy(() -> Debugger.parse("--inspect", "70000", false)).hasMessageContaining("found \"70000\"");
    }
}
