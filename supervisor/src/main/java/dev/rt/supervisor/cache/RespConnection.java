package dev.rt.supervisor.cache;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One connection to Redis speaking RESP2, blocking, for one thread at a time: a command is an array of bulk strings,
 * a reply a {@code String} (simple), {@code Long}, {@code byte[]} (bulk; null when nil) or {@code List} (array).
 * A server error reply is an {@link IOException}. Reconnects on the next command after a failure.
 */
final class RespConnection implements AutoCloseable {
    private final String host;
    private final int port;
    private final int database;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    RespConnection(String host, int port, int database) {
        this.host = host;
        this.port = port;
        this.database = database;
    }

    Object command(Object... args) throws IOException {
        try {
            if (socket == null) {
                connect();
            }
            write(args);
            return read();
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private void connect() throws IOException {
        Socket opened = new Socket();
        opened.connect(new InetSocketAddress(host, port), 1000);
        opened.setSoTimeout(5000);
        opened.setTcpNoDelay(true);
        socket = opened;
        in = new BufferedInputStream(opened.getInputStream());
        out = new BufferedOutputStream(opened.getOutputStream());
        if (database != 0) {
            write(new Object[] {"SELECT", Integer.toString(database)});
            read();
        }
    }

    private void write(Object[] args) throws IOException {
        out.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (Object arg : args) {
            byte[] bytes = arg instanceof byte[] b ? b : arg.toString().getBytes(StandardCharsets.UTF_8);
            out.write(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write('\r');
            out.write('\n');
        }
        out.flush();
    }

    private Object read() throws IOException {
        int type = in.read();
        String line = line();
        switch (type) {
            case '+':
                return line;
            case '-':
                throw new IOException("Redis answered " + line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                byte[] bytes = in.readNBytes(length);
                if (bytes.length < length || in.read() != '\r' || in.read() != '\n') {
                    throw new EOFException("Redis closed the connection in a reply");
                }
                return bytes;
            }
            case '*': {
                int count = Integer.parseInt(line);
                List<Object> items = new ArrayList<>(Math.max(0, count));
                for (int i = 0; i < count; i++) {
                    items.add(read());
                }
                return count < 0 ? null : items;
            }
            case -1:
                throw new EOFException("Redis closed the connection");
            default:
                throw new IOException("not a RESP reply: " + (char) type + line);
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\r'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("Redis closed the connection");
            }
            line.append((char) c);
        }
        in.read(); // '\n'
        return line.toString();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing regardless
            }
        }
        socket = null;
    }
}
