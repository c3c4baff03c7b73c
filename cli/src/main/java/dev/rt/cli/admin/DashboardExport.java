package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * The page as one self-contained HTML file to attach to a bug report: the same markup, its style sheets and scripts
 * (uPlot's too) inlined, and a snapshot of what it shows (state, the fifteen minutes of history, the redacted
 * configuration, the kept log lines) in a {@code <script type="application/json">} that the page reads instead of
 * asking a server. Opened from disk it draws the same tables and charts, offline, with the actions left out.
 */
final class DashboardExport {
    private DashboardExport() {
    }

    static String html(RuntimeLink link, List<String> logLines) throws IOException {
        ObjectNode snapshot = RuntimeLink.JSON.createObjectNode();
        snapshot.put("exportedAt", Instant.now().toString());
        snapshot.set("state", link.state());
        snapshot.set("history", RuntimeLink.JSON.readTree(link.history(0)));
        snapshot.set("config", link.config());
        var logs = snapshot.putArray("logs");
        logLines.forEach(logs::add);
        String page = Assets.text("index.html")
                .replace("<meta name=\"rt-admin-token\" content=\"{{token}}\">", "")
                .replace("<link rel=\"stylesheet\" href=\"assets/uPlot.min.css\">", style("uPlot.min.css"))
                .replace("<link rel=\"stylesheet\" href=\"assets/admin.css\">", style("admin.css"))
                .replace("<script src=\"assets/uPlot.iife.min.js\"></script>", script("uPlot.iife.min.js"))
                .replace("<script src=\"assets/admin.js\"></script>", "<script type=\"application/json\" id=\"rt-snapshot\">"
                        + snapshot.toString().replace("<", "\\u003c") + "</script>\n" + script("admin.js"));
        return page;
    }

    private static String style(String name) {
        return "<style>\n" + Assets.text(name).replace("</style", "<\\/style") + "\n</style>";
    }

    private static String script(String name) {
        return "<script>\n" + Assets.text(name).replace("</script", "<\\/script") + "\n</script>";
    }
}
