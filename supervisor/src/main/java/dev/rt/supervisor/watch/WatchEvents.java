package dev.rt.supervisor.watch;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;

/**
 * Where a {@link TreeWatch} gets its file events: the JDK's {@link WatchService} ({@link #system()}), or a test's
 * stand-in around it (a lost event, {@code OVERFLOW}, cannot be made to happen on demand). Every key it returns has
 * the registered directory as its {@link WatchKey#watchable()}.
 */
public interface WatchEvents extends Closeable {
    /**
     * Watches {@code directory} (not its subdirectories) for entries created, modified and deleted; returns its key,
     * the same one again for a directory watched already.
     */
    WatchKey register(Path directory) throws IOException;

    /** The next signalled key, waiting for one. */
    WatchKey take() throws InterruptedException;

    /** The next signalled key, or null when none comes within {@code millis}. */
    WatchKey poll(long millis) throws InterruptedException;

    /** The default file system's watch service. */
    static WatchEvents system() throws IOException {
        WatchService service = FileSystems.getDefault().newWatchService();
        return new WatchEvents() {
            @Override
            public WatchKey register(Path directory) throws IOException {
                return directory.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                        StandardWatchEventKinds.ENTRY_DELETE);
            }

            @Override
            public WatchKey take() throws InterruptedException {
                return service.take();
            }

            @Override
            public WatchKey poll(long millis) throws InterruptedException {
                return service.poll(millis, TimeUnit.MILLISECONDS);
            }

            @Override
            public void close() throws IOException {
                service.close();
            }
        };
    }
}
