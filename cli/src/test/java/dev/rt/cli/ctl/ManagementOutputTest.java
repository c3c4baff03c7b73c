package dev.rt.cli.ctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How rt ps and rt logs format what the management API answers. */
class ManagementOutputTest {
    @Test
    void uptimeIsDaysHoursMinutesSecondsOrNow() {
        assertThat(PsCommand.uptime(0)).isEqualTo("now");
        assertThat(PsCommand.uptime(59)).isEqualTo("59s");
        assertThat(PsCommand.uptime(3600)).isEqualTo("1h 0m 0s");
        assertThat(PsCommand.uptime(93_784)).isEqualTo("1d 2h 3m 4s");
    }

    @Test
    void directoryShowsItsLastThreeSegments() {
        assertThat(PsCommand.shortDirectory("/srv/apps/shop/api")).isEqualTo(".../apps/shop/api");
        assertThat(PsCommand.shortDirectory("/srv/shop")).isEqualTo("/srv/shop");
        assertThat(PsCommand.shortDirectory("")).isEqualTo("-");
    }

    private static final String WORKER_INFO = "{\"level\":30,\"time\":0,\"pid\":7,\"hostname\":\"h\",\"name\":\"api\","
            + "\"worker\":1,\"caller\":\"STDOUT\",\"msg\":\"hello\"}";
    private static final String RUNTIME_WARN = "{\"level\":40,\"time\":0,\"pid\":7,\"hostname\":\"h\",\"msg\":\"careful\"}";

    @Test
    void linesBelowTheLevelOrOfOtherServicesAreDropped() {
        LogFilter warn = new LogFilter("warn", Optional.empty(), false);
        assertThat(warn.apply(WORKER_INFO)).isEmpty();
        assertThat(warn.apply(RUNTIME_WARN)).contains(RUNTIME_WARN);
        LogFilter api = new LogFilter("info", Optional.of("api"), false);
        assertThat(api.apply(WORKER_INFO)).contains(WORKER_INFO);
        assertThat(api.apply(RUNTIME_WARN)).isEmpty();
        assertThat(new LogFilter("info", Optional.of("web"), false).apply(WORKER_INFO)).isEmpty();
        assertThat(api.apply("not json")).contains("not json");
    }

    @Test
    void prettyLinesNameTheWorkerAndTheLevel() {
        LogFilter pretty = new LogFilter("trace", Optional.empty(), true);
        assertThat(pretty.apply(WORKER_INFO).orElseThrow()).matches("\\d\\d:\\d\\d:\\d\\d\\.000 \\(7\\) api:1 INFO: hello");
        assertThat(pretty.apply(RUNTIME_WARN).orElseThrow()).endsWith(" (7) rt WARN: careful");
    }

    @Test
    void anUnknownLevelIsRefused() {
        assertThatThrownBy(() -> new LogFilter("loud", Optional.empty(), true))
                .hasMessage("unknown level \"loud\"; expected one of trace, debug, info, warn, error, fatal");
    }
}
