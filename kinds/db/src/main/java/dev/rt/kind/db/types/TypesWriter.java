package dev.rt.kind.db.types;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.EntityModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code rt db types}: writes the entities' types into {@code types.dir}, each file only when its text changes, and
 * removes the files it wrote for entities that are gone (never a file it did not write).
 */
public final class TypesWriter {
    private TypesWriter() {
    }

    /** @return how many files were written */
    public static int write(EntityModel model, Path dir, boolean typescript, KindLog log) {
        if (model.entities().isEmpty()) {
            log.warn("No tables found in the database: no types to write");
            return 0;
        }
        String pkg = packageOf(dir);
        int written = 0;
        try {
            Files.createDirectories(dir);
            Set<String> current = new HashSet<>();
            for (Entity entity : model.entities()) {
                current.add(entity.name() + ".java");
                if (writeIfChanged(dir.resolve(entity.name() + ".java"), JavaTypes.record(pkg, entity))) {
                    log.info("Generated type for " + entity.name() + " entity.");
                    written++;
                }
                if (typescript) {
                    current.add(entity.singularName() + ".d.ts");
                    written += writeIfChanged(dir.resolve(entity.singularName() + ".d.ts"),
                            TypeScriptTypes.entity(entity)) ? 1 : 0;
                }
            }
            current.add("EntityTypes.java");
            if (writeIfChanged(dir.resolve("EntityTypes.java"), JavaTypes.index(pkg, model))) {
                log.info("Regenerated EntityTypes.java.");
                written++;
            }
            if (typescript) {
                current.add("index.d.ts");
                if (writeIfChanged(dir.resolve("index.d.ts"), TypeScriptTypes.index(model))) {
                    log.info("Regenerated index.d.ts.");
                    written++;
                }
            }
            removeStale(dir, current);
        } catch (IOException e) {
            throw new KindException("cannot write the types in " + dir + ": " + e);
        }
        return written;
    }

    /** The package of the generated records: the directory's name, when it can be one. */
    static String packageOf(Path dir) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
        return name.matches("[a-z_][a-z0-9_]*") ? name : "";
    }

    private static boolean writeIfChanged(Path file, String text) throws IOException {
        if (Files.isRegularFile(file) && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
            return false;
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return true;
    }

    private static void removeStale(Path dir, Set<String> current) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                boolean ours = (name.endsWith(".java") || name.endsWith(".d.ts"))
                        && Files.readString(file, StandardCharsets.UTF_8).startsWith(JavaTypes.MARK);
                if (ours && !current.contains(name)) {
                    Files.delete(file);
                }
            }
        }
    }
}
