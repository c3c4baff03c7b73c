package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.testing.TestContext;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a java.jar in the service directory and reading its Main-Class, with the errors when either fails. */
class JarMainClassTest {
    @TempDir
    Path dir;

    private TestContext context() {
        return new TestContext(dir);
    }

    @Test
    void mainClassIsReadFromTheManifestOfTheJarInTheServiceDirectory() throws Exception {
        Files.createDirectories(dir.resolve("lib"));
        TestJars.writeJar(dir.resolve("lib/app.jar"), "com.acme.Main");

        Path jar = JarMainClass.locate("lib/app.jar", context());

        assertThat(jar).isEqualTo(dir.resolve("lib/app.jar"));
        assertThat(JarMainClass.read(jar, context())).isEqualTo("com.acme.Main");
    }

    @Test
    void missingJarIsNamedWithWhereItWasLookedFor() {
        assertThatThrownBy(() -> JarMainClass.locate("app.jar", context()))
                .isInstanceOf(dev.rt.kind.KindException.class)
                .hasMessage("the jar " + dir.resolve("app.jar") + " named by java.jar of service \"api\" does not"
                        + " exist (java.jar is relative to " + dir + ")");
    }

    @Test
    void jarWithoutMainClassIsRejectedNamingTheJar() throws Exception {
        Path jar = dir.resolve("lib.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out,
                new Manifest())) {
            jarOut.flush();
        }

        assertThatThrownBy(() -> JarMainClass.read(jar, context()))
                .hasMessage("the jar " + jar + " named by java.jar of service \"api\" has no Main-Class in its"
                        + " manifest; build it as a runnable jar or use java.main with the class that starts the"
                        + " application");
    }
}
