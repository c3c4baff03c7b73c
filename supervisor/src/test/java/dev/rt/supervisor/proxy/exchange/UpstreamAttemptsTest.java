package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.TestUpstreams;
import dev.rt.supervisor.proxy.route.RouteTarget;
import dev.rt.supervisor.proxy.route.Upstream;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class UpstreamAttemptsTest {
    private final InetSocketAddress w0 = new InetSocketAddress("127.0.0.1", 1001);
    private final InetSocketAddress w1 = new InetSocketAddress("127.0.0.1", 1002);
    private final InetSocketAddress w2 = new InetSocketAddress("127.0.0.1", 1003);
    private final TestUpstreams upstreams = new TestUpstreams().service("api", w0, w1, w2).service("idle");
    private final UpstreamAttempts attempts = new UpstreamAttempts(upstreams);

    @Test
    void triesEachWorkerOnceThenGivesUpNamingThemAll() {
        assertThat(attempts.first(RouteTarget.service("api"))).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w0);
        assertThat(attempts.next()).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w1);
        assertThat(attempts.next()).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w2);
        assertThat(attempts.next()).isFalse();

        assertThat(attempts.unreachable().message())
                .isEqualTo("Service \"api\" is unreachable: no worker took the request (tried api:0, api:1, api:2)");
    }

    @Test
    void anOriginOutsideTheRuntimeThatRefusesIsNamedAsAnOrigin() {
        Upstream origin = new Upstream("http://127.0.0.1:1004", 0, new InetSocketAddress("127.0.0.1", 1004));
        assertThat(attempts.first(RouteTarget.origin(origin))).isTrue();
        assertThat(attempts.next()).isFalse();

        assertThat(attempts.unreachable().message())
                .isEqualTo("The origin http://127.0.0.1:1004 is unreachable: it refused the connection");
    }

    @Test
    void whenOtherConnectionsMoveTheRotationBackToATriedWorkerTheUntriedOnesAreStillTried() {
        assertThat(attempts.first(RouteTarget.service("api"))).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w0);
        upstreams.turn("api");
        upstreams.turn("api"); // the rotation now points at w0 again

        assertThat(attempts.next()).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w1);
        assertThat(attempts.next()).isTrue();
        assertThat(attempts.current().address()).isEqualTo(w2);
        assertThat(attempts.next()).isFalse();
    }

    @Test
    void aNewRequestStartsWithAFreshListOfTriedWorkers() {
        attempts.first(RouteTarget.service("api"));
        attempts.next();
        attempts.next();

        assertThat(attempts.first(RouteTarget.service("api"))).isTrue();
        assertThat(attempts.next()).isTrue();
    }

    @Test
    void serviceWithoutWorkerIsUnavailableAndAnUnknownOneIsNotFound() {
        assertThat(attempts.first(RouteTarget.service("idle"))).isFalse();
        assertThat(attempts.noWorker().code()).isEqualTo("RT_SERVICE_UNAVAILABLE");
        assertThat(attempts.first(RouteTarget.service("ghost"))).isFalse();
        assertThat(attempts.noWorker().message())
                .isEqualTo("Service \"ghost\" not found. Available services are: api, idle");
    }
}
