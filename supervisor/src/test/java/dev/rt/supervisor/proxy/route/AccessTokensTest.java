package dev.rt.supervisor.proxy.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.supervisor.Poll;
import dev.rt.supervisor.proxy.TestBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The client-credentials token cache, against a real token endpoint and a clock the test moves. */
@Timeout(30)
class AccessTokensTest {
    private static final long SECOND = 1_000_000_000L;

    private final AtomicInteger issued = new AtomicInteger();
    private final List<String> forms = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);
    private final TestBackend idp = new TestBackend(exchange -> {
        forms.add(new String(exchange.getRequestBody().readAllBytes()));
        if (status.get() != 200) {
            TestBackend.respond(exchange, status.get(), "{\"error\":\"invalid_client\"}");
        } else {
            TestBackend.respond(exchange, 200, "{\"access_token\":\"t" + issued.incrementAndGet()
                    + "\",\"token_type\":\"bearer\",\"expires_in\":100}");
        }
    });
    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private final AccessTokens tokens = new AccessTokens(
            URI.create("http://127.0.0.1:" + idp.address().getPort() + "/oauth/token"), "my client", "s3cr&t",
            HttpClient.newHttpClient(), now::get);

    @AfterEach
    void close() {
        idp.close();
    }

    private String authorization() throws Exception {
        return tokens.authorization().get(10, TimeUnit.SECONDS);
    }

    @Test
    void tokenIsFetchedWithTheClientCredentialsGrantOnceAndCached() throws Exception {
        assertThat(authorization()).isEqualTo("Bearer t1");
        now.addAndGet(50 * SECOND);
        assertThat(authorization()).isEqualTo("Bearer t1");

        assertThat(forms).containsExactly("grant_type=client_credentials&client_id=my+client&client_secret=s3cr%26t");
    }

    @Test
    void tokenIsRenewedInTheBackgroundBeforeItExpires() throws Exception {
        assertThat(authorization()).isEqualTo("Bearer t1");
        now.addAndGet(85 * SECOND);

        assertThat(authorization()).as("still valid: handed out while the next is fetched").isEqualTo("Bearer t1");
        Poll.until(Duration.ofSeconds(10), () -> authorization().equals("Bearer t2"),
                () -> "the token fetched in the background was never handed out: " + authorization());
        assertThat(issued.get()).isEqualTo(2);
    }

    @Test
    void expiredTokenIsNeverHandedOut() throws Exception {
        assertThat(authorization()).isEqualTo("Bearer t1");
        now.addAndGet(95 * SECOND); // past its life less the safety margin

        assertThat(authorization()).isEqualTo("Bearer t2");
    }

    @Test
    void refusedCredentialsFailTheRequestWithTheProvidersAnswer() {
        status.set(401);

        assertThatThrownBy(this::authorization).isInstanceOf(ExecutionException.class)
                .hasMessageContaining("the identity provider http://127.0.0.1:" + idp.address().getPort()
                        + "/oauth/token answered 401: {\"error\":\"invalid_client\"}");
    }
}
