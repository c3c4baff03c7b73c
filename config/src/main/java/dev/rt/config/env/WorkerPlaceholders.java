package dev.rt.config.env;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Placeholders that stand for what rt gives each worker: {@code {PORT}} (the port offered to that worker, picked
 * when it is launched), {@code {RT_WORKER_ID}} (its index) and {@code {RT_SERVICE_ID}}. In what a worker receives
 * (a service's {@code arguments}, {@code env}, {@code nodeOptions}/{@code jvmOptions}, and the runtime's
 * {@code env}) they are left in place when the configuration loads and replaced when each worker is launched, by
 * the values the worker finds in its environment. ({@code {RT_ROOT}} has its value when the configuration loads.)
 *
 * <p>Such a value is a template, where only these names mean something: {@code \{PORT}} in it stands for a literal
 * {@code {PORT}} (the escape survives loading and is removed at launch), and {@code ${PORT}}, the syntax of many
 * applications' own configuration, is never touched.
 */
public final class WorkerPlaceholders {
    public static final String PORT = "PORT";
    public static final String WORKER_ID = "RT_WORKER_ID";
    public static final String SERVICE_ID = "RT_SERVICE_ID";
    /** The names, in the order the README lists them. */
    public static final List<String> NAMES = List.of(PORT, WORKER_ID, SERVICE_ID);

    private static final Set<String> NAME_SET = Set.copyOf(NAMES);
    /** {@code \{NAME}}, {@code ${NAME}} and {@code {NAME}}: group 1 the backslash, 2 the dollar, 3 the name. */
    static final Pattern PLACEHOLDER = Pattern.compile("(\\\\)?(\\$)?\\{([A-Za-z0-9_]+)}");
    /** The opening brace of a worker placeholder. */
    private static final Pattern WORKER_PLACEHOLDER_START = Pattern.compile(
            "\\{(?=(" + String.join("|", NAMES) + ")})");
    private static final Pattern WORKER_VALUE = Pattern.compile(
            "/(services|applications|web)/\\d+/(arguments/\\d+|env/[^/]+|nodeOptions|jvmOptions(/\\d+)?)"
                    + "|/autoload/mappings/[^/]+/(arguments/\\d+|nodeOptions|jvmOptions(/\\d+)?)"
                    + "|/env/[^/]+");

    private WorkerPlaceholders() {
    }

    /** Whether the string at {@code pointer} of a runtime configuration is something a worker receives. */
    public static boolean workerValueAt(String pointer) {
        return WORKER_VALUE.matcher(pointer).matches();
    }

    static boolean isWorkerName(String name) {
        return NAME_SET.contains(name);
    }

    /** The values of one worker, by name. */
    public static Map<String, String> values(int port, int workerIndex, String serviceId) {
        return Map.of(PORT, Integer.toString(port), WORKER_ID, Integer.toString(workerIndex), SERVICE_ID, serviceId);
    }

    /** {@code template} with its worker placeholders replaced by {@code values} and its escapes removed. */
    public static String resolve(String template, Map<String, String> values) {
        if (template.indexOf('{') < 0) {
            return template;
        }
        Matcher matcher = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length());
        while (matcher.find()) {
            String name = matcher.group(3);
            String replacement;
            if (matcher.group(2) != null || !isWorkerName(name)) {
                replacement = matcher.group(); // ${NAME}, the application's own syntax, or not a worker's value
            } else if (matcher.group(1) != null) {
                replacement = "{" + name + "}";
            } else {
                replacement = values.getOrDefault(name, matcher.group());
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** Every template of {@code templates}, resolved. */
    public static List<String> resolve(List<String> templates, Map<String, String> values) {
        return templates.stream().map(template -> resolve(template, values)).toList();
    }

    /** {@code text} as a template that resolves to itself: a backslash before each worker placeholder in it. */
    static String literal(String text) {
        return text.indexOf('{') < 0 ? text : WORKER_PLACEHOLDER_START.matcher(text).replaceAll("\\\\{");
    }
}
