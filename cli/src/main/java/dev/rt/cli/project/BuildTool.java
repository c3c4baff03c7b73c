package dev.rt.cli.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a service's project is built: Maven ({@code pom.xml}; its {@code mvnw} when it has one) or Gradle
 * ({@code build.gradle[.kts]}; its {@code gradlew}). A {@code packageManager} (the service entry's, or
 * {@code -P}) names the executable instead: one whose name holds {@code gradle} is run as Gradle, any other as Maven.
 */
public record BuildTool(boolean gradle, String executable) {

    /** The tool of the project in {@code directory}; empty when it has no build. */
    public static Optional<BuildTool> of(Path directory, Optional<String> packageManager) {
        if (packageManager.isPresent()) {
            String executable = packageManager.get();
            return Optional.of(new BuildTool(Path.of(executable).getFileName().toString().toLowerCase(Locale.ROOT)
                    .contains("gradle"), executable));
        }
        if (Files.isRegularFile(directory.resolve("pom.xml"))) {
            return Optional.of(new BuildTool(false, wrapper(directory, "mvnw").orElse("mvn")));
        }
        if (Files.isRegularFile(directory.resolve("build.gradle")) || Files.isRegularFile(directory.resolve("build.gradle.kts"))) {
            return Optional.of(new BuildTool(true, wrapper(directory, "gradlew").orElse("gradle")));
        }
        return Optional.empty();
    }

    private static Optional<String> wrapper(Path directory, String name) {
        Path script = directory.resolve(name);
        return Files.isRegularFile(script) ? Optional.of(script.toAbsolutePath().toString()) : Optional.empty();
    }

    /** Builds the project, tests skipped: {@code package} ({@code clean package}) or {@code build -x test}. */
    public List<String> build(boolean clean) {
        List<String> command = new ArrayList<>(List.of(executable));
        if (gradle) {
            command.addAll(List.of("-q", "--console=plain"));
            if (clean) {
                command.add("clean");
            }
            command.addAll(List.of("build", "-x", "test"));
        } else {
            command.addAll(List.of("-B", "-ntp", "-q", "-DskipTests"));
            if (clean) {
                command.add("clean");
            }
            command.add("package");
        }
        return command;
    }

    /**
     * Fetches what the project needs into the local repository, so that its build and start run offline afterwards:
     * every dependency and plugin, or with {@code production} only what the service needs at run time.
     */
    public List<String> install(boolean production) {
        if (gradle) {
            return List.of(executable, "-q", "--console=plain", "dependencies", "--configuration",
                    production ? "runtimeClasspath" : "testRuntimeClasspath");
        }
        return production ? List.of(executable, "-B", "-ntp", "-q", "dependency:resolve", "-DincludeScope=runtime")
                : List.of(executable, "-B", "-ntp", "-q", "dependency:go-offline");
    }

    /** How messages name it. */
    public String describe() {
        return gradle ? "Gradle" : "Maven";
    }
}
