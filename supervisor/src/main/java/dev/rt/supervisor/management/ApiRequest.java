package dev.rt.supervisor.management;

import java.util.List;
import java.util.Map;

/**
 * One request to a management route, independent of Netty.
 *
 * @param path     the path after {@code /api/v1}, without the query ({@code /services/api})
 * @param rawQuery the query string as sent, without {@code ?}, or empty
 * @param query    the decoded query parameters
 * @param headers  name, value pairs in the order sent
 */
record ApiRequest(String method, String path, String rawQuery, Map<String, List<String>> query,
        List<Map.Entry<String, String>> headers, byte[] body) {
    ApiRequest {
        query = Map.copyOf(query);
        headers = List.copyOf(headers);
    }

    String queryParameter(String name, String otherwise) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? otherwise : values.get(0);
    }

    java.util.Optional<String> header(String name) {
        return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).findFirst();
    }
}
