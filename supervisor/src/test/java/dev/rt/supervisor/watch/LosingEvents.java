package dev.rt.supervisor.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.Watchable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The system's watch events, except that those of the directories {@link #lose} names never arrive, as when the
 * kernel's queue overflows, and {@link #overflow} signals {@code OVERFLOW} for a directory, as the JDK then does.
 */
final class LosingEvents implements WatchEvents {
    private final WatchEvents system;
    private final BlockingQueue<WatchKey> keys = new LinkedBlockingQueue<>();
    private final Set<Path> losing = ConcurrentHashMap.newKeySet();

    LosingEvents() throws IOException {
        this.system = WatchEvents.system();
        Thread pump = new Thread(this::pump, "losing-events");
        pump.setDaemon(true);
        pump.start();
    }

    private void pump() {
        try {
            while (true) {
                WatchKey key = system.take();
                if (losing.contains((Path) key.watchable())) {
                    key.pollEvents();
                    key.reset();
                } else {
                    keys.add(key);
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        }
    }

    /** From now on, the events of {@code directory} are lost. */
    void lose(Path directory) {
        losing.add(directory);
    }

    /** Signals that events of {@code directory} were lost. */
    void overflow(Path directory) {
        WatchEvent<Object> event = new WatchEvent<>() {
            @Override
            public Kind<Object> kind() {
                return StandardWatchEventKinds.OVERFLOW;
            }

            @Override
            public int count() {
                return 1;
            }

            @Override
            public Object context() {
                return null;
            }
        };
        keys.add(new WatchKey() {
            @Override
            public boolean isValid() {
                return true;
            }

            @Override
            public List<WatchEvent<?>> pollEvents() {
                return List.of(event);
            }

            @Override
            public boolean reset() {
                return true;
            }

            @Override
            public void cancel() {
            }

            @Override
            public Watchable watchable() {
                return directory;
            }
        });
    }

    @Override
    public WatchKey register(Path directory) throws IOException {
        return system.register(directory);
    }

    @Override
    public WatchKey take() throws InterruptedException {
        return keys.take();
    }

    @Override
    public WatchKey poll(long millis) throws InterruptedException {
        return keys.poll(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws IOException {
        system.close();
    }
}
