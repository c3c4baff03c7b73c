package dev.rt.kind.gateway;

import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.gateway.settings.Section;
import java.util.List;
import java.util.Map;

/**
 * What {@code rt gateway create} and {@code rt composer create} write: an {@code rt.json} whose section lists no
 * applications, so that the gateway exposes every other service of its runtime and composes their OpenAPI documents,
 * with {@code .env}, {@code .env.sample}, {@code .gitignore} and a README saying how to list them. No Maven project:
 * a gateway without plugins has no code.
 */
final class GatewayProjectTemplate {
    /** The option that makes the new gateway its runtime's entrypoint, which the create command carries out. */
    static final String ENTRYPOINT = "entrypoint";

    private GatewayProjectTemplate() {
    }

    static ProjectTemplate get(Section section) {
        return ProjectTemplate.fromResources(GatewayProjectTemplate.class, "create", section.key(), List.of(
                new ProjectTemplate.Option(ENTRYPOINT, "Inside a runtime's directory, make the new " + section.key()
                        + " the runtime's entrypoint, so that it gets the requests (default true).", "true", true)))
                .deriving(values -> Map.of("section", section.key(), "list", section.list(), "kind", section.key()));
    }
}
