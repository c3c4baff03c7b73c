package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM options a java.jar's manifest asks for, as java -jar would apply them. */
class ManifestOptionsTest {
    @TempDir
    Path dir;

    @Test
    void exportsOpensNativeAccessAndALauncherAgentBecomeOptions() throws Exception {
        jar(Map.of("Add-Exports", "java.base/jdk.internal.misc", "Add-Opens",
                " java.base/java.lang   java.base/java.util ", "Enable-Native-Access", "ALL-UNNAMED",
                "Launcher-Agent-Class", "com.acme.Agent"));

        assertThat(new JavaKind().jvmOptions(Map.of("java", Map.of("jar", "app.jar")), dir)).containsExactly(
                "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED", ManifestOptions.INSTRUMENT_EXPORT);
    }

    @Test
    void entriesJavaDashJarWouldIgnoreAreLeftOut() throws Exception {
        jar(Map.of("Add-Opens", "java.base/no.such.pkg nosuch.module/x.y java.base java.base/java.lang/extra",
                "Enable-Native-Access", "com.acme.module"));

        assertThat(new JavaKind().jvmOptions(Map.of("java", Map.of("jar", "app.jar")), dir)).isEmpty();
    }

    @Test
    void onlyAJarHasAManifestToHonour() throws Exception {
        jar(Map.of("Add-Opens", "java.base/java.lang"));

        assertThat(new JavaKind().jvmOptions(Map.of("java", Map.of("main", "com.acme.Main")), dir)).isEmpty();
        assertThat(new JavaKind().jvmOptions(Map.of("java", Map.of("jar", "missing.jar")), dir)).isEmpty();
    }

    private Path jar(Map<String, String> attributes) throws Exception {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.acme.Main");
        attributes.forEach(manifest.getMainAttributes()::putValue);
        Path jar = dir.resolve("app.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
            jarOut.flush();
        }
        return jar;
    }
}
