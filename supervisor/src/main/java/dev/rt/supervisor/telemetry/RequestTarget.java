package dev.rt.supervisor.telemetry;

/**
 * What a request asked for, in the parts a span names: scheme, host, port, path and query, from its target as
 * the client sent it ({@code /x?q} with the {@code Host}, or the absolute {@code http://b.rt.local/x?q}).
 *
 * @param port the port, the scheme's default when none is given
 * @param query without its {@code ?}; empty when there is none
 */
record RequestTarget(String scheme, String host, int port, String path, String query) {

    static RequestTarget of(String target, String hostHeader, String scheme) {
        String rest = target;
        String authority = hostHeader == null ? "" : hostHeader;
        int schemeEnd = target.indexOf("://");
        if (schemeEnd > 0 && !target.startsWith("/")) {
            scheme = target.substring(0, schemeEnd).toLowerCase(java.util.Locale.ROOT);
            int pathStart = schemeEnd + 3;
            while (pathStart < target.length() && "/?#".indexOf(target.charAt(pathStart)) < 0) {
                pathStart++;
            }
            authority = target.substring(schemeEnd + 3, pathStart);
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            rest = target.substring(pathStart);
        }
        int fragment = rest.indexOf('#');
        if (fragment >= 0) {
            rest = rest.substring(0, fragment);
        }
        int question = rest.indexOf('?');
        String path = question < 0 ? rest : rest.substring(0, question);
        String query = question < 0 ? "" : rest.substring(question + 1);
        int defaultPort = scheme.equals("https") ? 443 : 80;
        int colon = authority.lastIndexOf(':');
        String host = authority;
        int port = defaultPort;
        if (colon > authority.lastIndexOf(']')) {
            host = authority.substring(0, colon);
            try {
                port = Integer.parseInt(authority.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = defaultPort;
            }
        }
        return new RequestTarget(scheme, host, port, path.isEmpty() ? "/" : path, query);
    }

    /** The path of a request target, as {@link #of} finds it. */
    static String pathOf(String target) {
        return of(target, null, "http").path();
    }

    /** {@code scheme://host[:port]}, the port only when it is not the scheme's default. */
    String origin() {
        boolean defaultPort = port == (scheme.equals("https") ? 443 : 80);
        return scheme + "://" + host + (defaultPort ? "" : ":" + port);
    }

    String full() {
        return origin() + path + (query.isEmpty() ? "" : "?" + query);
    }
}
