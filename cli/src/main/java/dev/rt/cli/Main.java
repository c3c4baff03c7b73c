package dev.rt.cli;

import picocli.CommandLine;

/** Entry point of the rt jar. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(RtCommand.commandLine().execute(args));
    }
}
