package dev.rt.kind.java;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One HTTP request to a port of this machine, to tell the port a wrapped application serves HTTP on from its other
 * sockets (a database's TCP port, a cluster port): {@code HEAD /} over HTTP/1.1 on 127.0.0.1, where rt's proxy
 * connects too. Any status counts as HTTP; only the answer's first bytes are read.
 */
final class HttpProbe {
    private static final byte[] HTTP = "HTTP/".getBytes(StandardCharsets.US_ASCII);

    /** What the port did with the request. */
    enum Verdict {
        HTTP("answered HTTP"),
        NOT_HTTP("answered with bytes that are not HTTP"),
        CLOSED("accepted the connection and closed it without an answer"),
        SILENT("accepted the connection but did not answer"),
        REFUSED("refused the connection");

        private final String description;

        Verdict(String description) {
            this.description = description;
        }

        /** For messages: {@code port 9092 answered with bytes that are not HTTP}. */
        String description() {
            return description;
        }

        /** Whether asking again later may give another answer: a server may accept before it serves. */
        boolean mayChange() {
            return this != HTTP && this != NOT_HTTP;
        }
    }

    private final Duration timeout;

    HttpProbe(Duration timeout) {
        this.timeout = timeout;
    }

    Verdict probe(int port) {
        int millis = (int) timeout.toMillis();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), millis);
            socket.setSoTimeout(millis);
            socket.getOutputStream().write(("HEAD / HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nUser-Agent: rt-port-probe\r\nAccept: */*\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return judge(socket.getInputStream());
        } catch (ConnectException e) {
            return Verdict.REFUSED;
        } catch (SocketTimeoutException e) {
            return Verdict.SILENT;
        } catch (IOException e) {
            return Verdict.CLOSED; // reset by the peer, or a connect that timed out on a full backlog
        }
    }

    private static Verdict judge(InputStream in) throws IOException {
        byte[] start = in.readNBytes(HTTP.length);
        if (start.length == 0) {
            return Verdict.CLOSED;
        }
        for (int i = 0; i < start.length; i++) {
            if (start[i] != HTTP[i]) {
                return Verdict.NOT_HTTP;
            }
        }
        return start.length == HTTP.length ? Verdict.HTTP : Verdict.NOT_HTTP;
    }
}
