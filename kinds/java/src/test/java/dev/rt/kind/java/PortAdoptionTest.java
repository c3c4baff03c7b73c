package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which listening port of a wrapped application is adopted. */
class PortAdoptionTest {

    @Test
    void firstNewListeningPortIsAdopted() {
        assertThat(PortAdoption.choose(List.of(5005, 41000, 42000), Set.of(5005), OptionalInt.empty()))
                .hasValue(41000);
    }

    @Test
    void offeredPortIsPreferredWhenTheApplicationListensOnSeveral() {
        assertThat(PortAdoption.choose(List.of(41000, 42000), Set.of(), OptionalInt.of(42000))).hasValue(42000);
    }

    @Test
    void portsListeningBeforeTheApplicationStartedAreNeverAdopted() {
        assertThat(PortAdoption.choose(List.of(5005), Set.of(5005), OptionalInt.of(5005))).isEmpty();
    }

    @Test
    void nothingIsAdoptedWhileTheApplicationDoesNotListen() {
        assertThat(PortAdoption.choose(List.of(), Set.of(), OptionalInt.of(42000))).isEmpty();
    }
}
