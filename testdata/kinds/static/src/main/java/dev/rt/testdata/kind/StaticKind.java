package dev.rt.testdata.kind;

import dev.rt.kind.Kind;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The kind: its name, its schema, its command, and how it starts. The server itself is in {@link StaticServer}.
 */
public final class StaticKind implements Kind {
    @Override
    public String name() {
        return "static";
    }

    @Override
    public String configSchema() {
        try (InputStream in = StaticKind.class.getResourceAsStream("schema.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<Object> commands() {
        return List.of(new HelloCommand());
    }

    @Override
    public RunningApplication start(WorkerContext context) {
        return StaticServer.start(context);
    }
}
