package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt service start} and {@code rt service compile} (javac in-process), run as a user runs them. */
class ServiceCommandsIT {
    @TempDir
    Path dir;

    @Test
    void serviceStartRunsTheServiceAloneOnItsOwnServerSettings() throws Exception {
        try (RtProcess rt = RtProcess.fromTestdata(List.of("service", "start", "-c",
                RtProcess.SERVICES.resolve("envelope/rt.json").toString()), Map.of()).listening(Duration.ofSeconds(60))) {
            assertThat(rt.get("/greeting").body()).isEqualTo("{\"greeting\":\"hello\"}");
        }
    }

    @Test
    void serviceCompileCompilesThePluginSourcesInProcessAgainstTheKindsJars() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"}");
        Path source = Files.createDirectories(dir.resolve("src/main/java/acme")).resolve("Hi.java");
        Files.writeString(source, "package acme;\npublic final class Hi implements dev.rt.service.ServicePlugin {\n"
                + "    public void register(dev.rt.service.ServiceContext service) {\n"
                + "        service.get(\"/hi\").handler(ctx -> ctx.json(new io.vertx.core.json.JsonObject()));\n    }\n}\n");
        Files.createDirectories(dir.resolve("src/main/resources/META-INF/services"));
        Files.writeString(dir.resolve("src/main/resources/META-INF/services/dev.rt.service.ServicePlugin"), "acme.Hi\n");
        assertThat(rt("service", "compile", "-c", dir.toString())).isZero();
        assertThat(dir.resolve("target/classes/acme/Hi.class")).isRegularFile();
        assertThat(dir.resolve("target/classes/META-INF/services/dev.rt.service.ServicePlugin")).hasContent("acme.Hi");

        Files.writeString(source, Files.readString(source).replace("ctx.json", "ctx.jsn"));
        Process broken = command("service", "compile", "--clean", "-c", dir.toString());
        String err = new String(broken.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(broken.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(broken.exitValue()).isEqualTo(1);
        assertThat(err).contains("compilation failed", "src/main/java/acme/Hi.java:4: error:");
        assertThat(dir.resolve("target/classes/acme/Hi.class")).doesNotExist();
    }

    @Test
    void serviceCompileWithoutSourcesSaysSo() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"}");
        Process process = command("service", "compile", "-c", dir.toString());
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(err).contains("rt: nothing to compile: no src/main/java in " + dir);
    }

    private int rt(String... args) throws Exception {
        Process process = command(args);
        process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return process.exitValue();
    }

    private Process command(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", System.getProperty("rt.cli.jar")));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).start();
    }
}
