package dev.rt.cli.admin;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Opens a URL in the user's browser with the system's own opener ({@code xdg-open} on Linux, {@code open} on macOS),
 * never through AWT (the CLI is headless). Where there is none, or it fails, the printed URL is what the user opens.
 */
final class Browser {
    private Browser() {
    }

    /** Whether an opener was started. */
    static boolean open(String url) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        List<String> command = os.contains("mac") ? List.of("open", url) : List.of("xdg-open", url);
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
