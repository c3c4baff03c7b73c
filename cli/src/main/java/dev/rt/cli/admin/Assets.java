package dev.rt.cli.admin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The page's files, from rt's own jar: {@code index.html}, {@code admin.js} and {@code admin.css} of this package's
 * resources, and uPlot's browser build and style sheet from its web jar (the version read from the jar's own
 * {@code pom.properties}). Nothing is fetched from the network, so the page works offline.
 */
final class Assets {
    private static final String OWN = "/dev/rt/cli/admin/";
    private static final String UPLOT_POM = "/META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8");

    private Assets() {
    }

    /** The bytes of an asset by the name the page uses ({@code admin.js}, {@code uPlot.iife.min.js}...). */
    static Optional<byte[]> read(String name) {
        String path = switch (name) {
            case "index.html", "admin.js", "admin.css" -> OWN + name;
            case "uPlot.iife.min.js", "uPlot.min.css" -> "/META-INF/resources/webjars/uplot/" + uplotVersion() + "/dist/" + name;
            default -> null;
        };
        if (path == null) {
            return Optional.empty();
        }
        try (InputStream in = Assets.class.getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from rt's jar", e);
        }
    }

    static String text(String name) {
        return new String(read(name).orElseThrow(() -> new IllegalStateException(name + " is missing from rt's jar")),
                StandardCharsets.UTF_8);
    }

    static String type(String name) {
        return TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream");
    }

    private static String uplotVersion() {
        Properties properties = new Properties();
        try (InputStream in = Assets.class.getResourceAsStream(UPLOT_POM)) {
            if (in == null) {
                throw new IllegalStateException("uPlot's web jar is missing from rt's jar");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + UPLOT_POM, e);
        }
        return properties.getProperty("version");
    }
}
