package dev.rt.cli.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local repository found as Maven finds it, with Maven's own stock {@code settings.xml}: the one in the
 * distribution the build's wrapper unpacked under {@code ~/.m2/wrapper}, whose {@code <localRepository>} example is
 * commented out.
 */
class LocalRepositoryLocationTest {
    private static final String REPO_EXAMPLE = "<localRepository>/path/to/local/repo</localRepository>";

    @TempDir
    Path dir;

    private Path home;
    private Path project;
    private String stock;

    /** Maven's stock settings.xml, from the distribution this build runs on. */
    private static String stockSettings() throws IOException {
        Path dists = Path.of(System.getProperty("user.home"), ".m2/wrapper/dists");
        try (Stream<Path> files = Files.walk(dists)) {
            Path settings = files.filter(f -> f.endsWith(Path.of("conf/settings.xml"))).findFirst().orElseThrow(
                    () -> new AssertionError("no Maven distribution under " + dists + ": the build runs ./mvnw"));
            return Files.readString(settings);
        }
    }

    @BeforeEach
    void layout() throws IOException {
        stock = stockSettings();
        assertThat(stock).contains(REPO_EXAMPLE);
        home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(dir.resolve("runtime/services/api"));
        Files.createDirectories(home.resolve(".m2"));
    }

    private Path find(Map<String, String> env) {
        return new LocalRepositoryLocation(home, env, project).find();
    }

    private String settingsWith(String localRepository) {
        return stock.replaceFirst("(<settings[^>]*>)", "$1" + Matcher.quoteReplacement("\n  <localRepository>"
                + localRepository + "</localRepository>"));
    }

    @Test
    void theStockSettingsCommentedExampleIsAComment() throws IOException {
        Files.writeString(home.resolve(".m2/settings.xml"), stock);
        assertThat(find(Map.of())).isEqualTo(home.resolve(".m2/repository"));
    }

    @Test
    void theUsersSettingsWinOverTheGlobalOnesAndBothAreInterpolated() throws IOException {
        Path mavenHome = Files.createDirectories(dir.resolve("maven"));
        Files.createDirectories(mavenHome.resolve("bin"));
        Files.createDirectories(mavenHome.resolve("conf"));
        Path mvn = Files.writeString(mavenHome.resolve("bin/mvn"), "#!/bin/sh\n");
        mvn.toFile().setExecutable(true);
        Map<String, String> env = Map.of("PATH", "/nowhere:" + mavenHome.resolve("bin"), "REPOS", "/srv/repos");
        Files.writeString(mavenHome.resolve("conf/settings.xml"), settingsWith("${maven.home}/shared-repository"));
        Files.writeString(home.resolve(".m2/settings.xml"), stock);
        assertThat(find(env)).isEqualTo(mavenHome.toRealPath().resolve("shared-repository"));

        Files.writeString(home.resolve(".m2/settings.xml"), settingsWith("${env.REPOS}/${user.home}/m2 <!-- a note -->"));
        assertThat(find(env)).isEqualTo(Path.of("/srv/repos/" + home + "/m2"));
        Files.writeString(home.resolve(".m2/settings.xml"), settingsWith("${env.UNSET}/repo"));
        assertThat(find(env)).as("as Maven, an unknown expression stays").isEqualTo(project.resolve("${env.UNSET}/repo"));
    }

    @Test
    void theWrappersDistributionIsTheGlobalSettingsOfAProjectWithAWrapper() throws IOException {
        Path root = project.getParent().getParent();
        Files.createDirectories(root.resolve(".mvn/wrapper"));
        Files.writeString(root.resolve(".mvn/wrapper/maven-wrapper.properties"), "distributionUrl=https://repo.maven.apache"
                + ".org/maven2/org/apache/maven/apache-maven/3.9.16/apache-maven-3.9.16-bin.zip\n");
        Files.writeString(project.resolve("mvnw"), "#!/bin/sh\n");
        Path userMaven = dir.resolve("maven-user-home");
        Path distribution = Files.createDirectories(userMaven.resolve("wrapper/dists/apache-maven-3.9.16/0a1b2c3d/conf"));
        Files.writeString(distribution.resolve("settings.xml"), settingsWith("${maven.home}/../repository"));
        assertThat(find(Map.of("MAVEN_USER_HOME", userMaven.toString())))
                .isEqualTo(userMaven.resolve("wrapper/dists/apache-maven-3.9.16/repository"));
    }

    @Test
    void commandLineDefinitionsWinInMavensOrder() throws IOException {
        Files.writeString(home.resolve(".m2/settings.xml"), settingsWith("/from/settings"));
        Path root = project.getParent().getParent();
        Files.createDirectories(root.resolve(".mvn"));
        assertThat(find(Map.of("MAVEN_OPTS", "-Xmx1g -Dmaven.repo.local=/from/opts"))).isEqualTo(Path.of("/from/opts"));
        Files.writeString(root.resolve(".mvn/maven.config"), "-B\n-D maven.repo.local=relative/repo\n");
        assertThat(find(Map.of("MAVEN_OPTS", "-Dmaven.repo.local=/from/opts"))).isEqualTo(project.resolve("relative/repo"));
        assertThat(find(Map.of("MAVEN_ARGS", "-Dmaven.repo.local=/from/args"))).isEqualTo(Path.of("/from/args"));
        Files.writeString(root.resolve(".mvn/maven.config"), "-s " + dir.resolve("other.xml") + "\n");
        Files.writeString(dir.resolve("other.xml"), settingsWith("/from/other"));
        assertThat(find(Map.of())).isEqualTo(Path.of("/from/other"));
    }

    @Test
    void settingsMavenCannotReadAreRefusedAndNoEntityIsEverRead() throws IOException {
        Files.writeString(home.resolve(".m2/settings.xml"), "<settings><localRepository>/x</settings>");
        assertThatThrownBy(() -> find(Map.of())).isInstanceOf(RtException.class)
                .hasMessageStartingWith(home.resolve(".m2/settings.xml") + ":1: Maven cannot read this settings file");
        Files.writeString(home.resolve(".m2/settings.xml"), "<!DOCTYPE settings [<!ENTITY secret SYSTEM \"file://"
                + dir.resolve("secret") + "\">]><settings><localRepository>/r/&secret;</localRepository></settings>");
        Files.writeString(dir.resolve("secret"), "hidden");
        assertThatThrownBy(() -> find(Map.of())).isInstanceOf(RtException.class).hasMessageContaining("DOCTYPE")
                .message().doesNotContain("hidden");
    }
}
