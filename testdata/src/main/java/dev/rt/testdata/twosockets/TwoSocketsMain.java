package dev.rt.testdata.twosockets;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A server like a database with a web console, or one with a cluster port: it first opens a port of another
 * protocol (which greets each connection with {@code +OK two-sockets ready} and closes it), then, after
 * {@code TWO_SOCKETS_DELAY_MS} (default 300), its HTTP port, on {@code TWO_SOCKETS_HTTP_PORT} (default: any) and not
 * on {@code PORT}. Both bind {@code HOST} (every interface when it is unset), as many servers do. It answers
 * {@code two-sockets http <pid>}.
 */
public final class TwoSocketsMain {
    private TwoSocketsMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String host = System.getenv().getOrDefault("HOST", "0.0.0.0");
        ServerSocket other = new ServerSocket();
        other.bind(new InetSocketAddress(host, 0), 50);
        Thread greeter = new Thread(() -> greet(other), "two-sockets-protocol");
        greeter.start();
        System.out.println("two-sockets: protocol port " + other.getLocalPort());
        Thread.sleep(Long.parseLong(System.getenv().getOrDefault("TWO_SOCKETS_DELAY_MS", "300")));
        int port = Integer.parseInt(System.getenv().getOrDefault("TWO_SOCKETS_HTTP_PORT", "0"));
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 50);
        byte[] body = ("two-sockets http " + ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8);
        http.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        http.start();
        System.out.println("two-sockets: HTTP port " + http.getAddress().getPort());
    }

    private static void greet(ServerSocket server) {
        while (true) {
            try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                out.write("+OK two-sockets ready\r\n".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return;
            }
        }
    }
}
