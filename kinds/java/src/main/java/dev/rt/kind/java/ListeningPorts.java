package dev.rt.kind.java;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * TCP ports in LISTEN state owned by this process, from Linux's {@code /proc/self/net/tcp[6]} tables (which
 * list the whole network namespace) filtered by the socket inodes among {@code /proc/self/fd}.
 */
final class ListeningPorts {
    private static final Path PROC_SELF = Path.of("/proc/self");
    private static final String LISTEN_STATE = "0A";
    private static final Pattern SOCKET_LINK = Pattern.compile("socket:\\[(\\d+)]");

    private ListeningPorts() {
    }

    /** Whether this system has the tables (Linux). */
    static boolean available() {
        return Files.isReadable(PROC_SELF.resolve("net/tcp"));
    }

    /** Listening ports of this process, in table order, without duplicates. */
    static List<Integer> ofThisProcess() throws IOException {
        Set<Long> inodes = socketInodes(fdLinks());
        Set<Integer> ports = new LinkedHashSet<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            Path file = PROC_SELF.resolve(table);
            if (Files.isReadable(file)) {
                ports.addAll(parse(Files.readString(file), inodes));
            }
        }
        return List.copyOf(ports);
    }

    /**
     * The local ports of the LISTEN rows of a {@code /proc/net/tcp} or {@code tcp6} table whose inode is
     * in {@code socketInodes}.
     */
    static List<Integer> parse(String table, Set<Long> socketInodes) {
        List<Integer> ports = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
            if (fields.length < 10 || !fields[0].endsWith(":") || !fields[3].equals(LISTEN_STATE)) {
                continue;
            }
            int colon = fields[1].lastIndexOf(':');
            try {
                long inode = Long.parseLong(fields[9]);
                int port = Integer.parseInt(fields[1].substring(colon + 1), 16);
                if (socketInodes.contains(inode) && !ports.contains(port)) {
                    ports.add(port);
                }
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                // not a socket row
            }
        }
        return ports;
    }

    /** The inodes of {@code socket:[inode]} file-descriptor links. */
    static Set<Long> socketInodes(List<String> fdLinks) {
        Set<Long> inodes = new HashSet<>();
        for (String link : fdLinks) {
            Matcher matcher = SOCKET_LINK.matcher(link);
            if (matcher.matches()) {
                inodes.add(Long.parseLong(matcher.group(1)));
            }
        }
        return inodes;
    }

    private static List<String> fdLinks() throws IOException {
        List<String> links = new ArrayList<>();
        try (Stream<Path> fds = Files.list(PROC_SELF.resolve("fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    links.add(Files.readSymbolicLink(fd).toString());
                } catch (IOException e) {
                    // closed since the listing
                }
            }
        }
        return links;
    }
}
