package dev.rt.cli.image;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.RuntimeConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The runtime configuration's {@code image} section, validated by its schema, with the schema's defaults.
 *
 * @param base    the base image: a registry reference, or a {@code docker save} tarball (a path ending in .tar)
 * @param to      where the image goes (also the pods' image for {@code rt deploy kubernetes})
 * @param user    uid or uid:gid the container runs as
 * @param secrets placeholders whose values are secret
 */
public record ImageSettings(String base, Optional<String> to, String user, List<String> secrets) {
    public ImageSettings {
        secrets = List.copyOf(secrets);
    }

    /** The section of {@code config} (its defaults when absent). */
    public static ImageSettings of(RuntimeConfig config) {
        JsonNode image = config.settings().path("image");
        List<String> secrets = new ArrayList<>();
        image.path("secrets").forEach(name -> secrets.add(name.asText()));
        return new ImageSettings(image.path("base").asText(), Optional.ofNullable(image.get("to")).map(JsonNode::asText),
                image.path("user").asText(), secrets);
    }
}
