package dev.rt.cli.create;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.Kinds;
import dev.rt.kind.ProjectTemplate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options a kind's project template adds to a {@code create} command ({@code rt db create --connection-string}),
 * made into picocli options from the template: a flag is {@code --<name>[=<boolean>]} and {@code --no-<name>}, any
 * other option {@code --<name> <value>}; each also answers to its camel-case spelling ({@code --connectionString}).
 */
final class KindOptions {
    private KindOptions() {
    }

    /** Adds the options of {@code kind}'s project template to {@code spec}, when the kind is installed and has one. */
    static void addInstalled(CommandSpec spec, String kind) {
        Kinds.installed().find(kind).flatMap(k -> k.kind().projectTemplate())
                .ifPresent(template -> addTo(spec, kind, template.options()));
    }

    /** Adds {@code options} to {@code spec}, skipping those already there (two kinds with the same option). */
    static void addTo(CommandSpec spec, String kind, List<ProjectTemplate.Option> options) {
        for (ProjectTemplate.Option option : options) {
            if (spec.findOption(longName(option)) != null) {
                continue;
            }
            OptionSpec.Builder builder = OptionSpec.builder(names(option))
                    .description(option.description() + " (" + kind + " only)")
                    .defaultValue(option.defaultValue());
            if (option.flag()) {
                builder.type(boolean.class).arity("0..1").fallbackValue("true").negatable(true).paramLabel("<boolean>");
            } else {
                builder.type(String.class).arity("1").paramLabel("<" + option.name() + ">");
            }
            spec.addOption(builder.build());
        }
    }

    /**
     * The values of {@code options} as parsed (defaults where not given), by option name; an option of another kind's
     * given on the command line is refused.
     */
    static Map<String, String> values(CommandSpec spec, String kind, List<ProjectTemplate.Option> options) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        List<String> own = options.stream().map(KindOptions::longName).toList();
        for (OptionSpec option : spec.options()) {
            if (option.userObject() == null && java.util.Arrays.stream(option.names()).noneMatch(own::contains) && parsed != null
                    && parsed.hasMatchedOption(option)) {
                throw new RtException(ErrorCode.USAGE, option.longestName() + " is not an option of the " + kind
                        + " kind's projects");
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (ProjectTemplate.Option option : options) {
            Object value = spec.findOption(longName(option)).getValue();
            values.put(option.name(), String.valueOf(value));
        }
        return values;
    }

    private static String[] names(ProjectTemplate.Option option) {
        String kebab = longName(option);
        String camel = "--" + option.name();
        return kebab.equals(camel) ? new String[] {kebab} : new String[] {kebab, camel};
    }

    /** {@code connectionString} → {@code --connection-string}. */
    static String longName(ProjectTemplate.Option option) {
        return "--" + option.name().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
