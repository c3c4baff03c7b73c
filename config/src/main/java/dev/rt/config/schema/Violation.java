package dev.rt.config.schema;

/** One reason a configuration is refused: where ({@code /services/1/workers}) and what. */
public record Violation(String pointer, String message) {
    public String describe(java.nio.file.Path file) {
        return file + ": " + (pointer.isEmpty() ? "/" : pointer) + ": " + message;
    }
}
