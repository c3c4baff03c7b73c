package dev.rt.protocol;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code type} name of each message record on the wire: every record {@link Message} permits. */
final class MessageTypes {
    private static final List<Class<? extends Message>> TYPES = Arrays.stream(Message.class.getPermittedSubclasses())
            .<Class<? extends Message>>map(type -> type.asSubclass(Message.class)).toList();
    private static final Map<String, Class<? extends Message>> BY_NAME = new HashMap<>();

    static {
        TYPES.forEach(type -> BY_NAME.put(name(type), type));
    }

    private MessageTypes() {
    }

    /** Every registered record. */
    static List<Class<? extends Message>> all() {
        return TYPES;
    }

    /** The record's simple name with a lower-case first letter: {@code helloAck}. */
    static String name(Class<?> type) {
        String simple = type.getSimpleName();
        return Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
    }

    /** The record named {@code name}, or {@code null}. */
    static Class<? extends Message> byName(String name) {
        return BY_NAME.get(name);
    }
}
