package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt service start} and {@code rt service compile}, run as a user runs them. */
class ServiceCommandsIT {
    @TempDir
    Path dir;

    @Test
    void serviceStartRunsTheServiceAloneOnItsOwnServerSettings() throws Exception {
        try (Runtime rt = Runtime.startCommand(List.of("service", "start", "-c",
                Runtime.TESTDATA.resolve("services/envelope/rt.json").toString())).awaitListening(Duration.ofSeconds(60))) {
            assertThat(rt.get("/greeting").body()).isEqualTo("{\"greeting\":\"hello\"}");
        }
    }

    @Test
    void serviceCompileRunsTheProjectsMavenBuild() throws Exception {
        Files.writeString(dir.resolve("pom.xml"), "<project/>");
        Path mvnw = dir.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\necho \"$@\" > build-args.txt\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(rt("service", "compile", "-c", dir.toString())).isZero();
        assertThat(Files.readString(dir.resolve("build-args.txt")).strip()).isEqualTo("-B -q -DskipTests package");
        assertThat(rt("service", "compile", "--clean", "-c", dir.toString())).isZero();
        assertThat(Files.readString(dir.resolve("build-args.txt")).strip()).isEqualTo("-B -q -DskipTests clean package");
    }

    @Test
    void serviceCompileWithoutABuildSaysWhatToAdd() throws Exception {
        Process process = command("service", "compile", "-c", dir.toString());
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(err).contains("rt: " + dir + " has no pom.xml, build.gradle or build.gradle.kts");
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
