package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentJarTest {
    @TempDir
    Path dir;

    @Test
    void extractsTheEmbeddedJarOnceUnderItsCrcAndSize() throws IOException {
        byte[] agent = "agent bytes, version one".getBytes();
        URL inJar = resourceInJar(dir.resolve("cli.jar"), agent);
        Path cache = dir.resolve("cache");

        Path first = AgentJar.extract(inJar, cache, "1.0");
        assertThat(first).hasBinaryContent(agent);
        assertThat(first.getParent().getFileName().toString()).isEqualTo("1.0-" + Long.toHexString(crc(agent)) + "-"
                + agent.length);
        Files.setLastModifiedTime(first, FileTime.fromMillis(1_000_000));

        Path again = AgentJar.extract(inJar, cache, "1.0");
        assertThat(again).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(again).toMillis()).as("not written again").isEqualTo(1_000_000);
    }

    @Test
    void anotherBuildOfTheSameVersionGetsItsOwnCopy() throws IOException {
        Path cache = dir.resolve("cache");
        Path one = AgentJar.extract(resourceInJar(dir.resolve("a.jar"), "build one".getBytes()), cache, "1.0");
        Path two = AgentJar.extract(resourceInJar(dir.resolve("b.jar"), "build two".getBytes()), cache, "1.0");
        assertThat(two).isNotEqualTo(one);
        assertThat(one).hasContent("build one");
        assertThat(two).hasContent("build two");
    }

    @Test
    void aTruncatedCopyIsReplaced() throws IOException {
        byte[] agent = "the whole agent".getBytes();
        URL inJar = resourceInJar(dir.resolve("cli.jar"), agent);
        Path target = AgentJar.extract(inJar, dir.resolve("cache"), "1.0");
        Files.write(target, "the wh".getBytes());
        assertThat(AgentJar.extract(inJar, dir.resolve("cache"), "1.0")).hasBinaryContent(agent);
    }

    @Test
    void aResourceOutsideAJarIsIdentifiedByReadingIt() throws IOException {
        byte[] agent = "exploded classes directory".getBytes();
        Path file = Files.write(dir.resolve("rt-worker-agent.jar"), agent);
        AgentJar.Identity identity = AgentJar.identify(file.toUri().toURL());
        assertThat(identity).isEqualTo(new AgentJar.Identity(crc(agent), agent.length));
        assertThat(AgentJar.extract(file.toUri().toURL(), dir.resolve("cache"), "1.0")).hasBinaryContent(agent);
    }

    private static URL resourceInJar(Path jar, byte[] content) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry(AgentJar.RESOURCE.substring(1)));
            zip.write(content);
            zip.closeEntry();
        }
        return new URL("jar:" + jar.toUri() + "!" + AgentJar.RESOURCE);
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
