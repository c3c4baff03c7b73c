package dev.rt.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless chromium driven through Debian's chromedriver (both installed by .ci/tools; Selenium is told
 * where they are, so it downloads nothing): a fresh profile, downloads into a folder of the test's, and screenshots
 * kept under {@code target/admin-screenshots/} as the test's artefacts.
 */
final class AdminBrowser implements AutoCloseable {
    static final Path SCREENSHOTS = Path.of("target", "admin-screenshots");

    private final ChromeDriver driver;
    private final Path downloads;
    private final Path profile;

    AdminBrowser(Path downloads) throws IOException {
        this.downloads = Files.createDirectories(downloads);
        this.profile = Files.createTempDirectory("rt-admin-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(executable("chromium"));
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1440,2400", "--user-data-dir=" + profile);
        options.setExperimentalOption("prefs", Map.of("download.default_directory", downloads.toAbsolutePath().toString(),
                "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(executable("chromedriver"))).usingAnyFreePort().build();
        this.driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        // headless chromium refuses downloads unless told where they go
        driver.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow",
                "downloadPath", downloads.toAbsolutePath().toString()));
    }

    ChromeDriver driver() {
        return driver;
    }

    Path downloads() {
        return downloads;
    }

    /** Saves what the browser shows as {@code target/admin-screenshots/<name>.png}. */
    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path target = SCREENSHOTS.resolve(name + ".png");
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    private static String executable(String name) {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(folder, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " is not on the PATH: run .ci/tools (Debian packages chromium, chromium-driver)");
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }
}
