package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.OutputFiles;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rt inject <path>}: send one request to a service of a running runtime, through the mesh as another
 * service would, and print the answer like curl does: the body; with {@code -i} the status line and headers
 * first; with {@code -v} the request and response heads on standard error.
 */
@Command(name = "inject", mixinStandardHelpOptions = true,
        description = {"Send an HTTP request to a service of a running runtime (through its mesh, as another service "
                + "would call http://<service>.rt.local) and print the response body, like curl.",
                "Use <service>:<N> with -s to reach one worker."})
public final class InjectCommand implements Callable<Integer> {
    /** An HTTP method: a token (RFC 9110, 5.6.2). */
    private static final Pattern METHOD = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    @Mixin
    RuntimeChoice choice;

    @Parameters(paramLabel = "<path>", description = "Path and query, for example /hello?x=1.")
    String path;

    @Option(names = {"-s", "--service"}, paramLabel = "<service>", description = "The service (default: the entrypoint).")
    String service;

    @Option(names = {"-X", "--request"}, paramLabel = "<method>", description = "The method (default: GET, or POST with -d).")
    String method;

    @Option(names = {"-H", "--header"}, paramLabel = "<header>", description = "A header \"Name: value\"; repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-d", "--data"}, paramLabel = "<body>", description = "The request body.")
    String data;

    @Option(names = {"-i", "--include"}, description = "Print the status line and the response headers before the body.")
    boolean include;

    @Option(names = "-v", description = "Also print the request and response heads on standard error, like curl -v "
            + "(--verbose, rt's global option, does the same here).")
    boolean verbose;

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", description = "Write the output to this file instead of standard output.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        checkRequestLine();
        if (output != null) {
            OutputFiles.checkWritable(spec.commandLine(), output, "-o");
        }
        PrintWriter err = spec.commandLine().getErr();
        var global = spec.findOption("--verbose");
        boolean verbose = this.verbose || (global != null && Boolean.TRUE.equals(global.getValue()));
        RuntimeInfo runtime = choice.select(err);
        ManagementClient client = runtime.client();
        String target = service != null ? service : client.getJson("/services").path("entrypoint").asText();
        String verb = method != null ? method.toUpperCase(java.util.Locale.ROOT) : data != null ? "POST" : "GET";
        String pathAndQuery = path.startsWith("/") ? path : "/" + path;
        List<Map.Entry<String, String>> requestHeaders = new ArrayList<>();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "-H: expected \"Name: value\", found \"" + header + "\"");
            }
            requestHeaders.add(Map.entry(header.substring(0, colon).trim(), header.substring(colon + 1).trim()));
        }
        byte[] body = data == null ? new byte[0] : data.getBytes(StandardCharsets.UTF_8);
        if (data != null && requestHeaders.stream().noneMatch(h -> h.getKey().equalsIgnoreCase("content-type"))) {
            requestHeaders.add(Map.entry("Content-Type", "application/x-www-form-urlencoded")); // as curl -d
        }
        if (verbose) {
            err.println("> " + verb + " " + pathAndQuery + " HTTP/1.1");
            requestHeaders.forEach(h -> err.println("> " + h.getKey() + ": " + h.getValue()));
            err.println(">");
        }
        ManagementClient.Response response;
        try {
            response = client.request(verb, "/services/" + target + "/proxy" + pathAndQuery, requestHeaders, body,
                    Duration.ofMinutes(10));
        } catch (IOException e) {
            throw new RtException(ErrorCode.RUNTIME_UNREACHABLE, "cannot reach the runtime " + runtime.pid() + " at "
                    + runtime.socket() + ": " + e.getMessage());
        }
        if (response.header(ManagementClient.ERROR_CODE_HEADER).isPresent()) {
            ManagementClient.checked(response);
        }
        String head = "HTTP/1.1 " + response.status() + " " + response.reason();
        if (verbose) {
            err.println("< " + head);
            response.headers().forEach(h -> err.println("< " + h.getKey() + ": " + h.getValue()));
            err.println("<");
        }
        err.flush();
        try (OutputStream out = output == null ? new NonClosing(System.out) : Files.newOutputStream(output)) {
            if (include) {
                StringBuilder text = new StringBuilder(head).append("\r\n");
                response.headers().forEach(h -> text.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n"));
                out.write(text.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            }
            out.write(response.body());
            out.flush();
        }
        return ExitCodes.OK;
    }

    /** The method and path go into the request line as they are: refused before any runtime is asked. */
    private void checkRequestLine() {
        if (method != null && !METHOD.matcher(method).matches()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-X: a method is one token such as GET or "
                    + "PUT (letters, digits and !#$%&'*+-.^_`|~), found \"" + method + "\"");
        }
        if (path.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "<path>: spaces and control characters cannot"
                    + " be sent in a path; percent-encode them (a space is %20), found \"" + path + "\"");
        }
    }

    /** Standard output, flushed but never closed. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
