package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReloadSignalTest {
    @Test
    void sigusr2IsFreeOnlyWhenTheJvmWasToldToSuspendThreadsWithAnotherSignal() {
        assertThat(ReloadSignal.isFree(Map.of())).isFalse();
        assertThat(ReloadSignal.isFree(Map.of("_JAVA_SR_SIGNUM", "12"))).isFalse();
        assertThat(ReloadSignal.isFree(Map.of("_JAVA_SR_SIGNUM", "nonsense"))).isFalse();
        assertThat(ReloadSignal.isFree(Map.of("_JAVA_SR_SIGNUM", "39"))).isTrue();
    }
}
