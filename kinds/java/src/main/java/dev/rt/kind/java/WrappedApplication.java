package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@code java.jar} or {@code java.main} application run unchanged: its {@code main} runs on a non-daemon
 * thread named "main" and the agent adopts the port it listens on. {@code main} returning while the
 * application's own threads serve is normal; {@code main} throwing before a port appears is a start failure.
 */
final class WrappedApplication implements RunningApplication {
    private static final long POLL_MILLIS = 20;

    private final int port;

    private WrappedApplication(int port) {
        this.port = port;
    }

    /** Runs {@code main} and blocks until the application listens; {@code namedBy} is used in messages. */
    static WrappedApplication start(Method main, ClassLoader loader, String namedBy, WorkerContext context) {
        PortAdoption adoption = PortAdoption.begin(context.offeredPort());
        CompletableFuture<Integer> listening = new CompletableFuture<>();
        String[] args = context.arguments().toArray(String[]::new);
        Thread thread = new Thread(() -> runMain(main, args, listening), "main");
        thread.setContextClassLoader(loader);
        thread.start();
        while (true) {
            try {
                return new WrappedApplication(listening.get(POLL_MILLIS, TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                adoption.poll().ifPresent(listening::complete);
            } catch (ExecutionException e) {
                Throwable failure = e.getCause();
                failure.printStackTrace();
                throw new KindException("the main method of " + main.getDeclaringClass().getName()
                        + " named by " + namedBy + " of service \"" + context.serviceId() + "\" threw " + failure
                        + " before listening on a port (its stack trace is on the worker's stderr)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KindException("interrupted while waiting for service \"" + context.serviceId()
                        + "\" to listen on a port");
            }
        }
    }

    private static void runMain(Method main, String[] args, CompletableFuture<Integer> listening) {
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
    private static void fail(Throwable failure, CompletableFuture<Integer> listening) {
        if (!listening.completeExceptionally(failure)) {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, failure);
        }
    }

    @Override
    public int port() {
        return port;
    }

    /** Nothing to do before exit: the application's own shutdown hooks do the graceful part. */
    @Override
    public void stop(Duration deadline) {
        // the JVM exit that follows runs the application's shutdown hooks
    }
}
