package dev.rt.cli.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A TCP relay on the loopback interface between a program and a server, whose link the test cuts as a pulled cable
 * does: from the cut on, nothing passes either way and nobody is told (no FIN, no reset), so each side waits on a
 * connection that looks open; new connections get no answer either. The cut can be timed on the traffic: right after
 * the client sends a marker and the server answers it (say, the moment a PostgreSQL client holds a row lock it just
 * took). {@link #restore} ends the connections held across the cut, as the server will have by then, and relays new
 * ones again. Hand-written: Toxiproxy's timeout toxic cuts this way, but it is a server of its own that Debian does
 * not package and no registry here serves, and no Java proxy library times a cut on what passes.
 */
public final class CuttableLink implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final CountDownLatch wasCut = new CountDownLatch(1);
    private volatile String marker;
    private volatile Object answerAwaited;
    private volatile boolean cut;

    /** Relays from a free loopback port ({@link #port}) to {@code targetPort} on the loopback interface. */
    public CuttableLink(int targetPort) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        target = new InetSocketAddress(loopback, targetPort);
        listener = new ServerSocket(0, 50, loopback);
        Thread accepting = new Thread(this::accept, "cuttable-link");
        accepting.setDaemon(true);
        accepting.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Cuts the link once the client has sent {@code text} and the server has answered it. */
    public void cutAfter(String text) {
        marker = text;
    }

    /** Whether the cut happened within {@code limit}. */
    public boolean awaitCut(Duration limit) throws InterruptedException {
        return wasCut.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Ends every connection the cut held and relays new ones again. */
    public void restore() {
        cut = false;
        marker = null;
        sockets.forEach(CuttableLink::closeQuietly);
        sockets.clear();
    }

    @Override
    public void close() {
        closeQuietly(listener);
        sockets.forEach(CuttableLink::closeQuietly);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                sockets.add(client);
                if (cut) { // no answer: what the client sends goes nowhere
                    pump(client.getInputStream(), OutputStream.nullOutputStream(), client, null, false);
                    continue;
                }
                Socket server = new Socket(target.getAddress(), target.getPort());
                sockets.add(server);
                pump(client.getInputStream(), server.getOutputStream(), client, server, true);
                pump(server.getInputStream(), client.getOutputStream(), server, client, false);
            } catch (IOException e) {
                // the listener closed, or the server refused one connection: the client sees its own failure
            }
        }
    }

    /** Copies {@code from} to {@code to} until the end, passing nothing once cut; the end of one ends its peer. */
    private void pump(InputStream from, OutputStream to, Socket source, Socket peer, boolean fromClient) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                int read;
                while ((read = from.read(buffer)) >= 0) {
                    if (cut) {
                        continue;
                    }
                    if (fromClient) {
                        arm(peer, buffer, read);
                    }
                    to.write(buffer, 0, read);
                    to.flush();
                    if (!fromClient && answerAwaited == source) {
                        cut = true;
                        answerAwaited = null;
                        wasCut.countDown();
                    }
                }
            } catch (IOException e) {
                // closed by the other pump, by restore() or by the program: the end of this direction
            }
            closeQuietly(source);
            if (!cut && peer != null) { // across a cut, the other side learns nothing
                closeQuietly(peer);
            }
        }, "cuttable-link-pump");
        thread.setDaemon(true);
        thread.start();
    }

    /** Arms the cut when a client sends the marker: the server's answer on that connection is the last to pass. */
    private void arm(Socket server, byte[] buffer, int length) {
        String text = marker;
        if (text != null && answerAwaited == null
                && new String(buffer, 0, length, StandardCharsets.ISO_8859_1).contains(text)) {
            answerAwaited = server;
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing what may be closed already
        }
    }
}
