package dev.rt.kind.gateway.settings;

/**
 * Where a configuration lists its applications: {@code gateway.applications}, or {@code composer.services} in a
 * composer's, which behaves the same.
 */
public enum Section {
    GATEWAY("gateway", "applications"),
    COMPOSER("composer", "services");

    private final String key;
    private final String list;

    Section(String key, String list) {
        this.key = key;
        this.list = list;
    }

    /** The top-level key, which is also the kind's name. */
    public String key() {
        return key;
    }

    /** The key of the list of applications in the section. */
    public String list() {
        return list;
    }

    /** {@code /gateway/applications}. */
    public String listPointer() {
        return "/" + key + "/" + list;
    }
}
