package dev.rt.supervisor;

import static dev.rt.supervisor.TestServices.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartOrderTest {

    private static List<List<String>> ids(List<List<ServiceConfig>> levels) {
        return levels.stream().map(level -> level.stream().map(ServiceConfig::id).toList()).toList();
    }

    @Test
    void listedServicesStartOneByOneInTheListedOrderWhateverTheirDependencies() {
        StartOrder order = StartOrder.of(List.of(service("api", "db"), service("db"), service("cache")), "api", true);

        assertThat(ids(order.startLevels())).containsExactly(List.of("api"), List.of("db"), List.of("cache"));
    }

    @Test
    void listedServicesStopEntrypointFirstThenInReverseOrderButNeverBeforeTheirDependents() {
        StartOrder order = StartOrder.of(List.of(service("gw"), service("users", "db"), service("db"),
                service("mail")), "gw", true);

        // reverse of listed is mail, db, users; db has a dependent (users) still running, so users goes first
        assertThat(ids(order.stopLevels())).containsExactly(List.of("gw"), List.of("mail"), List.of("users"), List.of("db"));
    }

    @Test
    void dependencyOrderStartsLevelByLevelWithIndependentServicesTogether() {
        StartOrder order = StartOrder.of(List.of(service("api", "users", "orders"), service("users", "db"),
                service("orders", "db"), service("db"), service("metrics")), "api", false);

        assertThat(ids(order.startLevels())).containsExactly(
                List.of("db", "metrics"), List.of("users", "orders"), List.of("api"));
    }

    @Test
    void dependencyOrderStopsTheEntrypointFirstThenLevelsInReverse() {
        StartOrder order = StartOrder.of(List.of(service("api", "users"), service("users", "db"), service("db"),
                service("metrics")), "api", false);

        assertThat(ids(order.stopLevels())).containsExactly(
                List.of("api"), List.of("users"), List.of("db", "metrics"));
    }

    @Test
    void aCycleIsAnErrorThatNamesIt() {
        List<ServiceConfig> services = List.of(service("api"), service("a", "b"), service("b", "a"));

        for (boolean listed : new boolean[] {true, false}) {
            assertThatThrownBy(() -> StartOrder.of(services, "api", listed))
                    .isInstanceOf(RtException.class)
                    .hasMessage("Detected a cycle in the services dependencies: a -> b -> a (remove one of these dependencies)")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_DEPENDENCY_CYCLE");
        }
    }

    @Test
    void aLongerCycleIsNamedFromWhereItCloses() {
        assertThatThrownBy(() -> StartOrder.of(List.of(service("api", "a"), service("a", "b"), service("b", "c"),
                service("c", "a")), "api", false))
                .hasMessageStartingWith("Detected a cycle in the services dependencies: a -> b -> c -> a ");
    }

    @Test
    void aServiceThatDependsOnItselfIsACycle() {
        assertThatThrownBy(() -> StartOrder.of(List.of(service("api", "api")), "api", false))
                .hasMessageStartingWith("Detected a cycle in the services dependencies: api -> api ");
    }

    @Test
    void aMissingDependencyIsAnErrorNamingTheServicesThatExist() {
        assertThatThrownBy(() -> StartOrder.of(List.of(service("api", "db"), service("users")), "api", true))
                .isInstanceOf(RtException.class)
                .hasMessage("Service dependency \"db\" of the service \"api\" not found. Available services are: api, users"
                        + " (fix the service's dependencies, or add the missing service)")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_DEPENDENCY_NOT_FOUND");
    }
}
