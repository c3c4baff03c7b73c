package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.protocol.RtException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
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

    @Test
    void pruningKeepsTheCurrentTheThreeMostRecentlyUsedOthersAndAnyUsedWithinTheHour() throws IOException {
        Path cache = dir.resolve("cache");
        Instant now = Instant.parse("2026-11-22T12:00:00Z");
        Path current = agentDirectory(cache, "1.3-current", now.minus(Duration.ofDays(40)));
        Path[] others = new Path[6];
        for (int i = 0; i < others.length; i++) { // others[0] used 2 hours ago, others[5] 7 hours ago
            others[i] = agentDirectory(cache, "1.2-build" + i, now.minus(Duration.ofHours(2 + i)));
        }
        Path alsoRecent = agentDirectory(cache, "1.1-also-recent", now.minus(Duration.ofMinutes(50)));
        Path recent = agentDirectory(cache, "1.1-recent", now.minus(Duration.ofMinutes(40)));
        Path notAnAgent = Files.createDirectories(cache.resolve("notes"));
        Files.setLastModifiedTime(notAnAgent, FileTime.from(now.minus(Duration.ofDays(90))));
        Path launcherArchive = Files.createFile(cache.resolve("cli-123-version.jsa"));

        AgentJar.prune(cache, current, now);

        assertThat(current).isDirectory();
        assertThat(recent).as("used within the hour").isDirectory();
        assertThat(alsoRecent).as("used within the hour").isDirectory();
        assertThat(others[0]).as("with the two above, the three most recently used").isDirectory();
        assertThat(others[1]).doesNotExist();
        assertThat(others[2]).doesNotExist();
        assertThat(others[3]).doesNotExist();
        assertThat(others[5]).doesNotExist();
        assertThat(notAnAgent).isDirectory();
        assertThat(launcherArchive).isRegularFile();
    }

    @Test
    void aRemovedCopyIsPutBackWhereItWas() throws IOException {
        byte[] agent = "the agent".getBytes();
        URL inJar = resourceInJar(dir.resolve("cli.jar"), agent);
        Path cache = dir.resolve("cache");
        Path jar = AgentJar.extract(inJar, cache, "1.0");
        Files.delete(jar);
        Files.delete(jar.getParent());

        AgentJar.restore(jar, () -> extractUnchecked(inJar, cache));

        assertThat(jar).hasBinaryContent(agent);
    }

    @Test
    void aRemovedCopyThatComesBackElsewhereIsAnError() throws IOException {
        Path cache = dir.resolve("cache");
        Path jar = AgentJar.extract(resourceInJar(dir.resolve("old.jar"), "old build".getBytes()), cache, "1.0");
        Files.delete(jar);
        URL rebuilt = resourceInJar(dir.resolve("new.jar"), "new build".getBytes());

        assertThatThrownBy(() -> AgentJar.restore(jar, () -> extractUnchecked(rebuilt, cache)))
                .isInstanceOf(RtException.class)
                .hasMessageContaining(jar + " has been removed")
                .hasMessageContaining("restart rt");
    }

    private static Path extractUnchecked(URL resource, Path cache) {
        try {
            return AgentJar.extract(resource, cache, "1.0");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path agentDirectory(Path cache, String name, Instant lastUsed) throws IOException {
        Path directory = Files.createDirectories(cache.resolve(name));
        Files.writeString(directory.resolve(AgentJar.FILE_NAME), name);
        Files.writeString(directory.resolve("worker.jsa"), "archive");
        Files.setLastModifiedTime(directory, FileTime.from(lastUsed));
        return directory;
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
