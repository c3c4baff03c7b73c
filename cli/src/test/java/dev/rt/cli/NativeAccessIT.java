package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Netty loads native libraries (io_uring, epoll, BoringSSL) from the CLI jar. From JDK 22 on, the JVM prints four
 * {@code WARNING: A restricted method ...} lines at every start unless the executable jar declares that its code
 * may do so; JDK 17 ignores the attribute. (Checked by hand on Temurin 25 with the demo; the suite runs on 17.)
 */
class NativeAccessIT {
    @Test
    void theCliJarDeclaresThatItLoadsNativeLibraries() throws Exception {
        try (JarFile jar = new JarFile(RtProcess.cliJar().toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Enable-Native-Access")).isEqualTo("ALL-UNNAMED");
        }
    }
}
