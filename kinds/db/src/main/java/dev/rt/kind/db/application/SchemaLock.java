package dev.rt.kind.db.application;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.model.TableInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code db.schemalock}: the schema as read from the database, kept in a file so that a start need not read the
 * catalogue again. Written when missing and after migrations change the schema; a file that cannot be read is
 * ignored (the schema is read from the database instead).
 */
final class SchemaLock {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaLock() {
    }

    static Optional<List<TableInfo>> read(Path file, KindLog log) {
        if (!Files.isRegularFile(file)) {
            log.info("no schema lock found at " + file + ", will create one");
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), new TypeReference<List<TableInfo>>() { }));
        } catch (IOException e) {
            log.warn("cannot read the schema lock " + file + " (" + e.getMessage() + "): reading the schema from the"
                    + " database instead");
            return Optional.empty();
        }
    }

    static void write(Path file, List<TableInfo> tables, KindLog log) {
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tables);
        } catch (IOException e) {
            log.warn("cannot write the schema lock " + file + ": " + e.getMessage());
        }
    }
}
