package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronExpressionTest {
    @Test
    void fiveFieldsRunAtSecondZero() {
        CronExpression cron = CronExpression.parse("*/15 9-17 * * mon-fri");
        assertThat(cron.seconds()).isEqualTo(bits(0));
        assertThat(cron.minutes()).isEqualTo(bits(0, 15, 30, 45));
        assertThat(cron.hours()).isEqualTo(bits(IntStream.rangeClosed(9, 17).toArray()));
        assertThat(cron.daysOfWeek()).isEqualTo(bits(1, 2, 3, 4, 5));
        assertThat(cron.restrictsDayOfWeek()).isTrue();
        assertThat(cron.restrictsDayOfMonth()).isFalse();
    }

    @Test
    void sixFieldsStartWithSeconds() {
        CronExpression cron = CronExpression.parse("5/20 0 0 1,15 jan,jul *");
        assertThat(cron.seconds()).isEqualTo(bits(5, 25, 45));
        assertThat(cron.daysOfMonth()).isEqualTo(bits(1, 15));
        assertThat(cron.months()).isEqualTo(bits(1, 7));
    }

    @Test
    void sundayIsZeroOrSevenAndPresetsStandForTheirExpressions() {
        assertThat(CronExpression.parse("0 0 * * 7").daysOfWeek()).isEqualTo(bits(0));
        assertThat(CronExpression.parse("0 0 * * 5-7").daysOfWeek()).isEqualTo(bits(0, 5, 6));
        assertThat(CronExpression.parse("@weekends").daysOfWeek()).isEqualTo(bits(0, 6));
        assertThat(CronExpression.parse("@secondly").seconds().cardinality()).isEqualTo(60);
        assertThat(CronExpression.parse("@Daily").hours()).isEqualTo(bits(0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "* * * *|too few fields (five: minute hour day-of-month month day-of-week, or six with seconds first)",
        "* * * * * * *|too many fields (five: minute hour day-of-month month day-of-week, or six with seconds first)",
        "0 25 * * *|the hour field's value 25 is out of range [0, 23]",
        "*/0 * * * *|the minute field has a step of zero",
        "30-10 * * * *|the minute field has an inverted range: 30-10",
        "0 0 ? * *|the day-of-month field cannot be parsed: \"?\"",
        "0 0 L * *|unknown name \"l\"",
        "0 0 1* * *|the day-of-month field has a misplaced *: 1*",
        "0 0 * * monday|unknown name \"day\""})
    void whatTheParserRefusesItSaysWhy(String expression, String reason) {
        assertThatThrownBy(() -> CronExpression.parse(expression)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(reason);
    }

    private static BitSet bits(int... values) {
        BitSet set = new BitSet();
        IntStream.of(values).forEach(set::set);
        return set;
    }
}
