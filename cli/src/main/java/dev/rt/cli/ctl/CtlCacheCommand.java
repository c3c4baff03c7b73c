package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rt ctl cache invalidate}: remove responses from a running runtime's HTTP cache, by tag or by URL. */
@Command(name = "cache", mixinStandardHelpOptions = true, description = "The HTTP cache of a running runtime.",
        subcommands = {CtlCacheCommand.Invalidate.class, CommandLine.HelpCommand.class})
final class CtlCacheCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    @Command(name = "invalidate", mixinStandardHelpOptions = true,
            description = {"Remove responses from the HTTP cache: those carrying a tag (--tag products), and those of "
                    + "a URL (--key http://api.rt.local/products?page=1, every cached method unless --method)."})
    static final class Invalidate implements Callable<Integer> {
        private static final ObjectMapper JSON = new ObjectMapper();

        @Mixin
        RuntimeChoice choice;

        @Option(names = "--tag", paramLabel = "TAG", description = "A tag of the responses to remove (repeatable).")
        List<String> tags = new ArrayList<>();

        @Option(names = "--key", paramLabel = "URL", description = "The URL of the responses to remove (repeatable).")
        List<String> keys = new ArrayList<>();

        @Option(names = "--method", paramLabel = "METHOD", description = "Only the responses to this method.")
        String method;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            if (tags.isEmpty() && keys.isEmpty()) {
                spec.commandLine().getErr().println("Give at least one --tag or --key.");
                return ExitCodes.USAGE;
            }
            ObjectNode body = JSON.createObjectNode();
            ArrayNode keyList = body.putArray("keys");
            for (String key : keys) {
                URI uri;
                try {
                    uri = URI.create(key);
                } catch (IllegalArgumentException e) {
                    spec.commandLine().getErr().println("--key " + key + " is not a URL: " + e.getMessage());
                    return ExitCodes.USAGE;
                }
                if (uri.getScheme() == null || uri.getRawAuthority() == null) {
                    spec.commandLine().getErr().println("--key " + key + " is not an absolute URL (http://host/path)");
                    return ExitCodes.USAGE;
                }
                ObjectNode entry = keyList.addObject().put("origin", uri.getScheme() + "://" + uri.getRawAuthority())
                        .put("path", (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
                if (method != null) {
                    entry.put("method", method);
                }
            }
            tags.forEach(body.putArray("tags")::add);
            RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
            ManagementClient.checked(runtime.client().request("POST", "/http-cache/invalidate",
                    List.of(Map.entry("content-type", "application/json")),
                    JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(30)));
            spec.commandLine().getOut().println("Invalidated in the HTTP cache of the runtime " + runtime.pid() + ".");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
