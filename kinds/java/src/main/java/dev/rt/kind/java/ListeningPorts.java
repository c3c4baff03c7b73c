package dev.rt.kind.java;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * TCP sockets in LISTEN state owned by this process, from Linux's {@code /proc/self/net/tcp[6]} tables (which
 * list the whole network namespace) filtered by the socket inodes among {@code /proc/self/fd}. The tables print an
 * address as 32-bit words in the host's byte order.
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

    /** Listening sockets of this process, IPv4 table first, each in table order. */
    static List<ListeningSocket> ofThisProcess() throws IOException {
        Set<Long> inodes = socketInodes(fdLinks());
        List<ListeningSocket> sockets = new ArrayList<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            Path file = PROC_SELF.resolve(table);
            if (Files.isReadable(file)) {
                sockets.addAll(parse(Files.readString(file), inodes, ByteOrder.nativeOrder()));
            }
        }
        return List.copyOf(sockets);
    }

    /** The distinct ports of {@code sockets}, in order. */
    static List<Integer> ports(List<ListeningSocket> sockets) {
        return sockets.stream().map(ListeningSocket::port).distinct().toList();
    }

    /**
     * The LISTEN rows of a {@code /proc/net/tcp} or {@code tcp6} table whose inode is in {@code socketInodes};
     * {@code order} is the byte order of the host that wrote the table.
     */
    static List<ListeningSocket> parse(String table, Set<Long> socketInodes, ByteOrder order) {
        List<ListeningSocket> sockets = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
            if (fields.length < 10 || !fields[0].endsWith(":") || !fields[3].equals(LISTEN_STATE)) {
                continue;
            }
            int colon = fields[1].lastIndexOf(':');
            try {
                long inode = Long.parseLong(fields[9]);
                if (colon > 0 && socketInodes.contains(inode)) {
                    int port = Integer.parseInt(fields[1].substring(colon + 1), 16);
                    sockets.add(new ListeningSocket(port, address(fields[1].substring(0, colon), order)));
                }
            } catch (NumberFormatException | UnknownHostException e) {
                // not a socket row
            }
        }
        return sockets;
    }

    /** 8 or 32 hex digits: one or four 32-bit words, each printed as a number of the host's byte order. */
    private static InetAddress address(String hex, ByteOrder order) throws UnknownHostException {
        if (hex.length() != 8 && hex.length() != 32) {
            throw new UnknownHostException(hex);
        }
        ByteBuffer bytes = ByteBuffer.allocate(hex.length() / 2).order(order);
        for (int word = 0; word < hex.length(); word += 8) {
            bytes.putInt((int) Long.parseLong(hex.substring(word, word + 8), 16));
        }
        return InetAddress.getByAddress(bytes.array()); // an IPv4-mapped IPv6 address comes back as IPv4
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
