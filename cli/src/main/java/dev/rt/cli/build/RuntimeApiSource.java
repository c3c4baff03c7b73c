package dev.rt.cli.build;

import dev.rt.cli.client.ClientModel;
import dev.rt.cli.client.ClientSource;
import dev.rt.cli.client.ClientSourceException;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeDiscovery;
import dev.rt.supervisor.management.RuntimeInfo;
import dev.rt.supervisor.management.RuntimeSelector;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The API of a service of the running runtime ({@code rt client -R <id>}), through its management API: the OpenAPI
 * document the service's worker serves, else a GraphQL introspection through the service's proxy route.
 */
final class RuntimeApiSource {
    private RuntimeApiSource() {
    }

    static ClientModel model(String serviceId, PrintWriter err) throws IOException {
        RuntimeInfo runtime = RuntimeSelector.select(new RuntimeDiscovery(w -> err.println("rt: warning: " + w)).list(),
                OptionalLong.empty(), Optional.empty(), Path.of(""));
        ManagementClient client = runtime.client();
        ManagementClient.Response openApi = client.request("GET", "/services/" + serviceId + "/openapi-schema", List.of(),
                new byte[0], Duration.ofSeconds(30));
        if (openApi.status() == 200) {
            return ClientSource.text(openApi.text(), "the OpenAPI document of the service \"" + serviceId + "\"");
        }
        if (openApi.status() == 404) {
            ManagementClient.checked(openApi); // the runtime's own message: no such service
        }
        byte[] query = ("{\"query\": " + new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(dev.rt.cli.client.GraphQlIntrospection.QUERY) + "}").getBytes(StandardCharsets.UTF_8);
        ManagementClient.Response graphQl = client.request("POST", "/services/" + serviceId + "/proxy/graphql",
                List.of(Map.entry("content-type", "application/json")), query, Duration.ofSeconds(30));
        if (graphQl.status() == 200 && graphQl.text().contains("__schema")) {
            return ClientSource.text(graphQl.text(), "the GraphQL schema of the service \"" + serviceId + "\"");
        }
        throw new ClientSourceException("the service \"" + serviceId + "\" of the runtime " + runtime.pid()
                + " serves no OpenAPI document (" + openApi.status() + ": " + openApi.text().strip()
                + ") and answers no GraphQL introspection at /graphql (" + graphQl.status() + ")");
    }
}
