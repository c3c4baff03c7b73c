package dev.rt.supervisor.log;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which worker a runtime message is about, read from the wording every such message uses
 * ({@code Worker.describe}: {@code worker 0 of the service "api"}), so that the line carries {@code name} and
 * {@code worker} without every call site passing them. The first mention counts.
 */
record WorkerMention(String serviceId, int index) {
    private static final Pattern WORDING = Pattern.compile("worker (\\d{1,9}) of the service \"([^\"]+)\"");

    static Optional<WorkerMention> in(String message) {
        if (message.indexOf("of the service \"") < 0) {
            return Optional.empty();
        }
        Matcher matcher = WORDING.matcher(message);
        return matcher.find() ? Optional.of(new WorkerMention(matcher.group(2), Integer.parseInt(matcher.group(1))))
                : Optional.empty();
    }
}
