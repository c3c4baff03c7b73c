package dev.rt.cli.project;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes a project so that it is all there or not at all: the files go to a hidden directory beside the target
 * first, then move into place, the whole directory at once when the target does not exist. A target that exists
 * must be empty, unless {@code into} allows adding to it; no file is ever overwritten, and a file in the way is
 * named before anything moves.
 */
public final class StagedWrite {
    private StagedWrite() {
    }

    /**
     * Writes {@code tree} into {@code target}.
     *
     * @param intoExisting whether a directory that already holds files may receive the project (never overwriting)
     * @throws RtException {@code RT_USAGE} when the target is in the way; nothing is written then
     */
    public static void write(ProjectTree tree, Path target, boolean intoExisting) {
        Path destination = target.toAbsolutePath().normalize();
        check(tree, destination, intoExisting);
        Path stage = null;
        try {
            Files.createDirectories(destination.getParent());
            stage = Files.createTempDirectory(destination.getParent(), ".rt-create-");
            for (ProjectTree.Entry entry : tree.entries()) {
                Path file = stage.resolve(entry.path());
                Files.createDirectories(file.getParent());
                Files.write(file, entry.content());
                if (entry.executable()) {
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
            }
            if (!Files.exists(destination)) {
                Files.move(stage, destination, StandardCopyOption.ATOMIC_MOVE);
                stage = null;
            } else {
                for (ProjectTree.Entry entry : tree.entries()) {
                    Path file = destination.resolve(entry.path());
                    Files.createDirectories(file.getParent());
                    Files.move(stage.resolve(entry.path()), file); // fails rather than replace a file
                }
            }
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            throw new RtException(ErrorCode.USAGE, e.getFile() + " appeared while the project was written; nothing"
                    + " there was overwritten: remove it and run the command again");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the project into " + destination + ": " + e.getMessage(), e);
        } finally {
            if (stage != null) {
                delete(stage);
            }
        }
    }

    private static void check(ProjectTree tree, Path destination, boolean intoExisting) {
        if (Files.exists(destination) && !Files.isDirectory(destination)) {
            throw new RtException(ErrorCode.USAGE, destination + " is a file: name a directory to create the project in");
        }
        if (Files.isDirectory(destination) && !isEmpty(destination)) {
            if (!intoExisting) {
                throw new RtException(ErrorCode.USAGE, destination + " is not empty: give a new or empty directory with"
                        + " --dir, or --force to add the project to it (no file is ever overwritten)");
            }
            List<String> inTheWay = tree.entries().stream().map(ProjectTree.Entry::path)
                    .filter(path -> Files.exists(destination.resolve(path))).toList();
            if (!inTheWay.isEmpty()) {
                throw new RtException(ErrorCode.USAGE, "cannot create the project in " + destination + ": "
                        + String.join(", ", inTheWay) + (inTheWay.size() == 1 ? " is" : " are")
                        + " already there, and rt create never overwrites a file; nothing was written");
            }
        }
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> children = Files.list(directory)) {
            return children.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a leftover hidden directory is harmless
        }
    }
}
