package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that knows nothing of rt, reached through the mesh: the H2 database console
 * ({@code org.h2.tools.Server -web}, the jar from Maven Central as it is) refuses any {@code Host} but a local
 * address, against DNS rebinding. Another service calls it at {@code http://h2.rt.local/}; beside it, probes
 * report exactly the {@code Host} and {@code X-Forwarded-*} headers their workers see.
 */
class MeshUnmodifiedApplicationIT {
    @TempDir
    Path dir;

    @Test
    void h2ConsoleAnswersACallerThatNamesItByItsMeshName() throws Exception {
        Path h2 = Files.createDirectories(dir.resolve("h2"));
        Files.writeString(h2.resolve("rt.json"), "{\"java\": {\"classpath\": [\"" + Fixtures.thirdPartyJar("h2.jar")
                + "\"], \"main\": \"org.h2.tools.Server\"}}");
        String console = "{\"id\": \"h2\", \"path\": \"" + h2 + "\", \"arguments\": [\"-web\", \"-webPort\", \"0\"]}";
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe"), console,
                service("back", "probe"), service("named", "probe", "\"meshHostHeader\": \"service\""))).start()) {
            String page = rt.get("/call?url=http://h2.rt.local/").body();
            assertThat(page).startsWith("200 ").contains("<title>H2 Console</title>");

            String back = "127.0.0.1:" + rt.worker("back:0").port().getAsInt();
            assertThat(hostHeaders(rt.get("/call?url=http://back.rt.local/headers").body())).containsExactly(
                    "host: " + back, "x-forwarded-for: 127.0.0.1", "x-forwarded-host: back.rt.local",
                    "x-forwarded-proto: http");
            assertThat(hostHeaders(rt.get("/call?url=http://named.rt.local/headers").body())).containsExactly(
                    "host: named.rt.local", "x-forwarded-for: 127.0.0.1", "x-forwarded-host: named.rt.local",
                    "x-forwarded-proto: http");
            String entrypoint = URI.create(rt.url()).getAuthority();
            assertThat(hostHeaders(rt.get("/headers").body())).containsExactly("host: " + entrypoint,
                    "x-forwarded-for: 127.0.0.1", "x-forwarded-host: " + entrypoint, "x-forwarded-proto: http");
        }
    }

    /** The lines of a probe's {@code /headers} answer (sorted) that name the host or a forwarding hop. */
    private static List<String> hostHeaders(String headers) {
        return headers.lines().filter(line -> line.startsWith("host: ") || line.startsWith("x-forwarded-")).toList();
    }
}
