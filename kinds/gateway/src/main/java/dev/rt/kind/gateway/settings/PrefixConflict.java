package dev.rt.kind.gateway.settings;

/** The words of a conflict between two applications over one public prefix or host name. */
public final class PrefixConflict {
    private PrefixConflict() {
    }

    /** @param what {@code prefix /movies} or {@code host shop.example.com} */
    public static String message(String what, String first, String second) {
        String shown = what.equals("prefix ") ? "root prefix /" : what;
        return "The " + shown + " is claimed by both the \"" + first + "\" and the \"" + second + "\" applications."
                + " Set a different proxy.prefix (or proxy.hostname) on one of them to resolve the conflict.";
    }
}
