package dev.rt.protocol;

import java.util.List;
import java.util.Objects;

/**
 * One metric family on the wire, types kept: the supervisor rebuilds Prometheus snapshots from it.
 *
 * @param name    the family name without a type suffix ({@code _total}, {@code _info}), as client_java names it
 * @param help    the help text, possibly empty
 * @param unit    the unit ({@code bytes}, {@code seconds}), empty when none
 * @param type    {@code counter}, {@code gauge}, {@code histogram}, {@code summary}, {@code info} or {@code unknown}
 * @param samples one per label set
 */
public record MetricFamily(String name, String help, String unit, String type, List<MetricSample> samples) {
    public static final String COUNTER = "counter";
    public static final String GAUGE = "gauge";
    public static final String HISTOGRAM = "histogram";
    public static final String SUMMARY = "summary";
    public static final String INFO = "info";
    public static final String UNKNOWN = "unknown";

    public MetricFamily {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(help, "help");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(type, "type");
        samples = List.copyOf(Objects.requireNonNull(samples, "samples"));
    }
}
