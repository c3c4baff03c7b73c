package dev.rt.supervisor.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.route.Upstream;
import io.netty.handler.codec.http.HttpMethod;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.net.InetSocketAddress;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HttpMetricsTest {
    private final HttpMetrics metrics = new HttpMetrics();

    private static Upstream worker(String service, int index) {
        return new Upstream(service, index, new InetSocketAddress("127.0.0.1", 1000 + index));
    }

    private String text(Set<String> started) {
        return MetricsAggregator.text(new MetricSnapshots(metrics.collect(started)));
    }

    @Test
    void eachAnswerIsCountedPerServiceWorkerMethodAndStatusInSeconds() {
        metrics.answered(worker("api", 0), HttpMethod.GET, 200, 2_000_000);
        metrics.answered(worker("api", 0), HttpMethod.GET, 200, 8_000_000);
        metrics.answered(worker("api", 1), HttpMethod.POST, 503, 30_000_000);

        String text = text(Set.of("api:0", "api:1"));

        assertThat(text).contains(
                "http_request_all_duration_seconds_count{method=\"GET\",serviceId=\"api\",status_code=\"200\",workerId=\"0\"} 2\n",
                "http_request_all_duration_seconds_sum{method=\"GET\",serviceId=\"api\",status_code=\"200\",workerId=\"0\"} 0.01\n",
                "http_request_all_duration_seconds_bucket{method=\"GET\",serviceId=\"api\",status_code=\"200\",workerId=\"0\",le=\"0.005\"} 1\n",
                "http_request_all_duration_seconds_bucket{method=\"POST\",serviceId=\"api\",status_code=\"503\",workerId=\"1\",le=\"0.025\"} 0\n",
                "http_request_all_duration_seconds_bucket{method=\"POST\",serviceId=\"api\",status_code=\"503\",workerId=\"1\",le=\"0.05\"} 1\n",
                "http_request_all_summary_seconds_count{method=\"POST\",serviceId=\"api\",status_code=\"503\",workerId=\"1\"} 1\n");
        for (String quantile : new String[] {"0.01", "0.05", "0.5", "0.9", "0.95", "0.99", "0.999"}) {
            java.util.regex.Matcher line = java.util.regex.Pattern.compile("status_code=\"503\",workerId=\"1\",quantile=\""
                    + java.util.regex.Pattern.quote(quantile) + "\"} (\\S+)\n").matcher(text);
            assertThat(line.find()).as(text).isTrue();
            assertThat(Double.parseDouble(line.group(1))).as(quantile).isCloseTo(0.03, org.assertj.core.data.Percentage.withPercentage(1));
        }
    }

    @Test
    void headOptionsTraceAndConnectAreNotCounted() {
        for (HttpMethod method : new HttpMethod[] {HttpMethod.HEAD, HttpMethod.OPTIONS, HttpMethod.TRACE,
                HttpMethod.CONNECT}) {
            metrics.answered(worker("api", 0), method, 200, 1_000_000);
        }

        assertThat(text(Set.of("api:0"))).doesNotContain("method=");
    }

    @Test
    void theSeriesOfAWorkerThatIsGoneEndAndStayCumulativeForTheOthers() {
        metrics.answered(worker("api", 0), HttpMethod.GET, 200, 1_000_000);
        metrics.answered(worker("api", 1), HttpMethod.GET, 200, 1_000_000);
        assertThat(text(Set.of("api:0", "api:1"))).contains("workerId=\"0\"", "workerId=\"1\"");

        metrics.answered(worker("api", 1), HttpMethod.GET, 200, 1_000_000);
        String afterRestart = text(Set.of("api:1", "api:2"));

        assertThat(afterRestart).doesNotContain("workerId=\"0\"").contains(
                "http_request_all_duration_seconds_count{method=\"GET\",serviceId=\"api\",status_code=\"200\",workerId=\"1\"} 2\n");
        metrics.answered(worker("api", 0), HttpMethod.GET, 200, 1_000_000); // a late answer of the gone worker
        assertThat(text(Set.of("api:0"))).contains(
                "http_request_all_duration_seconds_count{method=\"GET\",serviceId=\"api\",status_code=\"200\",workerId=\"0\"} 1\n");
    }
}
