package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** A string, a {@code {path}} object, or an array of those; empty when absent. */
    static List<PemSource> listFrom(JsonNode sources) {
        List<PemSource> list = new ArrayList<>();
        if (Section.present(sources)) {
            if (sources.isArray()) {
                sources.forEach(source -> list.add(of(source)));
            } else {
                list.add(of(sources));
            }
        }
        return List.copyOf(list);
    }

    private static PemSource of(JsonNode source) {
        if (source.isObject()) {
            return new File(Path.of(Section.requiredText(source, "path")));
        }
        return new Inline(source.asText());
    }
}
