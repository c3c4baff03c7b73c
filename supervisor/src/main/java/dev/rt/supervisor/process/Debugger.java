package dev.rt.supervisor.process;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * {@code --inspect[=[host:]port]} and {@code --inspect-brk[=[host:]port]}: JDWP on every worker JVM, each
 * worker on its own port counted up from {@code basePort} ({@code 127.0.0.1:9229} by default), passing over
 * ports other programs hold. With
 * {@code suspend}, a worker waits for a debugger before it runs any code. A base port of 0 lets each JVM
 * pick a free port and print it.
 */
public record Debugger(boolean enabled, String host, int basePort, boolean suspend) {
    public static final Debugger OFF = new Debugger(false, "127.0.0.1", 0, false);
    static final String DEFAULT_HOST = "127.0.0.1";
    static final int DEFAULT_PORT = 9229;

    public Debugger {
        if (basePort < 0 || basePort > 65535) {
            throw new IllegalArgumentException("port out of range: " + basePort);
        }
    }

    /**
     * Reads the value of {@code --inspect} or {@code --inspect-brk}: empty, {@code port}, {@code host:port}
     * or {@code [ipv6]:port}.
     *
     * @throws RtException {@code RT_USAGE} naming the option and what it accepts
     */
    public static Debugger parse(String option, String value, boolean suspend) {
        String text = value.strip();
        if (text.isEmpty()) {
            return new Debugger(true, DEFAULT_HOST, DEFAULT_PORT, suspend);
        }
        int colon = text.lastIndexOf(':');
        String host = colon < 0 ? DEFAULT_HOST : text.substring(0, colon);
        String port = colon < 0 ? text : text.substring(colon + 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int number = Integer.parseInt(port);
            if (number >= 0 && number <= 65535 && !host.isBlank()) {
                return new Debugger(true, host, number, suspend);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new RtException(ErrorCode.USAGE, option + " takes [host:]port with a port from 0 to 65535, found \""
                + value + "\" (for example " + option + "=9229 or " + option + "=127.0.0.1:9229)");
    }

    /** The port of the worker with debug slot {@code slot}: the base plus the slot, or 0 for "any". */
    int port(int slot) {
        return basePort == 0 ? 0 : basePort + slot;
    }

    /** Whether the port of debug slot {@code slot} is free on the host now (always, for "any port"). */
    boolean canListen(int slot) {
        int port = port(slot);
        if (port == 0) {
            return true;
        }
        if (port > 65535) {
            return false;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(host, port));
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }

    /** The JVM option for a worker listening on {@code port}. */
    String jvmOption(int port) {
        String address = host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
        return "-agentlib:jdwp=transport=dt_socket,server=y,suspend=" + (suspend ? "y" : "n") + ",address=" + address;
    }
}
