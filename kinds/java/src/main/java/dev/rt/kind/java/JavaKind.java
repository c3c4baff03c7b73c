package dev.rt.kind.java;

import dev.rt.kind.Kind;
import dev.rt.kind.KindException;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The generic kind: {@code {"java": {"classpath": [...], "build" | "jar" | "main": ...}}}. {@code build} names a
 * class whose static {@code build()} (or {@code create()}) returns an {@code HttpHandler} that rt hosts; {@code jar}
 * and {@code main} run an existing application unchanged and adopt the port it listens on.
 */
public final class JavaKind implements Kind {
    static final String NAME = "java";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configSchema() {
        try (InputStream in = JavaKind.class.getResourceAsStream("schema.json")) {
            if (in == null) {
                throw new IllegalStateException("the java kind's schema.json is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the java kind's schema", e);
        }
    }

    /** {@code java.classpath} expanded, with the {@code java.jar} first when there is one. */
    @Override
    public List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        JavaApplicationConfig java = JavaApplicationConfig.from(configuration);
        List<Path> classPath = new ArrayList<>(ClasspathResolver.resolve(serviceDirectory, java.classpath()));
        if (java.entry() == JavaApplicationConfig.Entry.JAR) {
            Path jar = serviceDirectory.resolve(java.target()).normalize();
            if (!Files.isRegularFile(jar)) {
                throw KindException.at("/java/jar", "\"" + java.target() + "\"" + (Files.isDirectory(jar)
                        ? " is a directory, not a file" : " does not exist") + " (looked for " + jar + ")");
            }
            classPath.add(0, jar);
        }
        return classPath;
    }

    /** Only a {@code build} handler's requests pass through the kind; a jar or a main class is an unmodified application. */
    @Override
    public boolean recordsRequestSpans(Map<String, Object> configuration) {
        return JavaApplicationConfig.from(configuration).entry() == JavaApplicationConfig.Entry.BUILD;
    }

    /**
     * For a {@code java.jar}, what {@code java -jar} would take from its manifest ({@link ManifestOptions}); read at
     * each worker start, so a rebuilt jar's new manifest counts from its next worker on.
     */
    @Override
    public List<String> jvmOptions(Map<String, Object> configuration, Path serviceDirectory) {
        JavaApplicationConfig java = JavaApplicationConfig.from(configuration);
        if (java.entry() != JavaApplicationConfig.Entry.JAR) {
            return List.of();
        }
        return ManifestOptions.of(serviceDirectory.resolve(java.target()).normalize());
    }

    /** A {@code build} application of this jar's own: the training worker loads what every java worker loads. */
    @Override
    public Optional<String> trainingConfiguration() {
        return Optional.of("{\"java\": {\"build\": \"" + TrainingApp.class.getName() + "\"}}");
    }

    /** A Maven project whose class's {@code build()} serves {@code GET /hello}, and a test that starts it in-process. */
    @Override
    public Optional<ProjectTemplate> projectTemplate() {
        return Optional.of(ProjectTemplate.fromResources(JavaKind.class, "create", "app", List.of()));
    }

    @Override
    public RunningApplication start(WorkerContext context) {
        return JavaLauncher.launch(JavaApplicationConfig.from(context.configuration()), context);
    }
}
