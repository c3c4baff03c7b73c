package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Finds the running runtimes: every all-digit entry of {@code <tmpdir>/rt/pids} is a socket named by its
 * runtime's pid; each is asked for its metadata. A socket nobody accepts on (its runtime is gone) is removed;
 * one that accepts but does not answer within {@link #METADATA_TIMEOUT} is reported and skipped.
 */
public final class RuntimeDiscovery {
    /** A runtime answers its metadata from memory, in milliseconds: past this, {@code rt ps} goes on without it. */
    static final Duration METADATA_TIMEOUT = Duration.ofSeconds(5);

    private final Path directory;
    private final Consumer<String> warnings;
    private final Duration metadataTimeout;

    public RuntimeDiscovery(Consumer<String> warnings) {
        this(ManagementSocketPath.pidsDirectory(), warnings);
    }

    public RuntimeDiscovery(Path directory, Consumer<String> warnings) {
        this(directory, warnings, METADATA_TIMEOUT);
    }

    RuntimeDiscovery(Path directory, Consumer<String> warnings, Duration metadataTimeout) {
        this.directory = directory;
        this.warnings = warnings;
        this.metadataTimeout = metadataTimeout;
    }

    /** The runtimes that answer, by pid. */
    public List<RuntimeInfo> list() {
        List<RuntimeInfo> found = new ArrayList<>();
        List<Path> sockets;
        try (Stream<Path> entries = Files.list(directory)) {
            sockets = entries.filter(p -> p.getFileName().toString().matches("\\d+")).toList();
        } catch (NoSuchFileException e) {
            return found;
        } catch (IOException e) {
            warnings.accept("cannot list " + directory + ": " + e.getMessage());
            return found;
        }
        for (Path socket : sockets) {
            long pid = Long.parseLong(socket.getFileName().toString());
            query(pid, socket).ifPresent(found::add);
        }
        found.sort(Comparator.comparingLong(RuntimeInfo::pid));
        return found;
    }

    /** The runtime listening on one socket (a custom {@code managementApi.socket}), queried as pid 0 if it has none. */
    public static RuntimeInfo at(Path socket) {
        try {
            var metadata = metadata(socket, METADATA_TIMEOUT);
            return new RuntimeInfo(metadata.path("pid").asLong(0), socket, metadata);
        } catch (IOException e) {
            throw new RtException(ErrorCode.RUNTIME_UNREACHABLE, "no runtime answers on " + socket + ": " + e.getMessage());
        }
    }

    private Optional<RuntimeInfo> query(long pid, Path socket) {
        try {
            return Optional.of(new RuntimeInfo(pid, socket, metadata(socket, metadataTimeout)));
        } catch (ConnectException | NoSuchFileException e) {
            removeStale(socket);
        } catch (IOException e) {
            if (isStale(e)) {
                removeStale(socket);
            } else {
                warnings.accept("Failed to retrieve metadata for runtime with PID " + pid + ": " + e.getMessage());
            }
        } catch (RtException e) {
            warnings.accept("Failed to retrieve metadata for runtime with PID " + pid + ": " + e.getMessage());
        }
        return Optional.empty();
    }

    private static JsonNode metadata(Path socket, Duration timeout) throws IOException {
        return ManagementClient.json(new ManagementClient(socket).request("GET", "/metadata", List.of(), new byte[0],
                timeout));
    }

    private static boolean isStale(IOException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("Connection refused") || message.contains("No such file");
    }

    private void removeStale(Path socket) {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            warnings.accept("cannot remove the stale socket " + socket + ": " + e.getMessage());
        }
    }
}
