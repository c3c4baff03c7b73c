package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A {@code java.jar} or {@code java.main} application run unchanged: its {@code main} runs on a non-daemon
 * thread named "main" and the kind adopts the port it serves HTTP on ({@link PortAdoption}). {@code main} returning
 * while the application's own threads serve is normal; {@code main} throwing before a port is adopted is a start
 * failure.
 */
final class WrappedApplication implements RunningApplication {
    private static final long POLL_MILLIS = 20;
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private final int port;
    private final String listenAddress;

    private WrappedApplication(int port, String listenAddress) {
        this.port = port;
        this.listenAddress = listenAddress;
    }

    /**
     * Runs {@code main} and blocks until the application serves HTTP; {@code namedBy} is used in messages,
     * {@code httpPort} is {@code java.port}.
     */
    static WrappedApplication start(Method main, ClassLoader loader, String namedBy, OptionalInt httpPort,
            WorkerContext context) {
        String worker = "worker " + context.workerIndex() + " of the service \"" + context.serviceId() + "\"";
        PortAdoption adoption = new PortAdoption(PortAdoption::listeningPorts, new HttpProbe(PROBE_TIMEOUT),
                context.offeredPort(), httpPort, worker, context.log());
        CompletableFuture<PortAdoption.Adopted> listening = new CompletableFuture<>();
        String[] args = context.arguments().toArray(String[]::new);
        Thread thread = new Thread(() -> runMain(main, args, listening), "main");
        thread.setContextClassLoader(loader);
        thread.start();
        while (true) {
            try {
                return adopted(listening.get(POLL_MILLIS, TimeUnit.MILLISECONDS), worker, context);
            } catch (TimeoutException e) {
                adoption.poll(System.nanoTime()).ifPresent(listening::complete);
            } catch (ExecutionException e) {
                Throwable failure = e.getCause();
                failure.printStackTrace();
                throw new KindException("the main method of " + main.getDeclaringClass().getName()
                        + " named by " + namedBy + " of service \"" + context.serviceId() + "\" threw " + failure
                        + " before serving HTTP on a port (its stack trace is on the worker's stderr)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KindException("interrupted while waiting for service \"" + context.serviceId()
                        + "\" to listen on a port");
            }
        }
    }

    /** The adopted port with the address it is bound to (the widest, when several sockets share the port). */
    private static WrappedApplication adopted(PortAdoption.Adopted adopted, String worker, WorkerContext context) {
        List<ListeningSocket> sockets;
        try {
            sockets = ListeningPorts.available() ? ListeningPorts.ofThisProcess() : List.of();
        } catch (IOException e) {
            sockets = List.of();
        }
        String address = sockets.stream().filter(s -> s.port() == adopted.port())
                .sorted(Comparator.comparing(ListeningSocket::wildcard).reversed()).findFirst()
                .map(ListeningSocket::host).orElse("127.0.0.1");
        if (!adopted.others().isEmpty()) {
            context.log().info("The " + worker + " serves HTTP on port " + adopted.port() + "; it also listens on "
                    + adopted.others().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + ", where rt sends nothing.");
        }
        return new WrappedApplication(adopted.port(), address);
    }

    private static void runMain(Method main, String[] args, CompletableFuture<PortAdoption.Adopted> listening) {
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            fail(e.getCause(), listening);
        } catch (ExceptionInInitializerError e) {
            fail(e.getCause() == null ? e : e.getCause(), listening);
        } catch (IllegalAccessException | RuntimeException e) {
            fail(e, listening);
        }
    }

    /** Before the port is adopted a failure fails the start; after, it is an uncaught exception like any other. */
    private static void fail(Throwable failure, CompletableFuture<PortAdoption.Adopted> listening) {
        if (!listening.completeExceptionally(failure)) {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, failure);
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String listenAddress() {
        return listenAddress;
    }

    /** Nothing to do before exit: the application's own shutdown hooks do the graceful part. */
    @Override
    public void stop(Duration deadline) {
        // the JVM exit that follows runs the application's shutdown hooks
    }
}
