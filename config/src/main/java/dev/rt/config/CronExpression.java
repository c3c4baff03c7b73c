package dev.rt.config;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.parser.CronParser;

/** Checks scheduler {@code cron} expressions: five fields (crontab), or six with seconds first. */
final class CronExpression {
    private static final CronParser CRONTAB = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));
    private static final CronParser WITH_SECONDS = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING53));

    private CronExpression() {
    }

    static void check(ConfigNode cron, String jobName) {
        String expression = cron.requiredString().strip();
        CronParser parser = expression.split("\\s+").length == 6 ? WITH_SECONDS : CRONTAB;
        try {
            parser.parse(expression).validate();
        } catch (IllegalArgumentException e) {
            throw cron.error("invalid cron expression \"" + expression + "\" for scheduler \"" + jobName + "\": "
                    + e.getMessage() + " (five fields: minute hour day-of-month month day-of-week)");
        }
    }
}
