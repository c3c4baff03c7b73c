package dev.rt.kind.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.kind.KindLog;
import dev.rt.kind.gateway.openapi.ComposedApi;
import dev.rt.kind.gateway.openapi.DocumentCheck;
import dev.rt.kind.gateway.openapi.DocumentFetcher;
import dev.rt.kind.gateway.openapi.DocumentRules;
import dev.rt.kind.gateway.openapi.RulesApplied;
import dev.rt.kind.gateway.settings.OpenApiSource;
import dev.rt.kind.mesh.MeshHost;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The OpenAPI documents of a gateway's applications as last read: fetched from their origins, or read from their
 * files. One that cannot be read, or is not valid OpenAPI, is logged and left out (the others are composed without
 * it) until a later read gets it. Thread-safe.
 */
final class Documents {
    private final List<Member> members;
    private final Map<String, DocumentRules> rules;
    private final DocumentFetcher fetcher;
    private final Path directory;
    private final KindLog log;
    private final Map<String, JsonNode> current = new HashMap<>();
    private final Map<String, JsonNode> refused = new HashMap<>();

    /** @param members the applications, those with an {@code openapi} among them */
    Documents(List<Member> members, Map<String, DocumentRules> rules, DocumentFetcher fetcher, Path directory,
            KindLog log) {
        this.members = members.stream().filter(member -> member.settings().openapi().isPresent()).toList();
        this.rules = Map.copyOf(rules);
        this.fetcher = fetcher;
        this.directory = directory;
        this.log = log;
    }

    boolean any() {
        return !members.isEmpty();
    }

    /**
     * What a read found: the applications whose document arrived (missing until then) and whether any document is
     * new or changed.
     */
    record Changes(List<String> arrived, boolean any) {
    }

    /**
     * Reads the documents it has not got yet and, with {@code all}, the fetched ones it has too (in parallel), and
     * keeps those that changed.
     *
     * @param watching whether this is a re-read (its failures are said so)
     */
    synchronized Changes read(boolean all, boolean watching) {
        Map<Member, CompletableFuture<JsonNode>> reads = new LinkedHashMap<>();
        for (Member member : members) {
            boolean missing = !current.containsKey(member.id());
            if (missing || all && member.settings().openapi().get().fetched()) {
                reads.put(member, read(member));
            }
        }
        boolean changed = false;
        List<String> arrived = new ArrayList<>();
        for (Map.Entry<Member, CompletableFuture<JsonNode>> entry : reads.entrySet()) {
            boolean missing = !current.containsKey(entry.getKey().id());
            if (take(entry.getKey(), entry.getValue(), watching)) {
                changed = true;
                if (missing) {
                    arrived.add(entry.getKey().id());
                }
            }
        }
        return new Changes(arrived, changed);
    }

    private boolean take(Member member, CompletableFuture<JsonNode> read, boolean watching) {
        String id = member.id();
        JsonNode document;
        try {
            document = read.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            log.error((watching && current.containsKey(id) ? "failed to fetch schema (watch) for application " + id
                    : "failed to fetch schema for \"" + id + " application\"") + ": " + describe(cause));
            return false;
        }
        if (Objects.equals(current.get(id), document)) {
            return false;
        }
        List<String> problems = DocumentCheck.problems(document);
        if (!problems.isEmpty()) {
            if (!document.equals(refused.put(id, document))) {
                log.error(DocumentCheck.invalid(id, source(member), problems)
                        + (current.containsKey(id) ? "; the gateway keeps its previous document" : ""));
            }
            return false;
        }
        current.put(id, document);
        refused.remove(id);
        return true;
    }

    private CompletableFuture<JsonNode> read(Member member) {
        OpenApiSource openapi = member.settings().openapi().get();
        if (openapi.fetched()) {
            return fetcher.fetch(location(member));
        }
        try {
            return CompletableFuture.completedFuture(DocumentFetcher.read(openapi.file(directory).orElseThrow()));
        } catch (java.io.IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@code http://movies.rt.local/documentation/json}, or the file, of the application {@code id}. */
    String source(String id) {
        return source(members.stream().filter(member -> member.id().equals(id)).findFirst().orElseThrow());
    }

    private String source(Member member) {
        OpenApiSource openapi = member.settings().openapi().get();
        return openapi.fetched() ? location(member).toString() : openapi.file(directory).orElseThrow().toString();
    }

    private static URI location(Member member) {
        String origin = member.target().origin().orElseGet(() -> MeshHost.url(member.target().serviceId()));
        return DocumentFetcher.location(origin, member.settings().openapi().get().url().orElseThrow());
    }

    /** The documents to compose, with their rules applied, in the applications' order. */
    synchronized List<ComposedApi> apis() {
        List<ComposedApi> apis = new ArrayList<>();
        for (Member member : members) {
            JsonNode document = current.get(member.id());
            if (document != null) {
                RulesApplied applied = RulesApplied.apply(document, rules.getOrDefault(member.id(), DocumentRules.NONE));
                apis.add(new ComposedApi(member.id(), member.settings().openapi().get().prefix(), applied.document(),
                        applied.originPaths(), applied.renames()));
            }
        }
        return apis;
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return cause instanceof java.net.ConnectException || message == null || message.isBlank()
                ? cause.getClass().getSimpleName() + (message == null ? "" : " " + message) : message;
    }
}
