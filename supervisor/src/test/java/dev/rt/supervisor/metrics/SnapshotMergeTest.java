package dev.rt.supervisor.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.MetricFamily;
import dev.rt.protocol.MetricSample;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Families from several workers and the supervisor become one block each, in client_java's text format. */
class SnapshotMergeTest {
    private static List<MetricFamily> worker(double threads, double cpu) {
        return List.of(
                new MetricFamily("jvm_threads_current", "Current thread count", "", MetricFamily.GAUGE,
                        List.of(MetricSample.of(Map.of(), threads))),
                new MetricFamily("process_cpu_seconds", "CPU time", "seconds", MetricFamily.COUNTER,
                        List.of(MetricSample.of(Map.of(), cpu))),
                new MetricFamily("jvm_gc_collection_seconds", "GC time", "seconds", MetricFamily.SUMMARY,
                        List.of(new MetricSample(Map.of("gc", "G1 \"Young\"\n"), 0, 3, 0.5, List.of(),
                                List.of(new MetricSample.Quantile(0.5, Double.NaN))))),
                new MetricFamily("jvm_runtime", "JVM runtime info", "", MetricFamily.INFO,
                        List.of(MetricSample.of(Map.of("version", "17"), 1))),
                new MetricFamily("lookup_seconds", "", "seconds", MetricFamily.HISTOGRAM,
                        List.of(new MetricSample(Map.of(), 0, 3, 0.3, List.of(new MetricSample.Bucket(0.1, 2),
                                new MetricSample.Bucket(Double.POSITIVE_INFINITY, 1)), List.of()))));
    }

    @Test
    void oneBlockPerFamilyWithEveryWorkersSamplesLabelled() {
        SnapshotMerge merge = new SnapshotMerge();
        merge.add(WireSnapshots.of(worker(12, 1.5), "api", 0));
        merge.add(WireSnapshots.of(worker(14, 2.5), "api", 1));
        merge.add(new CounterSnapshot(new MetricMetadata("process_cpu_seconds", "CPU time"),
                List.of(new CounterSnapshot.CounterDataPointSnapshot(9, Labels.EMPTY, null, 0))));

        String text = MetricsAggregator.text(merge.result());

        assertThat(text.split("# TYPE jvm_threads_current gauge", -1)).hasSize(2);
        assertThat(text.split("# HELP process_cpu_seconds_total CPU time", -1)).hasSize(2);
        assertThat(text).contains(
                "jvm_threads_current{serviceId=\"api\",workerId=\"0\"} 12.0\n",
                "jvm_threads_current{serviceId=\"api\",workerId=\"1\"} 14.0\n",
                "process_cpu_seconds_total 9.0\n",
                "process_cpu_seconds_total{serviceId=\"api\",workerId=\"1\"} 2.5\n",
                "jvm_gc_collection_seconds{gc=\"G1 \\\"Young\\\"\\n\",serviceId=\"api\",workerId=\"0\",quantile=\"0.5\"} NaN\n",
                "jvm_gc_collection_seconds_count{gc=\"G1 \\\"Young\\\"\\n\",serviceId=\"api\",workerId=\"1\"} 3\n",
                "jvm_runtime_info{serviceId=\"api\",version=\"17\",workerId=\"0\"} 1\n",
                "lookup_seconds_bucket{serviceId=\"api\",workerId=\"1\",le=\"0.1\"} 2\n",
                "lookup_seconds_bucket{serviceId=\"api\",workerId=\"1\",le=\"+Inf\"} 3\n");
    }

    @Test
    void aFamilyOfAnotherTypeUnderAKnownNameIsLeftOut() {
        SnapshotMerge merge = new SnapshotMerge();
        merge.add(WireSnapshots.of(worker(12, 1.5), "api", 0));
        merge.add(WireSnapshots.of(List.of(new MetricFamily("jvm_threads_current", "", "", MetricFamily.COUNTER,
                List.of(MetricSample.of(Map.of(), 99)))), "api", 1));

        String text = MetricsAggregator.text(merge.result());

        assertThat(text).contains("# TYPE jvm_threads_current gauge").doesNotContain("99.0");
    }

    @Test
    void familiesTheTextFormatCannotCarryAreLeftOutAndTheWorkersOwnIdentityLabelsReplaced() {
        List<MetricFamily> families = List.of(
                new MetricFamily("bad name!", "", "", MetricFamily.GAUGE, List.of(MetricSample.of(Map.of(), 1))),
                new MetricFamily("bad_label", "", "", MetricFamily.GAUGE, List.of(MetricSample.of(Map.of("a-b", "1"), 1))),
                new MetricFamily("taken", "", "", MetricFamily.GAUGE, List.of(MetricSample.of(Map.of("workerId", "x"), 1))),
                new MetricFamily("fine", "", "", MetricFamily.GAUGE, List.of(MetricSample.of(Map.of(), 1))));

        var snapshots = WireSnapshots.of(families, "api", 0);

        assertThat(snapshots).extracting(s -> s.getMetadata().getName()).containsExactly("taken", "fine");
        assertThat(snapshots.get(0).getDataPoints().get(0).getLabels().get("workerId")).isEqualTo("0");
    }

    @Test
    void jsonHasThePromClientShapeWithCumulativeBuckets() throws Exception {
        SnapshotMerge merge = new SnapshotMerge();
        merge.add(WireSnapshots.of(worker(12, 1.5), "api", 0));

        var families = new com.fasterxml.jackson.databind.ObjectMapper().readTree(JsonExposition.write(merge.result()));

        var byName = new java.util.HashMap<String, com.fasterxml.jackson.databind.JsonNode>();
        families.forEach(f -> byName.put(f.get("name").asText(), f));
        assertThat(byName).containsKeys("jvm_threads_current", "process_cpu_seconds_total", "jvm_runtime_info",
                "lookup_seconds", "jvm_gc_collection_seconds");
        var buckets = byName.get("lookup_seconds").get("values");
        assertThat(buckets.get(1).get("value").asDouble()).isEqualTo(3.0);
        assertThat(buckets.get(1).get("labels").get("le").asText()).isEqualTo("+Inf");
        assertThat(buckets.get(1).get("metricName").asText()).isEqualTo("lookup_seconds_bucket");
        assertThat(buckets.get(2).get("metricName").asText()).isEqualTo("lookup_seconds_sum");
        assertThat(byName.get("jvm_gc_collection_seconds").get("values").get(0).get("value").asText()).isEqualTo("NaN");
        assertThat(byName.get("jvm_threads_current").get("values").get(0).get("labels").get("workerId").asText())
                .isEqualTo("0");
    }
}
