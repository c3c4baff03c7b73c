package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A kind's collector gives way to the one a service's own options choose. */
class KindJvmOptionsTest {
    private static final List<String> KIND = List.of("-XX:+UseSerialGC", "-Dio.netty.jfr.enabled=false");

    @Test
    void theKindsCollectorStaysUnlessTheServiceChoosesOne() {
        assertThat(KindJvmOptions.withoutReplacedCollector(KIND, List.of("-Xss512k"))).isEqualTo(KIND);
        assertThat(KindJvmOptions.withoutReplacedCollector(KIND, List.of("-XX:+UseG1GC", "-Xss512k")))
                .containsExactly("-Dio.netty.jfr.enabled=false");
        assertThat(KindJvmOptions.withoutReplacedCollector(KIND, List.of("-XX:+UseZGC")))
                .containsExactly("-Dio.netty.jfr.enabled=false");
    }

    @Test
    void optionsThatChooseNoCollectorLeaveTheKindsInPlace() {
        assertThat(KindJvmOptions.withoutReplacedCollector(KIND, List.of("-XX:-UseSerialGC"))).isEqualTo(KIND);
        assertThat(KindJvmOptions.withoutReplacedCollector(KIND, List.of("-XX:+UseAdaptiveSizePolicyWithSystemGC")))
                .isEqualTo(KIND);
    }
}
