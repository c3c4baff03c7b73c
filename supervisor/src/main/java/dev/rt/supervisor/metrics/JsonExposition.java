package dev.rt.supervisor.metrics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Label;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;

/**
 * The metrics as JSON, one object per family:
 * {@code [{name, help, type, aggregator, values: [{value, labels, metricName?}]}]}. Names are the exposition
 * names ({@code _total} on counters, {@code _info} on info); histogram buckets are cumulative with an
 * {@code le} label and {@code metricName} {@code <name>_bucket}, followed by {@code _sum} and {@code _count};
 * summaries list their quantiles, then {@code _sum} and {@code _count}. JSON has no NaN or infinities: those
 * values are the strings {@code "NaN"}, {@code "+Inf"} and {@code "-Inf"}.
 */
final class JsonExposition {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonExposition() {
    }

    static String write(MetricSnapshots snapshots) {
        ArrayNode families = MAPPER.createArrayNode();
        for (MetricSnapshot snapshot : snapshots) {
            String name = snapshot.getMetadata().getPrometheusName();
            ObjectNode family = families.addObject();
            ArrayNode values = MAPPER.createArrayNode();
            String type = "untyped";
            if (snapshot instanceof CounterSnapshot counter) {
                type = "counter";
                name = name + "_total";
                counter.getDataPoints().forEach(p -> value(values, p.getValue(), p.getLabels(), null));
            } else if (snapshot instanceof GaugeSnapshot gauge) {
                type = "gauge";
                gauge.getDataPoints().forEach(p -> value(values, p.getValue(), p.getLabels(), null));
            } else if (snapshot instanceof HistogramSnapshot histogram) {
                type = "histogram";
                for (HistogramSnapshot.HistogramDataPointSnapshot point : histogram.getDataPoints()) {
                    long cumulative = 0;
                    for (ClassicHistogramBucket bucket : point.getClassicBuckets()) {
                        cumulative += bucket.getCount();
                        value(values, cumulative, point.getLabels().add("le", number(bucket.getUpperBound())),
                                name + "_bucket");
                    }
                    totals(values, name, point.getSum(), point.getCount(), point);
                }
            } else if (snapshot instanceof SummarySnapshot summary) {
                type = "summary";
                for (SummarySnapshot.SummaryDataPointSnapshot point : summary.getDataPoints()) {
                    for (Quantile quantile : point.getQuantiles()) {
                        value(values, quantile.getValue(),
                                point.getLabels().add("quantile", number(quantile.getQuantile())), null);
                    }
                    totals(values, name, point.getSum(), point.getCount(), point);
                }
            } else if (snapshot instanceof InfoSnapshot info) {
                type = "info";
                name = name + "_info";
                info.getDataPoints().forEach(p -> value(values, 1, p.getLabels(), null));
            } else if (snapshot instanceof UnknownSnapshot unknown) {
                unknown.getDataPoints().forEach(p -> value(values, p.getValue(), p.getLabels(), null));
            }
            family.put("name", name);
            family.put("help", snapshot.getMetadata().getHelp() == null ? "" : snapshot.getMetadata().getHelp());
            family.put("type", type);
            family.put("aggregator", "sum");
            family.set("values", values);
        }
        try {
            return MAPPER.writeValueAsString(families);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the metrics as JSON", e);
        }
    }

    private static void totals(ArrayNode values, String name, double sum, long count, DataPointSnapshot point) {
        value(values, sum, point.getLabels(), name + "_sum");
        value(values, count, point.getLabels(), name + "_count");
    }

    private static void value(ArrayNode values, double value, Labels labels, String metricName) {
        ObjectNode entry = values.addObject();
        if (Double.isFinite(value)) {
            entry.put("value", value);
        } else {
            entry.put("value", number(value));
        }
        ObjectNode labelObject = entry.putObject("labels");
        for (Label label : labels) {
            labelObject.put(label.getName(), label.getValue());
        }
        if (metricName != null) {
            entry.put("metricName", metricName);
        }
    }

    /** A number as the text format writes it in a label: {@code +Inf}, {@code -Inf}, {@code NaN} or the decimal. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        return Double.toString(value);
    }
}
