package dev.rt.cli.create;

import dev.rt.cli.project.ProjectTree;
import java.nio.charset.StandardCharsets;

/**
 * Where an application created on its own (not inside a runtime's directory) listens when {@code rt start} runs it
 * alone: a {@code server} section in its {@code rt.json} reading {@code RT_SERVER_HOSTNAME} and {@code PORT}, which its
 * {@code .env} and {@code .env.sample} set from {@code --hostname} and {@code --port}, as a runtime's own files do.
 * Inside a runtime the runtime's {@code server} wins and these only have to resolve.
 */
final class StandaloneListener {
    static final String SERVER = "\"server\": { \"hostname\": \"{RT_SERVER_HOSTNAME}\", \"port\": \"{PORT}\" },";

    private StandaloneListener() {
    }

    /** The tree with the application's {@code rt.json}, {@code .env} and {@code .env.sample} saying where it listens. */
    static ProjectTree add(ProjectTree tree, String hostname, String port) {
        String variables = "# Where it listens when rt start runs it alone (in a runtime, the runtime's server is used)\n"
                + "RT_SERVER_HOSTNAME=" + hostname + "\nPORT=" + port + "\n";
        ProjectTree result = new ProjectTree();
        for (ProjectTree.Entry entry : tree.entries()) {
            String text = new String(entry.content(), StandardCharsets.UTF_8);
            String changed = switch (entry.path()) {
                case "rt.json" -> withServer(text);
                case ".env", ".env.sample" -> (text.isEmpty() || text.endsWith("\n") ? text : text + "\n") + variables;
                default -> null;
            };
            if (changed == null) {
                result.add(entry.path(), entry.content(), entry.executable());
            } else {
                result.add(entry.path(), changed, entry.executable());
            }
        }
        return result;
    }

    /** The section goes right after the {@code $schema} line every kind's template starts with. */
    private static String withServer(String json) {
        int schema = json.indexOf("\"$schema\"");
        int lineEnd = schema < 0 ? -1 : json.indexOf('\n', schema);
        if (lineEnd < 0 || json.contains("\"server\"")) {
            throw new IllegalStateException("a kind's template rt.json without its \"$schema\" line, or with a server"
                    + " section of its own: " + json);
        }
        return json.substring(0, lineEnd + 1) + "  " + SERVER + "\n" + json.substring(lineEnd + 1);
    }
}
