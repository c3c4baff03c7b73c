package dev.rt.supervisor.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImpliedDependenciesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void gatewayDependsOnTheApplicationsItReachesOverTheMeshOnly() throws Exception {
        var gateway = JSON.readTree("{\"gateway\": {\"applications\": [{\"id\": \"users\"},"
                + " {\"id\": \"orders\", \"origin\": \"http://orders.rt.local\"},"
                + " {\"id\": \"legacy\", \"origin\": \"https://legacy.example.com\"}]}}");

        assertThat(ImpliedDependencies.of("gw", List.of(), gateway)).containsExactly("users", "orders");
    }

    @Test
    void composerDependsOnItsLocalServicesAndClientsOnTheirServiceEachIdOnceNeverItself() throws Exception {
        var composer = JSON.readTree("{\"composer\": {\"services\": [{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": \"self\"}]},"
                + " \"clients\": [{\"serviceId\": \"b\"}, {\"serviceId\": \"c\"}, {\"url\": \"http://x\"}]}");

        assertThat(ImpliedDependencies.of("self", List.of("a", "z"), composer)).containsExactly("a", "z", "b", "c");
    }
}
