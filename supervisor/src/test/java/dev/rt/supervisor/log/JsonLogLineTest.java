package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonLogLineTest {
    @Test
    void aPinoLineIsALogLineWithItsLevelMessageTimePidAndNestedValuesSkipped() {
        JsonLogLine line = JsonLogLine.read("{\"level\":40,\"time\":1700000000000,\"pid\":7,\"req\":{\"msg\":\"inner\","
                + "\"level\":\"x\"},\"msg\":\"outer\",\"name\":\"api\"}", "msg").orElseThrow();
        assertThat(line).isEqualTo(new JsonLogLine(true, 40, "outer", 1700000000000L, 7, true, false, ""));
    }

    @Test
    void aLibrarysLineCarriesItsLoggerNameWhichThePrettyOutputShowsBeforeTheMessage() {
        JsonLogLine line = JsonLogLine.read("{\"level\":50,\"logger\":\"com.zaxxer.hikari.pool.HikariPool\","
                + "\"msg\":\"HikariPool-1 - Exception during pool initialization.\"}", "msg").orElseThrow();
        assertThat(line.logger()).isEqualTo("com.zaxxer.hikari.pool.HikariPool");
        assertThat(line.shown()).isEqualTo("[com.zaxxer.hikari.pool.HikariPool] HikariPool-1 - Exception during pool "
                + "initialization.");
        assertThat(JsonLogLine.read("{\"level\":30,\"logger\":{\"x\":1},\"msg\":\"m\"}", "msg").orElseThrow().shown())
                .isEqualTo("m");
    }

    @Test
    void aStringTimeIsAcceptedAndAnyOtherTimeMakesItNoLogLine() {
        assertThat(JsonLogLine.read("{\"level\":30,\"time\":\"2024-01-01T00:00:00Z\",\"msg\":\"m\"}", "msg").orElseThrow()
                .logLine()).isTrue();
        assertThat(JsonLogLine.read("{\"level\":30,\"time\":true,\"msg\":\"m\"}", "msg").orElseThrow().logLine()).isFalse();
    }

    @Test
    void withoutANumericLevelOrAStringMessageUnderTheKeyItIsAnObjectButNoLogLine() {
        assertThat(JsonLogLine.read("{\"level\":\"info\",\"msg\":\"m\"}", "msg").orElseThrow().logLine()).isFalse();
        assertThat(JsonLogLine.read("{\"level\":30,\"msg\":\"m\"}", "message").orElseThrow().logLine()).isFalse();
        assertThat(JsonLogLine.read("{}", "msg").orElseThrow().logLine()).isFalse();
    }

    @Test
    void textThatIsNotExactlyOneObjectIsNotJson() {
        assertThat(JsonLogLine.read("{\"level\":30,\"msg\":\"m\"} trailing", "msg")).isEmpty();
        assertThat(JsonLogLine.read("{\"level\":30,\"msg\":\"m\"}{}", "msg")).isEmpty();
        assertThat(JsonLogLine.read("{not json}", "msg")).isEmpty();
        assertThat(JsonLogLine.read("[1,2]", "msg")).isEmpty();
    }
}
