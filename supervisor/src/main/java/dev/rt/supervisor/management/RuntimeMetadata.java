package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;

/**
 * {@code GET /metadata}: {@code pid, cwd, argv, uptimeSeconds, execPath, javaVersion, rtVersion, projectDir,
 * name, configFile, url}: the supervisor process, its JVM, the version of rt, the project directory and its name,
 * and the configuration file it runs.
 * What {@code rt ps} shows.
 */
final class RuntimeMetadata {
    private static final long STARTED_AT = ProcessHandle.current().info().startInstant()
            .map(java.time.Instant::toEpochMilli).orElse(System.currentTimeMillis());

    private RuntimeMetadata() {
    }

    static ObjectNode of(ManagedRuntime runtime) {
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        ProcessHandle.Info info = ProcessHandle.current().info();
        Path projectDir = runtime.config().root().toAbsolutePath();
        metadata.put("pid", ProcessHandle.current().pid());
        metadata.put("cwd", Path.of("").toAbsolutePath().toString());
        var argv = metadata.putArray("argv");
        info.command().ifPresent(argv::add);
        info.arguments().ifPresent(arguments -> java.util.Arrays.stream(arguments).forEach(argv::add));
        metadata.put("uptimeSeconds", Math.max(0, (System.currentTimeMillis() - STARTED_AT) / 1000));
        metadata.put("execPath", info.command().orElse(""));
        metadata.put("javaVersion", System.getProperty("java.version"));
        metadata.put("rtVersion", runtime.version());
        metadata.put("projectDir", projectDir.toString());
        metadata.put("name", projectDir.getFileName() == null ? "" : projectDir.getFileName().toString());
        metadata.put("configFile", runtime.config().file().toAbsolutePath().toString());
        runtime.url().ifPresentOrElse(url -> metadata.put("url", url), () -> metadata.putNull("url"));
        return metadata;
    }
}
