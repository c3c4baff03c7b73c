package dev.rt.kind.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * TCP ports of 127.0.0.1 for tests, without the race of "pick a free port, close it, and let a program bind it later",
 * which another process on a busy machine wins now and then:
 * <ul>
 * <li>a port that must refuse connections is {@linkplain #refusing() held} (bound, never listening) for as long as
 * the test needs it, so that nothing else can take it meanwhile;
 * <li>a port a program can only be told, and binds later, is {@linkplain #unused() picked} outside the kernel's
 * ephemeral range, where every outgoing connection and every bind to port 0 on the machine take theirs, and the
 * program is {@linkplain #startRetrying started again on another port} if the port was taken all the same.
 * </ul>
 * A program that can bind port 0 and tell which port it got needs none of this.
 */
public final class TestPorts {
    /** Below this, ports are the well-known and registered ones that daemons bind. */
    private static final int LOWEST = 20_000;
    private static final int TRIES = 100;

    private TestPorts() {
    }

    /** A port that refuses connections until {@link Held#close()}: bound by a socket that never listens. */
    public static Held refusing() {
        Socket socket = new Socket();
        try {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind a port of 127.0.0.1", e);
        }
        return new Held(socket);
    }

    /**
     * A port of 127.0.0.1 that nothing is bound to now, chosen at random below the ephemeral range: only a program
     * that binds that very port can take it before the caller's program does.
     */
    public static int unused() {
        int[] range = ephemeralRange();
        int high = range[0] - 1;
        for (int attempt = 0; attempt < TRIES; attempt++) {
            int port = high > LOWEST ? ThreadLocalRandom.current().nextInt(LOWEST, high + 1) : anyFree();
            if (bindable(port)) {
                return port;
            }
        }
        return anyFree();
    }

    /**
     * {@code start} on an {@linkplain #unused() unused} port; when it fails because the port was taken meanwhile (a
     * failure that says "address already in use" anywhere in its causes or messages), once more on another port, up
     * to {@code attempts} times. Any other failure is thrown at once.
     */
    public static <T> T startRetrying(int attempts, OnPort<T> start) throws Exception {
        Throwable last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            try {
                return start.on(unused());
            } catch (Exception | AssertionError e) {
                if (!portTaken(e)) {
                    throw e;
                }
                if (last != null) {
                    e.addSuppressed(last);
                }
                last = e;
            }
        }
        if (last instanceof AssertionError error) {
            throw error;
        }
        throw (Exception) last;
    }

    /** Whether {@code failure} says that a port was taken. */
    public static boolean portTaken(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException || String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT)
                    .contains("address already in use")) {
                return true;
            }
        }
        return false;
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int anyFree() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind a port of 127.0.0.1", e);
        }
    }

    /** {@code net.ipv4.ip_local_port_range}, or Linux's default when it cannot be read. */
    private static int[] ephemeralRange() {
        try {
            String[] bounds = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).strip().split("\\s+");
            return new int[] {Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1])};
        } catch (IOException | RuntimeException e) {
            return new int[] {32_768, 60_999};
        }
    }

    /** A program started on a port it was told. */
    @FunctionalInterface
    public interface OnPort<T> {
        T on(int port) throws Exception;
    }

    /** A held port: nothing listens there, so connections are refused, and nothing else can bind it. */
    public static final class Held implements AutoCloseable {
        private final Socket socket;

        private Held(Socket socket) {
            this.socket = socket;
        }

        public int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing a socket that never connected: nothing to report
            }
        }
    }
}
