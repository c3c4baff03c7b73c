package dev.rt.cli.build;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder of generated files: written whole into a hidden directory beside it, then put in its place. A folder
 * rt wrote before (it holds {@value #MARKER}) is replaced; any other folder that holds files is left alone.
 */
final class GeneratedFolder {
    static final String MARKER = ".rt-generated";

    private GeneratedFolder() {
    }

    static void replace(Path folder, Map<String, String> files) throws IOException {
        Path target = folder.toAbsolutePath().normalize();
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new RtException(ErrorCode.USAGE, target + " is a file: name a folder for the client with --folder");
        }
        boolean ours = Files.isRegularFile(target.resolve(MARKER));
        if (Files.isDirectory(target) && !ours && !isEmpty(target)) {
            throw new RtException(ErrorCode.USAGE, target + " holds files rt client did not write: name another folder"
                    + " with --folder, or empty it");
        }
        Files.createDirectories(target.getParent());
        Path stage = Files.createTempDirectory(target.getParent(), ".rt-client-");
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Files.writeString(stage.resolve(file.getKey()), file.getValue());
            }
            Files.writeString(stage.resolve(MARKER), "Written by rt client: running it again replaces this folder.\n");
            if (Files.exists(target)) {
                delete(target);
            }
            Files.move(stage, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            if (Files.exists(stage)) {
                delete(stage);
            }
        }
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> children = Files.list(directory)) {
            return children.findAny().isEmpty();
        }
    }

    private static void delete(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
