package dev.rt.kind.service.auth;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.RequestHeaders;
import dev.rt.auth.User;
import dev.rt.auth.forward.IdentitySeal;
import dev.rt.auth.request.Authenticator;
import dev.rt.auth.settings.AuthSettings;
import dev.rt.auth.settings.SettingsException;
import dev.rt.kind.KindException;
import dev.rt.service.HttpError;
import dev.rt.service.RequestUser;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

/**
 * The route handler of a service with an {@code authorization} section: authenticates each request from its headers
 * (a bearer token, the admin secret, the webhook), records the caller with {@link RequestUser#set}, and answers 401
 * with rt's error body ({@code code} {@code RT_AUTH_*}, a message saying what did not hold) and
 * {@code WWW-Authenticate: Bearer} when the credentials given do not hold. A request without credentials goes on as
 * the anonymous role. The check runs on the event loop; only a key set fetch or the webhook leave it, and the request
 * resumes on its own context.
 */
public final class Authentication implements Handler<RoutingContext> {
    private final AuthSettings settings;
    private final Authenticator authenticator;

    private Authentication(AuthSettings settings, Optional<String> identityKey) {
        this.settings = settings;
        Authenticator.Builder builder = Authenticator.builder(settings);
        identityKey.map(IdentitySeal::fromKey).ifPresent(builder::seal);
        this.authenticator = builder.build();
    }

    /**
     * The handler for a configuration's {@code authorization} section, when it has one, outside a runtime: an
     * {@code X-RT-IDENTITY} header is refused.
     *
     * @throws KindException naming the JSON pointer of a setting rt cannot honour
     */
    public static Optional<Authentication> of(Map<String, Object> configuration) {
        return of(configuration, Optional.empty());
    }

    /**
     * The handler for a configuration's {@code authorization} section, when it has one, that also accepts the
     * identities sealed with the runtime's key ({@code WorkerContext.identityKey()}): the scheduler's
     * calls, a caller the runtime forwards.
     *
     * @throws KindException naming the JSON pointer of a setting rt cannot honour
     */
    public static Optional<Authentication> of(Map<String, Object> configuration, Optional<String> identityKey) {
        return settings(configuration).map(settings -> new Authentication(settings, identityKey));
    }

    /**
     * Checks the section before any worker starts.
     *
     * @throws KindException naming the JSON pointer of a setting rt cannot honour
     */
    public static void check(Map<String, Object> configuration) {
        settings(configuration);
    }

    private static Optional<AuthSettings> settings(Map<String, Object> configuration) {
        try {
            return AuthSettings.of(configuration);
        } catch (SettingsException e) {
            throw KindException.at(e.pointer(), e.getMessage().substring(e.pointer().length() + 2));
        }
    }

    @Override
    public void handle(RoutingContext request) {
        Context context = Vertx.currentContext();
        authenticator.authenticate(headers(request.request().headers())).whenComplete((caller, failed) -> {
            if (Vertx.currentContext() == context) {
                resume(request, caller, failed); // at once, on the event loop: the usual case
            } else {
                context.runOnContext(ignored -> resume(request, caller, failed));
            }
        });
    }

    private static void resume(RoutingContext request, User caller, Throwable failed) {
        if (failed instanceof CompletionException wrapped && wrapped.getCause() != null) {
            failed = wrapped.getCause();
        }
        if (failed == null) {
            RequestUser.set(request, caller);
            request.next();
        } else if (failed instanceof AuthenticationException refused) {
            request.response().putHeader("WWW-Authenticate", "Bearer");
            request.fail(new HttpError(refused.statusCode(), refused.code(), refused.getMessage()));
        } else {
            request.fail(failed);
        }
    }

    /**
     * Declares the credentials this service reads in its OpenAPI document: {@code bearerAuth} (a JWT) and
     * {@code adminSecret} (the {@code X-RT-ADMIN-SECRET} header) in {@code components.securitySchemes}, each an
     * alternative of the document's {@code security}, beside {@code {}}: a caller without credentials is served as
     * the anonymous role.
     */
    public void describe(ObjectNode document) {
        ObjectNode schemes = document.with("components").with("securitySchemes");
        ArrayNode security = document.putArray("security");
        security.addObject();
        if (settings.jwt().isPresent()) {
            schemes.putObject("bearerAuth").put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT");
            security.addObject().putArray("bearerAuth");
        }
        if (settings.adminSecret().isPresent()) {
            schemes.putObject("adminSecret").put("type", "apiKey").put("in", "header").put("name", User.ADMIN_SECRET);
            security.addObject().putArray("adminSecret");
        }
    }

    private static RequestHeaders headers(MultiMap headers) {
        return new RequestHeaders() {
            @Override
            public Optional<String> first(String name) {
                return Optional.ofNullable(headers.get(name));
            }

            @Override
            public void forEach(BiConsumer<String, String> action) {
                headers.forEach(action);
            }
        };
    }
}
