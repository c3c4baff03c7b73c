package dev.rt.kind.service.client;

import dev.rt.kind.mesh.MeshHost;
import dev.rt.kind.service.config.ConfigValues;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code clients} entry: {@code serviceId} (another service of the runtime, called at
 * {@code http://<serviceId>.rt.local} through the mesh) and/or {@code url} (called there instead).
 */
public record ClientSettings(String serviceId, String url) {

    public static List<ClientSettings> from(Object clients) {
        List<ClientSettings> result = new ArrayList<>();
        for (Object item : ConfigValues.list(clients)) {
            Map<String, Object> entry = ConfigValues.object(item);
            Optional<String> id = ConfigValues.string(entry, "serviceId");
            Optional<String> url = ConfigValues.string(entry, "url").filter(u -> !u.isBlank());
            String base = url.orElseGet(() -> MeshHost.url(id.orElseThrow()));
            while (base.endsWith("/")) {
                base = base.substring(0, base.length() - 1);
            }
            result.add(new ClientSettings(id.orElseGet(() -> URI.create(url.orElseThrow()).getHost()), base));
        }
        return List.copyOf(result);
    }
}
