package dev.rt.config.install;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The kind of a configuration file: the runtime's own, or an application kind, named by its top-level key and the
 * kind segment of its {@code $schema} URL. The application kinds are those installed ({@link Kinds}) and those
 * whose schema rt announces while their module has yet to arrive ({@link #ANNOUNCED}): those validate, and refuse
 * to run.
 */
public record ConfigKind(String key) {
    public static final ConfigKind RUNTIME = new ConfigKind("runtime");

    /**
     * Application kinds whose configuration schema ships with rt but whose kind module is not part of this build:
     * a file of such a kind is validated, then refused with {@code RT_CONFIG_KIND_UNAVAILABLE}. Each leaves this list
     * when its module arrives and brings the schema along.
     */
    static final List<String> ANNOUNCED = List.of();

    public ConfigKind {
        Objects.requireNonNull(key, "key");
    }

    public boolean isApplication() {
        return !equals(RUNTIME);
    }

    /** Whether a kind module runs configurations of this kind, as opposed to a kind rt only announces. */
    public boolean isInstalled() {
        return isApplication() && Kinds.installed().names().contains(key);
    }

    /** The runtime, then the installed application kinds, then the announced ones not installed. */
    public static List<ConfigKind> values() {
        List<ConfigKind> kinds = new ArrayList<>(List.of(RUNTIME));
        applicationKeys().forEach(key -> kinds.add(new ConfigKind(key)));
        return List.copyOf(kinds);
    }

    /** The application kinds' keys, installed ones first. */
    public static List<String> applicationKeys() {
        List<String> keys = new ArrayList<>(Kinds.installed().names());
        ANNOUNCED.stream().filter(key -> !keys.contains(key)).forEach(keys::add);
        return List.copyOf(keys);
    }

    public static Optional<ConfigKind> of(String key) {
        return values().stream().filter(kind -> kind.key().equals(key)).findFirst();
    }

    @Override
    public String toString() {
        return key;
    }
}
