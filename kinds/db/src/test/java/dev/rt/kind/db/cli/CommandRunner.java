package dev.rt.kind.db.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Runs the db kind's commands in process as {@code rt db ...} would, with captured output. The kind is installed for
 * the configuration reader from an empty {@code db/lib/} under a test kinds root: its provider is registered by the
 * test resources only, as the kind stays out of the distribution until its HTTP wiring.
 */
final class CommandRunner {
    record Result(int status, String out, String err) {
    }

    static void installKind(Path root) throws Exception {
        Files.createDirectories(root.resolve("db").resolve("lib"));
        System.setProperty("rt.kinds.path", root.toString());
    }

    static Result run(String... args) {
        CommandLine db = new CommandLine(new Group());
        new dev.rt.kind.db.DbKind().commands().forEach(db::addSubcommand);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        db.setOut(new PrintWriter(out, true));
        db.setErr(new PrintWriter(err, true));
        int status = db.execute(args);
        return new Result(status, out.toString(), err.toString());
    }

    @CommandLine.Command(name = "db")
    static final class Group {
    }
}
