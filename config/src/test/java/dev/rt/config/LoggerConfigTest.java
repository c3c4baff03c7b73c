package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoggerConfigTest {

    @Test
    void absentLogsInfoToStandardOutput() {
        LoggerConfig logger = LoggerConfig.from(ConfigNode.section("logger", MissingNode.getInstance()));

        assertThat(logger).isEqualTo(LoggerConfig.defaults());
        assertThat(logger.level()).isEqualTo("info");
        assertThat(logger.messageKey()).isEqualTo("msg");
        assertThat(logger.captureStdio()).isFalse();
        assertThat(logger.transportTargets()).isEmpty();
        assertThat(logger.pidAndHostname()).isTrue();
        assertThat(logger.base().isEmpty()).isTrue();
        assertThat(logger.redact()).isEmpty();
    }

    @Test
    void everySettingIsRead() {
        LoggerConfig logger = LoggerConfig.from(parse("""
                {"level": "debug", "formatters": {"path": "formatters.js"}, "timestamp": "isoTime",
                 "redact": {"paths": ["req.headers.authorization"], "censor": "***"}, "captureStdio": true,
                 "base": {"region": "eu"}, "messageKey": "message", "customLevels": {"audit": 35}}
                """));

        assertThat(logger.level()).isEqualTo("debug");
        assertThat(logger.formattersPath()).contains("formatters.js");
        assertThat(logger.timestamp()).contains(LoggerConfig.Timestamp.ISO_TIME);
        assertThat(logger.redact()).contains(new LoggerConfig.Redact(List.of("req.headers.authorization"), "***"));
        assertThat(logger.captureStdio()).isTrue();
        assertThat(logger.pidAndHostname()).isTrue();
        assertThat(logger.base()).isEqualTo(parse("{\"region\": \"eu\"}"));
        assertThat(logger.messageKey()).isEqualTo("message");
        assertThat(logger.customLevels()).isEqualTo(Map.of("audit", 35));
    }

    @Test
    void nullBaseRemovesPidAndHostname() {
        LoggerConfig logger = LoggerConfig.from(parse("{\"base\": null}"));

        assertThat(logger.pidAndHostname()).isFalse();
        assertThat(logger.base().isEmpty()).isTrue();
    }

    @Test
    void singleTransportIsOneTarget() {
        LoggerConfig logger = LoggerConfig.from(parse(
                "{\"transport\": {\"target\": \"pino/file\", \"options\": {\"destination\": \"app.log\"}}}"));

        assertThat(logger.transportTargets()).containsExactly(
                new LoggerConfig.Target("pino/file", parse("{\"destination\": \"app.log\"}"), Optional.empty()));
        assertThat(logger.transportOptions().isEmpty()).isTrue();
    }

    @Test
    void targetsKeepTheirLevelsAndSharedOptions() {
        LoggerConfig logger = LoggerConfig.from(parse("""
                {"transport": {"targets": [{"target": "pino-pretty", "level": "info"}, {"target": "file", "options": {"a": 1}}],
                               "options": {"destination": 1}}}
                """));

        assertThat(logger.transportTargets()).containsExactly(
                new LoggerConfig.Target("pino-pretty", parse("{}"), Optional.of("info")),
                new LoggerConfig.Target("file", parse("{\"a\": 1}"), Optional.empty()));
        assertThat(logger.transportOptions()).isEqualTo(parse("{\"destination\": 1}"));
    }
}
