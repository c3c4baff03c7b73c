package dev.rt.supervisor.limit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.auth.request.Authenticator;
import dev.rt.auth.settings.AuthSettings;
import dev.rt.auth.settings.SettingsException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.util.Map;

/**
 * {@code keyGenerator.claim} needs the caller's verified credentials: the entrypoint service's own
 * {@code authorization} section (its {@code jwt} or {@code webhook}) verifies them at the front as it does in the
 * service. Without one the setting cannot be honoured, and the start is refused.
 */
final class EntrypointCredentials {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EntrypointCredentials() {
    }

    /** @throws RtException {@code RT_CONFIG_INVALID} naming the files and JSON pointers at fault */
    static ClaimKey claim(RuntimeConfig config, String claim) {
        ServiceConfig service = config.service(config.entrypoint()).orElseThrow();
        JsonNode application = service.application().configuration();
        JsonNode authorization = application.path("authorization");
        if (!authorization.has("jwt") && !authorization.has("webhook")) {
            throw new RtException(ErrorCode.CONFIG_INVALID, config.file() + ": " + RateLimitSettings.POINTER
                    + "/keyGenerator/claim: a key read from a claim needs authentication, but the entrypoint service \""
                    + service.id() + "\" sets neither /authorization/jwt nor /authorization/webhook in "
                    + service.application().file() + " (key by a header instead, or configure authentication)");
        }
        try {
            AuthSettings settings = AuthSettings.of(JSON.convertValue(application,
                    new TypeReference<Map<String, Object>>() { })).orElseThrow();
            return new AuthenticatedClaim(Authenticator.builder(settings).build(), claim);
        } catch (SettingsException e) {
            throw new RtException(ErrorCode.CONFIG_INVALID, service.application().file() + ": " + e.getMessage());
        }
    }
}
