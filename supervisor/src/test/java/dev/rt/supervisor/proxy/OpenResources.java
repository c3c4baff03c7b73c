package dev.rt.supervisor.proxy;

import java.util.ArrayDeque;
import java.util.Deque;

/** What a test opened, closed in reverse order after it, even when it failed. */
final class OpenResources implements AutoCloseable {
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    <T extends AutoCloseable> T open(T resource) {
        resources.push(resource);
        return resource;
    }

    void push(AutoCloseable resource) {
        resources.push(resource);
    }

    @Override
    public void close() throws Exception {
        while (!resources.isEmpty()) {
            resources.pop().close();
        }
    }
}
