package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import dev.rt.kind.testing.TestPorts;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A composer (the gateway's older name) that runs no worker at all, in front of an application outside the runtime
 * (testdata/services/gateway-remote): its document composed under /legacy, its paths proxied under /files.
 */
class RemoteGatewayIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static RtProcess start(int originPort, String... flags) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("start"));
        arguments.addAll(List.of(flags));
        arguments.addAll(List.of("-c", RtProcess.SERVICES.resolve("gateway-remote").toString()));
        return RtProcess.fromTestdata(arguments, Map.of("LEGACY_ORIGIN", "http://127.0.0.1:" + originPort))
                .listening(LIMIT);
    }

    @Test
    void anApplicationDownAtStartIsSkippedThenPickedUpInProduction() throws Exception {
        // held (bound, not listening) until the origin takes it over: refused meanwhile, and no other program's
        TestPorts.Held held = TestPorts.refusing();
        int port = held.port();
        try (held; RtProcess rt = start(port)) {
            rt.awaitStdout("failed to fetch schema for \\\"legacy application\\\"", LIMIT);
            assertThat(rt.workerPids()).isEmpty();
            HttpResponse<String> unknown = rt.get("/legacy/items");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.body()).isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\","
                    + "\"message\":\"Route GET:/legacy/items not found\"}");
            HttpResponse<String> down = rt.get("/files/report.csv");
            assertThat(down.statusCode()).isEqualTo(502);
            assertThat(down.body()).isEqualTo("{\"statusCode\":502,\"error\":\"Bad Gateway\","
                    + "\"code\":\"RT_UPSTREAM_UNREACHABLE\",\"message\":\"The origin http://127.0.0.1:" + port
                    + " is unreachable: it refused the connection\"}");

            held.close();
            try (OriginServer origin = OriginServer.on(port, OriginServer.ITEMS)) {
                rt.awaitStdout("fetched the schema of the \\\"legacy application\\\"", LIMIT);

                assertThat(rt.get("/legacy/items").body()).isEqualTo("[{\"id\": 1}]");
                assertThat(rt.get("/documentation/json").body()).contains("\"/legacy/items\"")
                        .contains("\"legacy_listItems\"");
                assertThat(rt.get("/files/report.csv?x=1").body()).isEqualTo("{\"path\": \"/report.csv?x=1\"}");
            }
        }
    }

    @Test
    void aChangedDocumentRebuildsTheRoutesUnderLoadWithNoFailedRequest() throws Exception {
        try (OriginServer origin = OriginServer.on(0, OriginServer.ITEMS); RtProcess rt = start(origin.port(), "--dev")) {
            assertThat(rt.get("/legacy/items/7").statusCode()).isEqualTo(404);
            AtomicBoolean loading = new AtomicBoolean(true);
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            AtomicReference<String> firstFailure = new AtomicReference<>();
            List<CompletableFuture<Void>> clients = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
                clients.add(CompletableFuture.runAsync(() -> {
                    while (loading.get()) {
                        try {
                            HttpResponse<String> response = rt.get("/legacy/items");
                            if (response.statusCode() == 200 && response.body().equals("[{\"id\": 1}]")) {
                                answered.incrementAndGet();
                            } else {
                                failed.incrementAndGet();
                                firstFailure.compareAndSet(null, response.statusCode() + " " + response.body());
                            }
                        } catch (Exception e) {
                            failed.incrementAndGet();
                            firstFailure.compareAndSet(null, e.toString());
                        }
                    }
                }));
            }
            Await.atMost(LIMIT).alias("200 answers before the change").until(() -> answered.get() >= 200);

            origin.document(OriginServer.ITEMS + ", " + OriginServer.ITEM);
            rt.awaitStdout("detected applications changes", LIMIT);
            int atChange = answered.get();
            // the change waits for the requests in flight: 200 more answers show the routes rebuilt under load
            Await.atMost(LIMIT).alias("200 answers after the change").until(() -> answered.get() >= atChange + 200);
            loading.set(false);
            CompletableFuture.allOf(clients.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

            assertThat(failed.get()).as(String.valueOf(firstFailure.get())).isZero();
            assertThat(rt.get("/legacy/items/7").body()).isEqualTo("{\"id\": 7}");
            assertThat(rt.get("/documentation/json").body()).contains("\"legacy_getItem\"");
            assertThat(rt.workerPids()).isEmpty();
        }
    }
}
