package dev.rt.cli.output;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * The file a command writes its result to ({@code -o}), checked before any runtime is asked: a request is not
 * carried out (an injected POST, a heap dump) only for its answer to have nowhere to go.
 */
public final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * @throws CommandLine.ParameterException naming {@code option} (a usage error) when {@code file} is a directory,
     *     or its directory does not exist or cannot be written to
     */
    public static void checkWritable(CommandLine commandLine, Path file, String option) {
        Path absolute = file.toAbsolutePath().normalize();
        Path directory = absolute.getParent();
        String problem = Files.isDirectory(absolute) ? "is a directory"
                : directory == null || !Files.isDirectory(directory) ? "cannot be written: " + directory
                        + " is not a directory"
                : !Files.isWritable(directory) ? "cannot be written: the directory " + directory + " is not writable"
                : Files.exists(absolute) && !Files.isWritable(absolute) ? "is not writable"
                : null;
        if (problem != null) {
            throw new CommandLine.ParameterException(commandLine, option + ": " + file + " " + problem);
        }
    }
}
