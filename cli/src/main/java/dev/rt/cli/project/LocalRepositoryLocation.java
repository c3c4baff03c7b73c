package dev.rt.cli.project;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Where Maven keeps the local repository of a project, found as Maven finds it: {@code -Dmaven.repo.local} in
 * {@code MAVEN_ARGS}, else in the project's {@code .mvn/maven.config}, else in {@code MAVEN_OPTS}; else
 * {@code <localRepository>} of the user's settings ({@code -s}, default {@code ~/.m2/settings.xml}), else of the
 * global settings ({@code -gs}, default {@code ${maven.home}/conf/settings.xml}, the Maven the project builds with:
 * its wrapper's distribution under {@code ~/.m2/wrapper/dists}, else the {@code mvn} on the {@code PATH}); else
 * {@code ~/.m2/repository}. A relative path is the project directory's, where Maven runs.
 */
final class LocalRepositoryLocation {
    private final Path userHome;
    private final Map<String, String> env;
    private final Path project;
    private final Path root;

    LocalRepositoryLocation(Path userHome, Map<String, String> env, Path project) {
        this.userHome = userHome;
        this.env = env;
        this.project = project.toAbsolutePath().normalize();
        this.root = multiModuleRoot(this.project);
    }

    Path find() {
        List<List<String>> sources = List.of(words(env.getOrDefault("MAVEN_ARGS", "")), mavenConfig(),
                words(env.getOrDefault("MAVEN_OPTS", "")));
        Map<String, String> properties = new HashMap<>();
        for (int i = sources.size() - 1; i >= 0; i--) {
            properties.putAll(definitions(sources.get(i)));
        }
        properties.put("user.home", userHome.toString());
        Optional<Path> mavenHome = mavenHome();
        mavenHome.ifPresent(home -> properties.putIfAbsent("maven.home", home.toString()));
        if (properties.containsKey("maven.repo.local")) {
            return resolve(properties.get("maven.repo.local"));
        }
        Path userSettings = option(sources, "-s", "--settings").map(this::resolve)
                .orElse(userHome.resolve(".m2/settings.xml"));
        Optional<Path> globalSettings = option(sources, "-gs", "--global-settings").map(this::resolve)
                .or(() -> mavenHome.map(home -> home.resolve("conf/settings.xml")));
        return MavenSettingsFile.localRepository(userSettings, properties, env)
                .or(() -> globalSettings.flatMap(file -> MavenSettingsFile.localRepository(file, properties, env)))
                .map(this::resolve).orElse(userHome.resolve(".m2/repository"));
    }

    private Path resolve(String path) {
        return project.resolve(path).normalize();
    }

    /** The nearest directory holding {@code .mvn}, as Maven's {@code maven.multiModuleProjectDirectory}. */
    private static Path multiModuleRoot(Path project) {
        for (Path dir = project; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".mvn"))) {
                return dir;
            }
        }
        return project;
    }

    private List<String> mavenConfig() {
        Path config = root.resolve(".mvn/maven.config");
        try {
            return Files.isRegularFile(config) ? words(Files.readString(config)) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<String> words(String text) {
        return text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
    }

    /** The {@code -Dname=value} (or {@code -D name=value}) of the arguments; the last one of a name wins. */
    private static Map<String, String> definitions(List<String> arguments) {
        Map<String, String> properties = new HashMap<>();
        for (int i = 0; i < arguments.size(); i++) {
            String definition = arguments.get(i).equals("-D") && i + 1 < arguments.size() ? arguments.get(++i)
                    : arguments.get(i).startsWith("-D") ? arguments.get(i).substring(2) : null;
            if (definition != null && !definition.isEmpty()) {
                int equals = definition.indexOf('=');
                properties.put(equals < 0 ? definition : definition.substring(0, equals),
                        equals < 0 ? "true" : definition.substring(equals + 1));
            }
        }
        return properties;
    }

    /** The value of an option ({@code -s file}, {@code --settings=file}) in the first source that gives it. */
    private static Optional<String> option(List<List<String>> sources, String shortName, String longName) {
        for (List<String> arguments : sources) {
            for (int i = 0; i < arguments.size(); i++) {
                String argument = arguments.get(i);
                if ((argument.equals(shortName) || argument.equals(longName)) && i + 1 < arguments.size()) {
                    return Optional.of(arguments.get(i + 1));
                }
                if (argument.startsWith(longName + "=")) {
                    return Optional.of(argument.substring(longName.length() + 1));
                }
            }
        }
        return Optional.empty();
    }

    /** The Maven the project builds with: its wrapper's distribution when it has one, else the {@code mvn} on the PATH. */
    private Optional<Path> mavenHome() {
        Path properties = root.resolve(".mvn/wrapper/maven-wrapper.properties");
        if (Files.isRegularFile(project.resolve("mvnw")) && Files.isRegularFile(properties)) {
            return wrapperDistribution(properties);
        }
        for (String directory : env.getOrDefault("PATH", "").split(":")) {
            Path mvn = directory.isEmpty() ? null : Path.of(directory, "mvn");
            if (mvn != null && Files.isExecutable(mvn)) {
                try {
                    return Optional.ofNullable(mvn.toRealPath().getParent().getParent());
                } catch (IOException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code <MAVEN_USER_HOME>/wrapper/dists/<distribution>/<hash>}, as the wrapper script (3.3) unpacks it, or
     * {@code .../<distribution>-bin/<hash>/<distribution>}, as the wrapper's jar did before.
     */
    private Optional<Path> wrapperDistribution(Path properties) {
        Properties wrapper = new Properties();
        try (InputStream in = Files.newInputStream(properties)) {
            wrapper.load(in);
        } catch (IOException e) {
            return Optional.empty();
        }
        String url = wrapper.getProperty("distributionUrl", "");
        String file = url.substring(url.lastIndexOf('/') + 1).replaceAll("\\.(zip|tar\\.gz)$", "");
        String name = file.replaceAll("-(bin|src)$", "");
        Path userMaven = env.containsKey("MAVEN_USER_HOME") ? Path.of(env.get("MAVEN_USER_HOME")) : userHome.resolve(".m2");
        for (String distribution : List.of(name, file)) {
            Path dists = userMaven.resolve("wrapper/dists").resolve(distribution);
            if (name.isEmpty() || !Files.isDirectory(dists)) {
                continue;
            }
            try (Stream<Path> unpacked = Files.list(dists)) {
                Optional<Path> home = unpacked.sorted().flatMap(dir -> Stream.of(dir, dir.resolve(name)))
                        .filter(dir -> Files.isDirectory(dir.resolve("conf"))).findFirst();
                if (home.isPresent()) {
                    return home;
                }
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
