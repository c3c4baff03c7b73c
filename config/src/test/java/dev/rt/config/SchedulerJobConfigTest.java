package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchedulerJobConfigTest {
    private static SchedulerJobConfig job(JsonNode job) {
        return SchedulerJobConfig.from(ConfigNode.section("scheduler", job));
    }

    @Test
    void jobWithDefaultsAppliedIsReadAsWritten() {
        SchedulerJobConfig job = job(parse("""
                {"enabled": true, "name": "nightly", "cron": "0 3 * * *", "callbackUrl": "http://api.rt.local/nightly",
                 "method": "POST", "body": "run", "headers": {"x-job": "nightly", "x-try": 1}, "maxRetry": 5}
                """));

        assertThat(job).isEqualTo(new SchedulerJobConfig(true, "nightly", "0 3 * * *", "http://api.rt.local/nightly",
                "POST", Optional.of("run"), Map.of("x-job", "nightly", "x-try", "1"), 5));
    }

    @Test
    void objectBodyIsSentAsJson() {
        SchedulerJobConfig job = job(parse(
                "{\"name\": \"n\", \"cron\": \"* * * * *\", \"callbackUrl\": \"u\", \"body\": {\"full\": true, \"n\": [1, 2]}}"));

        assertThat(job.body()).contains("{\"full\":true,\"n\":[1,2]}");
        assertThat(job.jsonBody()).isTrue();
        assertThat(job(parse("{\"name\": \"n\", \"cron\": \"* * * * *\", \"callbackUrl\": \"u\","
                + " \"body\": \"{}\"}")).jsonBody()).isFalse();
    }

    @Test
    void missingOptionalFieldsTakeTheDocumentedDefaults() {
        SchedulerJobConfig job = job(parse("{\"name\": \"n\", \"cron\": \"* * * * *\", \"callbackUrl\": \"u\"}"));

        assertThat(job.enabled()).isTrue();
        assertThat(job.method()).isEqualTo("GET");
        assertThat(job.maxRetry()).isEqualTo(3);
        assertThat(job.body()).isEmpty();
        assertThat(job.headers()).isEmpty();
    }

    @Test
    void maxRetriesAliasWinsOverTheDefaultedMaxRetry() {
        SchedulerJobConfig job = job(parse(
                "{\"name\": \"n\", \"cron\": \"* * * * *\", \"callbackUrl\": \"u\", \"maxRetry\": 3, \"maxRetries\": 7}"));

        assertThat(job.maxRetry()).isEqualTo(7);
    }

    @Test
    void enabledFromAPlaceholderStringIsABoolean() {
        SchedulerJobConfig job = job(parse(
                "{\"name\": \"n\", \"cron\": \"* * * * *\", \"callbackUrl\": \"u\", \"enabled\": \"false\"}"));

        assertThat(job.enabled()).isFalse();
    }

    @Test
    void listKeepsTheConfiguredOrder() {
        assertThat(SchedulerJobConfig.listFrom(ConfigNode.section("scheduler", parse("""
                [{"name": "a", "cron": "* * * * *", "callbackUrl": "u"}, {"name": "b", "cron": "* * * * *", "callbackUrl": "u"}]
                """)))).extracting(SchedulerJobConfig::name).containsExactly("a", "b");
        assertThat(SchedulerJobConfig.listFrom(ConfigNode.section("scheduler", MissingNode.getInstance()))).isEmpty();
    }
}
