package dev.rt.kind.service.graphql;

import graphql.ExecutionInput;
import graphql.GraphqlErrorBuilder;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Looks at the operation a request over HTTP is about to execute, once its document is parsed and validated and
 * before anything runs, and ends the execution without data when the request's {@link HttpOperation} does not admit
 * it. Requests that did not come over HTTP (a WebSocket's) pass untouched, and so do documents that do not parse or
 * validate, or that do not say which operation to run: graphql-java reports those. It wraps the engine's own
 * provider (a cache, say), whose entries it never changes.
 */
final class OperationGuard implements PreparsedDocumentProvider {
    private final PreparsedDocumentProvider delegate;

    OperationGuard(PreparsedDocumentProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        return delegate.getDocumentAsync(input, parseAndValidate).thenApply(entry -> check(input, entry));
    }

    private static PreparsedDocumentEntry check(ExecutionInput input, PreparsedDocumentEntry entry) {
        HttpOperation http = input.getGraphQLContext().get(HttpOperation.class);
        if (http == null || entry.hasErrors()) {
            return entry;
        }
        Optional<OperationDefinition> operation = operation(entry.getDocument(), input.getOperationName());
        if (operation.isEmpty() || http.admits(operation.get().getOperation())) {
            return entry;
        }
        return new PreparsedDocumentEntry(GraphqlErrorBuilder.newError()
                .message(http.refusal().orElseThrow().getMessage()).build());
    }

    /** The operation GetOperation() of the GraphQL specification picks; empty when it raises an error. */
    static Optional<OperationDefinition> operation(Document document, String name) {
        List<OperationDefinition> operations = document.getDefinitionsOfType(OperationDefinition.class);
        if (name == null || name.isEmpty()) {
            return operations.size() == 1 ? Optional.of(operations.get(0)) : Optional.empty();
        }
        return operations.stream().filter(operation -> name.equals(operation.getName())).findFirst();
    }
}
