package dev.rt.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code rt build --image} of the demo (testdata/demo) onto a Debian base with a JRE, with no container engine: the same
 * input gives the same digest and the same bytes; podman runs the image as a non-root user, it answers, and {@code
 * podman stop} stops it cleanly within the graceful-shutdown time; {@code podman kube play} runs the manifests of
 * {@code rt deploy kubernetes}: the pod starts, its probes pass, it serves.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ImageIT {
    static final String IMAGE = "localhost/rt-demo:it";
    private static final Duration LIMIT = Duration.ofMinutes(5);
    private static final Pattern BUILT = Pattern.compile("rt: built \\S+ (sha256:[0-9a-f]{64})");

    @RegisterExtension
    static final Podman PODMAN = new Podman();
    @RegisterExtension
    static final Hosts HOSTS = new Hosts();

    private static Path image;
    private static String digest;

    @BeforeAll
    static void buildTheImage() throws Exception {
        Files.createDirectories(Rt.WORK.resolve("images"));
        image = Rt.WORK.resolve("images/demo.tar");
        long building = System.nanoTime();
        Rt.Result built = build(image);
        System.out.println("image: rt build --image of the demo took " + (System.nanoTime() - building) / 1_000_000
                + " ms, " + Files.size(image) / (1 << 20) + " MiB");
        assertThat(built.out()).contains("/server/hostname: \"127.0.0.1\" becomes \"0.0.0.0\"",
                "layer: rt (", "layer: dependencies of greeter (1 files)", "layer: configuration (");
        digest = digest(built);
        PODMAN.run("load", "-i", image.toString()).assertOk();
    }

    private static Rt.Result build(Path tar) throws Exception {
        Files.deleteIfExists(tar);
        return Rt.run(Rt.TESTDATA.resolve("demo"), LIMIT, "build", "--image", "--no-services", "--base",
                BaseImage.tarball().toString(), "--to", IMAGE, "--tar", tar.toString()).assertOk();
    }

    private static String digest(Rt.Result built) {
        Matcher digest = BUILT.matcher(built.out());
        assertThat(digest.find()).as(built.out()).isTrue();
        return digest.group(1);
    }

    @Test
    @Order(1)
    void theSameInputGivesTheSameImageByteForByte() throws Exception {
        Path again = Rt.WORK.resolve("images/demo-again.tar");
        Rt.Result second = build(again);

        assertThat(digest(second)).isEqualTo(digest);
        assertThat(Files.mismatch(image, again)).isEqualTo(-1L);
        Files.delete(again);
    }

    @Test
    @Order(2)
    void podmanRunsItAsANonRootUserItAnswersAndItStopsCleanlyWithinTheGrace() throws Exception {
        long starting = System.nanoTime();
        PODMAN.run("run", "-d", "--name", "rt-it-demo", "-p", "127.0.0.1::3042", IMAGE).assertOk();
        String port = PODMAN.run("port", "rt-it-demo", "3042/tcp").assertOk().out().strip().replaceAll(".*:", "");
        assertThat(Http.awaitOk("http://127.0.0.1:" + port + "/hello", Duration.ofMinutes(2)).body()).isNotEmpty();
        System.out.println("image: podman run to the first 200 took " + (System.nanoTime() - starting) / 1_000_000 + " ms");
        assertThat(PODMAN.run("exec", "rt-it-demo", "id", "-u").assertOk().out().strip()).isEqualTo("10001");

        long stopping = System.nanoTime();
        PODMAN.run("stop", "--time", "30", "rt-it-demo").assertOk();
        long stopMillis = (System.nanoTime() - stopping) / 1_000_000;

        System.out.println("image: podman stop took " + stopMillis + " ms");
        assertThat(stopMillis).isLessThan(10_000); // gracefulShutdown.runtime; podman would kill at 30 s
        assertThat(PODMAN.run("inspect", "--format", "{{.State.ExitCode}}", "rt-it-demo").assertOk().out().strip())
                .isEqualTo("0");
        Rt.Result logs = PODMAN.run("logs", "rt-it-demo").assertOk();
        assertThat(logs.out() + logs.err()).contains("Received SIGTERM, stopping the runtime", "The runtime has stopped.");
    }

    @Test
    @Order(3)
    void podmanKubePlayRunsTheManifestsThePodStartsItsProbesPassAndItServes() throws Exception {
        Path manifests = Rt.WORK.resolve("kube-play");
        Rt.run(Rt.TESTDATA.resolve("demo"), LIMIT, "deploy", "kubernetes", "--image", IMAGE, "--name", "demo",
                "--replicas", "1", "-o", manifests.toString()).assertOk();
        // one file, as kube play takes it: the configuration, then the pods
        Path play = manifests.resolve("play.yaml");
        Files.writeString(play, Files.readString(manifests.resolve("configmap.yaml")) + "---\n"
                + Files.readString(manifests.resolve("deployment.yaml")));
        String address = HOSTS.add("kube", 30);

        PODMAN.runOn("kube", "kube", "play", play.toString()).assertOk();
        try {
            String metrics = "http://" + address + ":9090";
            assertThat(Http.awaitOk(metrics + "/ready", Duration.ofMinutes(2)).body()).isEqualTo("OK");
            assertThat(Http.awaitOk(metrics + "/status", Duration.ofMinutes(1)).body()).isEqualTo("OK");
            assertThat(Http.awaitOk("http://" + address + ":3042/hello", Duration.ofMinutes(1)).body()).isNotEmpty();
            // podman runs the liveness probe as the container's health check
            assertThat(PODMAN.run("healthcheck", "run", "demo-pod-0-rt").status()).isZero();
            assertThat(PODMAN.run("exec", "demo-pod-0-rt", "cat", "/app/demo/rt.json").assertOk().out())
                    .contains("\"drain\" : 5000", "\"port\" : 9090");
        } finally {
            PODMAN.runOn("kube", "kube", "down", play.toString());
        }
    }
}
