package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The migrations folder: its files, in version order, and their checksums. */
public final class MigrationFolder {
    private static final Pattern FILE = Pattern.compile("^(\\d+)\\.(do|undo)(?:\\.([^.]*))?\\.sql$");

    private final MigrationSettings settings;
    private final List<MigrationFile> files;

    private MigrationFolder(MigrationSettings settings, List<MigrationFile> files) {
        this.settings = settings;
        this.files = files;
    }

    /** @throws KindException when the folder does not exist, or holds two files of one version and action */
    public static MigrationFolder read(MigrationSettings settings) {
        Path dir = settings.dir();
        if (!Files.isDirectory(dir)) {
            throw KindException.at("/migrations/dir", "Migrations directory " + dir + " does not exist; create it,"
                    + " or run rt db migrations create");
        }
        List<MigrationFile> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path path : entries.sorted().toList()) {
                Matcher m = FILE.matcher(path.getFileName().toString());
                if (m.matches() && Files.isRegularFile(path)) {
                    files.add(new MigrationFile(Long.parseLong(m.group(1)), m.group(2).equals("do"),
                            m.group(3) == null ? "" : m.group(3), path));
                }
            }
        } catch (IOException e) {
            throw new KindException("cannot list the migrations directory " + dir + ": " + e.getMessage());
        }
        for (int i = 0; i < files.size(); i++) {
            for (int j = i + 1; j < files.size(); j++) {
                if (files.get(i).version() == files.get(j).version() && files.get(i).up() == files.get(j).up()) {
                    throw new KindException("Two migrations found with version " + files.get(i).version()
                            + " and action " + (files.get(i).up() ? "do" : "undo") + ": " + files.get(i).fileName()
                            + " and " + files.get(j).fileName() + " in " + dir);
                }
            }
        }
        files.sort(Comparator.comparingLong(MigrationFile::version));
        return new MigrationFolder(settings, List.copyOf(files));
    }

    public List<MigrationFile> files() {
        return files;
    }

    public Optional<MigrationFile> up(long version) {
        return files.stream().filter(f -> f.up() && f.version() == version).findFirst();
    }

    public Optional<MigrationFile> down(long version) {
        return files.stream().filter(f -> !f.up() && f.version() == version).findFirst();
    }

    /** The highest version any file has; 0 when there is none. */
    public long maxVersion() {
        return files.stream().mapToLong(MigrationFile::version).max().orElse(0);
    }

    public String text(MigrationFile file) {
        try {
            return Files.readString(file.path(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new KindException("cannot read the migration " + file.path() + ": " + e.getMessage());
        }
    }

    /** The MD5 of the file's text in hex, its line endings first made {@code newline} when that is set. */
    public String checksum(MigrationFile file) {
        String text = text(file);
        if (settings.newline().isPresent()) {
            String ending = switch (settings.newline().get()) {
                case "CR" -> "\r";
                case "CRLF" -> "\r\n";
                default -> "\n";
            };
            text = text.replaceAll("\r\n|\r|\n", java.util.regex.Matcher.quoteReplacement(ending));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }
}
