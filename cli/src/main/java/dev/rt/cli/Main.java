package dev.rt.cli;

import dev.rt.cli.output.ExitCodes;
import dev.rt.config.ConfigWarmUp;
import picocli.CommandLine;

/** Entry point of the rt jar. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // Netty's JFR events load jdk.jfr (a hundred classes, ~0.1 s of every start) for recordings rt never
        // makes; -Dio.netty.jfr.enabled=true still turns them on.
        if (System.getProperty("io.netty.jfr.enabled") == null) {
            System.setProperty("io.netty.jfr.enabled", "false");
        }
        if (args.length > 0 && "start".equals(args[0])) {
            ConfigWarmUp.begin(); // overlaps with picocli building the command's model: ~0.1 s cold, on another core
        }
        int status;
        try {
            status = RtCommand.commandLine(args).execute(args);
        } catch (Throwable e) { // an Error escapes picocli's handler: still no raw stack trace without --verbose
            System.err.println("rt: internal error: " + e + (java.util.Arrays.asList(args).contains("--verbose")
                    ? "" : " (run with --verbose for the stack trace)"));
            if (java.util.Arrays.asList(args).contains("--verbose")) {
                e.printStackTrace();
            }
            status = ExitCodes.RUNTIME_FAILURE;
        }
        System.exit(status);
    }
}
