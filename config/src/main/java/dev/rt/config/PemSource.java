package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** A TLS key or certificate as configured: PEM text given inline, or {@code {"path": ...}} naming a PEM file. */
public sealed interface PemSource permits PemSource.Inline, PemSource.File {

    /** PEM text written in the configuration (usually through a placeholder). */
    record Inline(String pem) implements PemSource {
        public Inline {
            Objects.requireNonNull(pem, "pem");
        }

        /** Never prints the text: it may be a private key. */
        @Override
        public String toString() {
            return "Inline[" + pem.length() + " characters]";
        }
    }

    /** A PEM file; a relative path is relative to the configuration file's directory. */
    record File(Path path) implements PemSource {
        public File {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * A string, a {@code {path}} object, or an array of those; empty when absent. A path that cannot name a file is
     * refused here, with its pointer.
     */
    static List<PemSource> listFrom(ConfigNode sources) {
        List<ConfigNode> each = sources.json().isArray() ? sources.elements()
                : sources.isMissing() ? List.of() : List.of(sources);
        return each.stream().map(PemSource::of).toList();
    }

    private static PemSource of(ConfigNode source) {
        if (source.json().isObject()) {
            return new File(source.get("path").path());
        }
        return new Inline(source.string());
    }
}
