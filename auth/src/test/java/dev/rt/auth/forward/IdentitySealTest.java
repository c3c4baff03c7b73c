package dev.rt.auth.forward;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.auth.AuthenticationException;
import dev.rt.auth.User;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IdentitySealTest {
    private final IdentitySeal seal = IdentitySeal.generate();
    private final User user = new User(List.of("user", "editor"), Map.of("X-RT-USER-ID", "42", "n", 3L));

    @Test
    void aSealedUserOpensAsItWasWithTheSameKey() {
        Instant now = Instant.now();

        assertThat(IdentitySeal.fromKey(seal.key()).open(seal.seal(user, now), now.plusSeconds(60))).isEqualTo(user);
    }

    @Test
    void anotherRuntimesSealATamperedOneAndAStaleOneAreRefused() {
        Instant now = Instant.now();
        String sealed = seal.seal(user, now);
        String[] parts = sealed.split("\\.");
        String tampered = parts[0] + "." + parts[1].substring(0, parts[1].length() - 2) + "x." + parts[2];

        assertThatThrownBy(() -> IdentitySeal.generate().open(sealed, now)).isInstanceOf(AuthenticationException.class)
                .hasMessage("the X-RT-IDENTITY header is not valid: this runtime did not seal it");
        assertThatThrownBy(() -> seal.open(tampered, now)).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> seal.open(sealed, now.plus(IdentitySeal.LIFETIME)))
                .hasMessage("the X-RT-IDENTITY header is not valid: it is older than 5 minutes");
        assertThatThrownBy(() -> seal.open("e30.e30.", now)).isInstanceOf(AuthenticationException.class);
    }
}
