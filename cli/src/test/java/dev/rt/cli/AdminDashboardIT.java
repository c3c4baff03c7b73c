package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.cli.output.ExitCodes;
import dev.rt.supervisor.management.RuntimeDiscovery;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code rt admin} from the distribution, in a real browser (Debian's headless chromium through chromedriver), against
 * a real runtime under load: a client keeps calling the entrypoint, which calls a second service over the mesh. The
 * tests run in order on one runtime, one {@code rt admin} and one browser; screenshots are kept in
 * {@code target/admin-screenshots/}, and one of the page as it was when a test failed ({@code failed-<test>.png}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminDashboardIT {
    private static final Duration LONG = Duration.ofSeconds(90);
    /** The rows of the workers, without the spare JVM the entrypoint keeps. */
    private static final String WORKERS = "tr[data-worker]:not([data-state=spare])";
    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:(\\d+))/\\?token=([A-Za-z0-9_-]+)");

    private Path tmp;
    private final List<RtProcess> processes = new ArrayList<>();
    private RtProcess runtime;
    private String base;
    private String token;
    /** The cookie the page got, named after the dashboard's port. */
    private String cookie;
    private AdminBrowser browser;
    private ChromeDriver driver;
    private final AtomicBoolean loading = new AtomicBoolean(true);
    private final AtomicLong answered = new AtomicLong();
    private Thread load;

    /** What the browser showed when a test failed, kept beside the other screenshots. */
    @RegisterExtension
    final TestWatcher screenshotOnFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            if (browser != null) {
                try {
                    System.out.println("AdminDashboardIT: the page as it was: "
                            + browser.screenshot("failed-" + context.getRequiredTestMethod().getName()).toAbsolutePath());
                } catch (IOException | RuntimeException e) {
                    cause.addSuppressed(e);
                }
            }
        }
    };

    @BeforeAll
    void start() throws Exception {
        tmp = Files.createTempDirectory(Path.of("target"), "admin-it").toAbsolutePath();
        Path project = Files.createDirectories(tmp.resolve("shop"));
        Files.writeString(Files.createDirectories(project.resolve("graph")).resolve("rt.json"), "{\"$schema\": "
                + "\"https://schemas.rt.dev/service/1.0.0.json\", \"plugins\": {\"paths\": [\""
                + Fixtures.testdata().resolve("service-plugins/target/fixtures/graphql") + "\"]}, \"service\": "
                + "{\"graphql\": {\"graphiql\": true}, \"openapi\": {\"info\": {\"title\": \"Graph\", \"version\": \"1.0.0\"}}}}");
        Files.writeString(project.resolve("rt.json"), "{\"managementApi\": true, \"entrypoint\": \"front\", "
                + "\"server\": {\"port\": 0}, \"httpCache\": {\"cacheTagsHeader\": \"x-cache-tags\"}, "
                + "\"scheduler\": [{\"name\": \"nightly\", \"cron\": \"0 3 * * *\", \"callbackUrl\": \"http://back.rt.local/hello\"}], "
                + "\"services\": [" + Fixtures.service("front", "probe", "\"env\": {\"DB_PASSWORD\": \"hunter2\", "
                + "\"DATABASE_URL\": \"postgres://shop:s3cr3t@db/shop\"}") + ", "
                + Fixtures.service("back", "probe", "\"workers\": 2") + ", {\"id\": \"graph\", \"path\": \"graph\"}]}");
        runtime = track(RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), project,
                Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty"));
        runtime.awaitListening(LONG);
        RtProcess admin = track(RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), project, Map.of(),
                "admin", "--no-open"));
        Matcher url = URL.matcher(admin.awaitStdout("?token=", LONG));
        assertThat(url.find()).as(admin.output()).isTrue();
        base = url.group(1);
        token = url.group(3);
        cookie = "rt-admin-token-" + url.group(2) + "=" + token;
        load = new Thread(this::load, "admin-it-load");
        load.setDaemon(true);
        load.start();
        browser = new AdminBrowser(tmp.resolve("downloads"));
        driver = browser.driver();
        driver.get(base + "/?token=" + token);
    }

    /** The load: the entrypoint calls back over the mesh, as fast as one client goes, for at most five minutes. */
    private void load() {
        HttpClient http = HttpClient.newHttpClient();
        long until = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (loading.get() && System.nanoTime() < until) {
            try {
                http.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/call?url=http://back.rt.local/hello"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding());
                answered.incrementAndGet();
            } catch (IOException e) {
                // a worker being replaced: the next call goes to its successor
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @AfterAll
    void stop() throws IOException {
        loading.set(false);
        if (browser != null) {
            browser.close();
        }
        processes.forEach(RtProcess::close);
        if (tmp != null) {
            try (Stream<Path> files = Files.walk(tmp)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    @Test
    @Order(1)
    void servicesWorkersAndFifteenMinuteChartsAppearAndFill() throws IOException {
        await(LONG, d -> rows("tr[data-service]").size() == 3 && workers().size() == 4);
        assertThat(text("tr[data-service=front] th")).contains("front").contains("entrypoint");
        assertThat(text("tr[data-service=front]")).contains("java").contains("started");
        assertThat(workers().stream().map(row -> row.get("worker"))).containsExactlyInAnyOrder("front:0", "back:0", "back:1",
                "graph:0");
        assertThat(rows("tr[data-state=spare]")).as("the entrypoint's spare JVM").hasSize(1);
        await(LONG, d -> Integer.parseInt(attribute("#charts", "data-columns")) >= 5
                && rows("#chart-grid canvas").size() == 6);
        await(LONG, d -> !cell("front:0", 8).equals("–") && Double.parseDouble(cell("front:0", 8)) > 0
                && Double.parseDouble(cell("back:1", 8)) > 0);
        assertThat(cell("front:0", 4)).endsWith("%");
        assertThat(cell("front:0", 5)).matches("[0-9.]+ MB / [0-9.]+ MB");
        assertThat(cell("front:0", 6)).matches("[0-9.]+ MB");
        assertThat(cell("front:0", 9)).matches("[0-9.]+ / [0-9.]+ ms");
        assertThat(text("#runtime")).contains("shop").contains("rt.json").contains(runtime.url());
        assertThat(answered.get()).as("the load ran").isPositive();
        browser.screenshot("dashboard");
    }

    @Test
    @Order(1)
    void onlyTheKindsThatDescribeThemselvesLinkTheirOpenApiDocumentAndGraphQlSchema() throws Exception {
        await(LONG, d -> rows("tr[data-service=graph] a").size() == 2);
        assertThat(rows("tr[data-service=front] a")).as("a java service, the entrypoint: no documents, no GraphiQL")
                .isEmpty();
        Map<String, String> links = new TreeMap<>();
        rows("tr[data-service=graph] a").forEach(a -> links.put(a.getText(), a.getAttribute("href")));
        assertThat(links).containsOnlyKeys("OpenAPI", "GraphQL schema");
        assertThat(api(links.get("OpenAPI"))).contains("\"openapi\"").contains("\"Graph\"");
        assertThat(api(links.get("GraphQL schema"))).contains("type Query");
    }

    @Test
    @Order(2)
    void aLogLineWrittenByAWorkerAppearsWithinASecondAndAStackTraceIsOneEntry() throws Exception {
        await(LONG, d -> !rows("#log-list li").isEmpty());
        String marker = "admin-marker-" + System.nanoTime();
        runtime.get("/log?line=" + marker);
        await(LONG, d -> text("#log-list").contains(marker));
        long millis = ((Number) driver.executeScript("const li = [...document.querySelectorAll('#log-list li')]"
                + ".find(li => li.textContent.includes(arguments[0])); return li.dataset.received - li.dataset.time;",
                marker)).longValue();
        System.out.println("AdminDashboardIT: a worker's log line reached the page " + millis + " ms after it was written");
        assertThat(millis).as("from the worker's line to the page").isLessThanOrEqualTo(1000);

        String boom = "boom-" + System.nanoTime();
        runtime.get("/log?trace=1&line=" + boom);
        await(LONG, d -> text("#log-list").contains(boom));
        List<WebElement> entries = rows("#log-list li").stream().filter(li -> li.getText().contains(boom)).toList();
        assertThat(entries).as("the exception and its frames are one entry").hasSize(1);
        assertThat(entries.get(0).getText()).contains("java.lang.IllegalStateException: " + boom)
                .contains("at dev.rt.testdata.probe.Probe");

        new Select(driver.findElement(By.id("log-service"))).selectByValue("back");
        await(LONG, d -> !text("#log-list").contains(marker));
        new Select(driver.findElement(By.id("log-service"))).selectByValue("front");
        driver.findElement(By.id("log-search")).sendKeys(marker);
        await(LONG, d -> rows("#log-list li").size() == 1 && text("#log-list").contains(marker));
        new Select(driver.findElement(By.id("log-level"))).selectByValue("50");
        await(LONG, d -> rows("#log-list li").isEmpty());
        browser.screenshot("logs-filtered");
        driver.findElement(By.id("log-search")).clear();
        driver.findElement(By.id("log-search")).sendKeys(boom);
        await(LONG, d -> rows("#log-list li").size() == 1);
        new Select(driver.findElement(By.id("log-level"))).selectByValue("30");
        new Select(driver.findElement(By.id("log-service"))).selectByValue("");
        driver.findElement(By.id("log-search")).clear();
        driver.findElement(By.id("log-search")).sendKeys(Keys.BACK_SPACE);
    }

    @Test
    @Order(3)
    void aRestartIsConfirmedFirstAndReplacesTheWorker() throws IOException {
        String pid = pidOf("front");
        click("tr[data-service=front] button[data-action=restart]");
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        assertThat(text("#confirm-text")).contains("Restart every worker of front");
        browser.screenshot("confirm-restart");
        driver.findElement(By.id("confirm-cancel")).click();
        await(LONG, d -> text("#status").equals("Cancelled."));
        assertThat(pidOf("front")).isEqualTo(pid);

        click("tr[data-service=front] button[data-action=restart]");
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        driver.findElement(By.id("confirm-ok")).click();
        await(LONG, d -> text("#status").contains("Restarted front"));
        await(LONG, d -> !pidOf("front").isEmpty() && !pidOf("front").equals(pid));
        await(LONG, d -> text("tr[data-service=front] td:nth-of-type(4)").equals("1"));
        browser.screenshot("restarted");
    }

    @Test
    @Order(4)
    void aHeapDumpIsTakenAfterConfirmationAndDownloaded() throws IOException {
        confirmAction("tr[data-worker='back:0'] button[data-action=heap-dump]");
        await(Duration.ofMinutes(3), d -> hprof().isPresent() || text("#status").startsWith("Failed"));
        assertThat(text("#status")).startsWith("Downloading back-0.hprof");
        await(LONG, d -> hprof().isPresent());
        byte[] head = Files.readAllBytes(hprof().get());
        assertThat(new String(head, 0, 12, StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE");

        confirmAction("tr[data-worker='back:1'] button[data-action=profile]");
        await(Duration.ofMinutes(3), d -> downloaded(".jfr").isPresent() || text("#status").startsWith("Failed"));
        assertThat(text("#status")).startsWith("Downloading back-1.jfr");
        byte[] recording = Files.readAllBytes(downloaded(".jfr").get());
        assertThat(new String(recording, 0, 3, StandardCharsets.US_ASCII)).as("a JFR file's magic").isEqualTo("FLR");
    }

    @Test
    @Order(5)
    void schedulerJobsAreRunPausedAndResumedFromThePage() {
        await(LONG, d -> !rows("tr[data-job=nightly]").isEmpty());
        confirmAction("tr[data-job=nightly] button[data-action=run]");
        await(LONG, d -> text("#status").contains("Run now: nightly succeeded."));
        await(LONG, d -> text("tr[data-job=nightly]").contains("success"));
        confirmAction("tr[data-job=nightly] button[data-action=pause]");
        await(LONG, d -> text("tr[data-job=nightly]").contains("yes"));
        confirmAction("tr[data-job=nightly] button[data-action=resume]");
        await(LONG, d -> text("tr[data-job=nightly]").contains("no"));
    }

    @Test
    @Order(6)
    void cacheEntriesAreInvalidatedByTagAndTheCacheFiguresShow() throws Exception {
        // the cache is the mesh's: the entrypoint asks back, whose /cached names its call and its pid
        String cached = "/call?url=" + URLEncoder.encode("http://back.rt.local/cached?tag=products", StandardCharsets.UTF_8);
        String first = runtime.get(cached).body();
        assertThat(first).startsWith("200 call ");
        assertThat(runtime.get(cached).body()).as("the second answered from the cache").isEqualTo(first);
        awaitCacheFiguresAsTheRuntimeHasThem();
        assertThat(cacheFacts().get("Entries")).isNotEqualTo("0");
        driver.findElement(By.id("invalidate-tags")).sendKeys("products, prices");
        click("#invalidate button");
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        assertThat(text("#confirm-text")).contains("products, prices");
        driver.findElement(By.id("confirm-ok")).click();
        await(LONG, d -> text("#status").equals("Invalidated products, prices."));
        assertThat(runtime.get(cached).body()).as("a miss: the origin answered again").isNotEqualTo(first);
        awaitCacheFiguresAsTheRuntimeHasThem();
    }

    /** The page's hits and entries become the runtime's own (GET /http-cache), its hit ratio its hits ÷ lookups. */
    private void awaitCacheFiguresAsTheRuntimeHasThem() {
        await(LONG, d -> {
            JsonNode cache = management("/http-cache");
            Map<String, String> facts = cacheFacts();
            return facts.get("Hits").equals(cache.path("hits").asText())
                    && facts.get("Entries").equals(cache.path("entries").asText());
        });
        Map<String, String> facts = cacheFacts();
        double hits = Double.parseDouble(facts.get("Hits"));
        double lookups = hits + Double.parseDouble(facts.get("Misses"));
        assertThat(facts.get("Hit ratio")).isEqualTo(String.format(Locale.ROOT, "%.1f %%", 100 * hits / lookups));
    }

    @SuppressWarnings("unchecked")
    private Map<String, String> cacheFacts() {
        return (Map<String, String>) driver.executeScript("return Object.fromEntries([...document.querySelectorAll("
                + "'#cache-facts div')].map(d => [d.children[0].textContent, d.children[1].textContent]));");
    }

    /** A management API answer of the runtime's own, asked as rt ctl does (not through the dashboard). */
    private JsonNode management(String path) {
        try {
            // the runtime's java.io.tmpdir is the test's folder, and with it its management socket
            RuntimeInfo info = new RuntimeDiscovery(tmp.resolve("rt").resolve("pids"), warning -> { }).list().stream()
                    .filter(candidate -> candidate.pid() == runtime.process().pid()).findFirst().orElseThrow();
            return info.client().getJson(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    @Order(7)
    void theConfigurationIsShownWithItsSecretsRedacted() {
        await(LONG, d -> text("#config-text").contains("\"front\""));
        String config = text("#config-text");
        assertThat(config).contains("\"DB_PASSWORD\": \"[redacted]\"").contains("nightly")
                .doesNotContain("hunter2").doesNotContain("s3cr3t");
    }

    @Test
    @Order(8)
    void chartsAreFullTheMomentThePageOpens() {
        long expected = history();
        driver.navigate().refresh();
        await(Duration.ofSeconds(2), d -> Integer.parseInt(attribute("#charts", "data-columns")) >= expected);
        assertThat(rows("#chart-grid canvas")).hasSize(6);
    }

    /**
     * How many columns the charts must have now: as many as the runtime keeps (less 2 s), which is about its uptime (up
     * to the 15 minutes kept; its history starts while it starts); live updates alone give a column a second since the
     * page opened.
     */
    private long history() {
        long uptime = Math.min(900, management("/metadata").path("uptimeSeconds").asLong());
        long kept = management("/history?since=0").path("length").asLong();
        assertThat(kept).as("seconds of history kept, after %s s up", uptime).isBetween(uptime - 30, uptime + 1);
        return kept - 2;
    }

    @Test
    @Order(8)
    void everyControlIsReachedWithTheKeyboardAndTheDialogClosesOnEscape() {
        driver.navigate().refresh();
        await(LONG, d -> workers().size() == 4);
        new Actions(driver).sendKeys(Keys.TAB).perform();
        assertThat(active().getAttribute("class")).isEqualTo("skip");
        new Actions(driver).sendKeys(Keys.ENTER).perform();
        await(LONG, d -> "main".equals(active().getAttribute("id")));
        WebElement restart = driver.findElement(By.cssSelector("tr[data-service=front] button[data-action=restart]"));
        for (int i = 0; i < 100 && !active().equals(restart); i++) {
            new Actions(driver).sendKeys(Keys.TAB).perform();
            assertThat(js("const s = getComputedStyle(document.activeElement); return s.outlineStyle + ' ' + s.outlineWidth;"))
                    .as("a visible focus ring on %s", active().getTagName()).startsWith("solid 3px");
        }
        assertThat(active()).isEqualTo(restart);
        new Actions(driver).sendKeys(Keys.ENTER).perform();
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        assertThat(active().getAttribute("id")).isEqualTo("confirm-cancel");
        new Actions(driver).sendKeys(Keys.ESCAPE).perform();
        await(LONG, d -> text("#status").equals("Cancelled."));
        assertThat(active()).as("focus back on the button that opened the dialog").isEqualTo(restart);
        List<String> reached = new ArrayList<>();
        for (int i = 0; i < 300 && !"config-text".equals(active().getAttribute("id")); i++) {
            new Actions(driver).sendKeys(Keys.TAB).perform();
            reached.add(js("const e = document.activeElement; return e.tagName + '#' + (e.id || e.dataset.action || e.textContent.trim().slice(0, 20));"));
            assertThat(js("const s = getComputedStyle(document.activeElement); return s.outlineStyle + ' ' + s.outlineWidth;"))
                    .as("a visible focus ring on %s", reached.get(reached.size() - 1)).startsWith("solid 3px");
        }
        assertThat(reached).as("Tab reaches the logs' filters, the scheduler's buttons, the cache form and the configuration")
                .contains("SELECT#log-service", "INPUT#log-search", "BUTTON#log-older", "OL#log-list", "BUTTON#run",
                        "INPUT#invalidate-tags", "PRE#config-text");
    }

    @Test
    @Order(9)
    void everyTextHasAContrastOfAtLeastFourAndAHalfToOne() {
        Object lowest = driver.executeScript(
                "const lum = c => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(v => v / 255)"
                        + "  .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));"
                        + "  return 0.2126 * r + 0.7152 * g + 0.0722 * b; };"
                        + "const background = e => { for (; e; e = e.parentElement) { const b = getComputedStyle(e).backgroundColor;"
                        + "  if (b && !b.startsWith('rgba(0, 0, 0, 0)') && b !== 'transparent') return b; } return 'rgb(255, 255, 255)'; };"
                        + "let worst = 21, where = '';"
                        + "document.querySelectorAll('body *').forEach(e => {"
                        + "  if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) return;"
                        + "  const a = lum(getComputedStyle(e).color), b = lum(background(e));"
                        + "  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);"
                        + "  if (ratio < worst) { worst = ratio; where = e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 30); } });"
                        + "return worst.toFixed(2) + ' ' + where;");
        assertThat(Double.parseDouble(String.valueOf(lowest).split(" ")[0])).as("lowest contrast: %s", lowest)
                .isGreaterThanOrEqualTo(4.5);
    }

    @Test
    @Order(10)
    void aRequestWithoutTheTokenIsRefusedAndAnActionNeedsItInAHeader() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        assertThat(driver.manage().getCookieNamed("rt-admin-token-" + base.substring(base.lastIndexOf(':') + 1)))
                .as("the browser's cookie, named after the port").isNotNull();
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/api/state")))).isEqualTo(401);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/?token=not-the-token")))).isEqualTo(401);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/assets/admin.js")))).isEqualTo(401);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/api/state")).header("Cookie", cookie)))
                .isEqualTo(200);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/api/services/front/restart"))
                .header("Cookie", cookie).POST(HttpRequest.BodyPublishers.noBody()))).isEqualTo(403);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/api/services/front/restart"))
                .header("Cookie", cookie).header("X-RT-Admin-Token", token).header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.noBody()))).isEqualTo(403);
        assertThat(status(http, HttpRequest.newBuilder(URI.create(base + "/api/services/..%2Fstop/restart"))
                .header("Cookie", cookie).header("X-RT-Admin-Token", token)
                .POST(HttpRequest.BodyPublishers.noBody()))).isEqualTo(400);
        assertThat(runtime.process().isAlive()).isTrue();
        String page = http.send(HttpRequest.newBuilder(URI.create(base + "/")).header("Cookie", cookie).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(page).as("no asset from the network").doesNotContainPattern("(src|href)=\"https?:");
    }

    @Test
    @Order(11)
    void theExportIsOneSelfContainedFileThatShowsTheSameViewOffline() throws Exception {
        long expected = history();
        HttpResponse<Path> export = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/export"))
                .header("Cookie", cookie).build(),
                HttpResponse.BodyHandlers.ofFile(tmp.resolve("export.html")));
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("content-disposition").orElse("")).contains("rt-admin-shop-");
        String html = Files.readString(export.body());
        assertThat(html).doesNotContainPattern("(src|href)=\"(https?:|assets/)").doesNotContain("hunter2")
                .doesNotContain(token).contains("id=\"rt-snapshot\"");
        String snapshot = html.substring(html.indexOf('>', html.indexOf("id=\"rt-snapshot\"")) + 1);
        int length = new ObjectMapper().readTree(snapshot.substring(0, snapshot.indexOf("</script>")))
                .path("history").path("length").asInt();
        assertThat(length).as("the export holds the runtime's history").isGreaterThanOrEqualTo((int) expected);
        Files.copy(export.body(), AdminBrowser.SCREENSHOTS.resolve("export.html"),
                StandardCopyOption.REPLACE_EXISTING);
        driver.get(export.body().toUri().toString());
        await(LONG, d -> workers().size() == 4
                && Integer.parseInt(attribute("#charts", "data-columns")) >= length && rows("#chart-grid canvas").size() == 6);
        assertThat(driver.findElement(By.tagName("body")).getAttribute("class")).contains("exported");
        assertThat(text("#exported")).startsWith("Exported");
        assertThat(driver.findElement(By.id("reload")).isDisplayed()).isFalse();
        browser.screenshot("export");
        driver.get(base + "/");
    }

    @Test
    @Order(12)
    void aReloadFromThePageStartsEveryServiceAnewAndTheDashboardFollows() {
        await(LONG, d -> workers().size() == 4);
        List<Object> before = workers().stream().map(row -> row.get("pid")).toList();
        click("#reload");
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        driver.findElement(By.id("confirm-ok")).click();
        Duration reload = Duration.ofMinutes(4); // every JVM stops gracefully, then all start again
        await(reload, d -> "1".equals(driver.findElement(By.tagName("body")).getAttribute("data-reloads")));
        await(reload, d -> workers().size() == 4 && workers().stream()
                .allMatch(row -> !before.contains(row.get("pid")) && "started".equals(row.get("state"))));
        assertThat(runtime.process().isAlive()).isTrue();
    }

    @Test
    @Order(13)
    void outsideLoopbackItSaysLoudlyThatTheDashboardIsReachableAndABadPortIsAUsageError() throws Exception {
        RtProcess open = track(RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), tmp.resolve("shop"),
                Map.of(), "admin", "--no-open", "--host", "0.0.0.0"));
        assertThat(open.awaitStderr("WARNING", LONG)).contains("not on loopback: it is reachable from other machines");
        open.awaitStdout("?token=", LONG);
        open.close();
        RtProcess bad = track(RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), tmp.resolve("shop"),
                Map.of(), "admin", "--no-open", "--port", "70000"));
        assertThat(bad.awaitExit(LONG)).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.stderr()).contains("--port: must be from 0 to 65535, found 70000");
    }

    private RtProcess track(RtProcess process) {
        processes.add(process);
        return process;
    }

    /** The started workers' rows as the page shows them now, read in one script (the tables are redrawn each second). */
    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> workers() {
        return (List<Map<String, Object>>) driver.executeScript("return [...document.querySelectorAll('" + WORKERS
                + "')].map(r => ({worker: r.dataset.worker, pid: r.dataset.pid, state: r.dataset.state, "
                + "cells: [...r.children].map(c => c.textContent)}));");
    }

    private Optional<Path> hprof() {
        return downloaded(".hprof");
    }

    /** A finished download whose name ends with {@code suffix} (chromium writes into a .crdownload first). */
    private Optional<Path> downloaded(String suffix) {
        try (Stream<Path> files = Files.list(browser.downloads())) {
            return files.filter(file -> file.toString().endsWith(suffix) && file.toFile().length() > 12).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private void confirmAction(String button) {
        click(button);
        await(LONG, d -> driver.findElement(By.id("confirm")).isDisplayed());
        driver.findElement(By.id("confirm-ok")).click();
    }

    /** What the dashboard answers at {@code url} (its own page's link), with the page's cookie; 200 expected. */
    private String api(String url) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .header("Cookie", cookie).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(url + ": " + answer.body()).isEqualTo(200);
        return answer.body();
    }

    private static int status(HttpClient http, HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private void await(Duration limit, Function<WebDriver, Boolean> condition) {
        new WebDriverWait(driver, limit, Duration.ofMillis(25))
                .ignoring(StaleElementReferenceException.class)
                .ignoring(NoSuchElementException.class)
                .ignoring(NumberFormatException.class)
                .until(condition::apply);
    }

    private List<WebElement> rows(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    private String text(String css) {
        return driver.findElement(By.cssSelector(css)).getText();
    }

    private String attribute(String css, String name) {
        return driver.findElement(By.cssSelector(css)).getAttribute(name);
    }

    /** The text of column {@code index} (0: the worker) of a worker's row. */
    @SuppressWarnings("unchecked")
    private String cell(String worker, int index) {
        return workers().stream().filter(row -> row.get("worker").equals(worker))
                .map(row -> ((List<String>) row.get("cells")).get(index)).findFirst().orElse("");
    }

    /** The pid of the service's first started worker. */
    private String pidOf(String service) {
        return workers().stream().filter(row -> String.valueOf(row.get("worker")).startsWith(service + ":")
                && "started".equals(row.get("state"))).map(row -> String.valueOf(row.get("pid"))).findFirst().orElse("");
    }

    /** Clicks what {@code css} finds, again if the page redrew it meanwhile. */
    private void click(String css) {
        await(LONG, d -> {
            driver.findElement(By.cssSelector(css)).click();
            return true;
        });
    }

    private WebElement active() {
        return driver.switchTo().activeElement();
    }

    private String js(String script) {
        return String.valueOf(((JavascriptExecutor) driver).executeScript(script));
    }
}
