package dev.rt.kind.service;

import dev.rt.kind.service.graphql.GraphQlExecution;
import dev.rt.kind.service.graphql.GraphQlSettings;
import dev.rt.kind.service.openapi.OpenApiSettings;
import java.util.Objects;
import java.util.Optional;

/**
 * The OpenAPI and GraphQL a service serves, as its kind chose them ({@link ServiceHost}'s {@code openApi},
 * {@code openApiDocument}, {@code graphQl} and {@code graphQlExecution}).
 *
 * @param openApiDocument the kind's own OpenAPI document (JSON) that the routes' document is merged into
 */
record ApiOptions(OpenApiSettings openApi, Optional<String> openApiDocument, GraphQlSettings graphQl,
        GraphQlExecution graphQlExecution) {
    ApiOptions {
        Objects.requireNonNull(openApi, "openApi");
        Objects.requireNonNull(openApiDocument, "openApiDocument");
        Objects.requireNonNull(graphQl, "graphQl");
        Objects.requireNonNull(graphQlExecution, "graphQlExecution");
    }
}
