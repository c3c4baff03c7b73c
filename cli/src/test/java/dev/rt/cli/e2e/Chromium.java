package dev.rt.cli.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium (installed by .ci/tools): loads a page, runs its scripts for up to ten seconds of
 * virtual time, and returns the DOM they rendered.
 */
public final class Chromium {
    private Chromium() {
    }

    public static String renderedDom(String url) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("rt-chromium");
        Process chromium = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom", url)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] dom = chromium.getInputStream().readAllBytes();
        if (!chromium.waitFor(60, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
            throw new AssertionError("chromium did not finish rendering " + url + " within 60 s");
        }
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
        return new String(dom, StandardCharsets.UTF_8);
    }
}
