package dev.rt.messaging;

import java.util.LinkedHashMap;
import java.util.Map;

/** Handlers registered before a runtime was installed; guarded by {@code Messaging.class}. */
final class PendingHandlers {
    private static final Map<String, MessageHandler> HANDLERS = new LinkedHashMap<>();

    private PendingHandlers() {
    }

    static void put(String name, MessageHandler handler) {
        HANDLERS.put(name, handler);
    }

    static void drainTo(MessagingRuntime runtime) {
        HANDLERS.forEach(runtime::handle);
        HANDLERS.clear();
    }
}
