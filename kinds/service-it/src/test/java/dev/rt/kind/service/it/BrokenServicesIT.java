package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A service whose plugins cannot register stops the runtime's start with a message naming the file, the entry and
 * the plugin, the exit status of a service that could not start (4) or of a configuration error (3), and no worker
 * JVM left behind.
 */
class BrokenServicesIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "failing|4|/plugins/paths/0: plugin dev.rt.testdata.service.failing.Failing threw while registering: java.lang.IllegalStateException: the movies table is missing",
        "not-a-plugin|4|/plugins/paths/0: plugin dev.rt.testdata.service.notaplugin.NotAPlugin does not implement dev.rt.service.ServicePlugin",
        "duplicate|4|/plugins/paths/0: plugin dev.rt.testdata.service.duplicate.Second: route GET /same is already registered by dev.rt.testdata.service.duplicate.First",
        "bad-schema|4|/plugins/paths/0: plugin dev.rt.testdata.service.badschema.BadSchema: route POST /things: its body schema is not a valid JSON Schema: at /properties/name/type",
        "missing-path|3|/plugins/paths/0: \"plugins/target/classes\" does not exist",
        "force-esm|3|/plugins/paths/0/forceESM: ES modules have no meaning on the JVM; remove it"})
    void aBrokenServiceStopsTheStartWithAClearMessage(String fixture, int status, String message) throws Exception {
        try (RtProcess rt = RtProcess.startService("broken/" + fixture + "/rt.json")) {
            assertThat(rt.awaitExit(LIMIT)).as(rt.output()).isEqualTo(status);
            assertThat(rt.stderr()).startsWith("rt: ").contains("broken/" + fixture + "/rt.json: " + message);
            assertThat(rt.stderr()).doesNotContain("\tat ");
            for (long pid : rt.workerPids()) {
                ProcessHandle.of(pid).ifPresent(p -> assertThat(p.onExit()).succeedsWithin(Duration.ofSeconds(10)));
            }
        }
    }
}
