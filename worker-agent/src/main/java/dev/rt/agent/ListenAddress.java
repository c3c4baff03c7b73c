package dev.rt.agent;

import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Where a started application listens, as its kind reports it: an application bound to every interface
 * ({@code 0.0.0.0}, {@code ::}) can be reached from other machines on its own port, past rt's entrypoint, its TLS,
 * its limits and its {@code basePath}; that deserves a warning naming the service and the address.
 */
final class ListenAddress {
    private ListenAddress() {
    }

    static void warnIfEveryInterface(RunningApplication application, WorkerContext context) {
        InetAddress address;
        try {
            address = InetAddress.getByName(application.listenAddress()); // an IP literal: no lookup
        } catch (UnknownHostException | RuntimeException e) {
            return;
        }
        if (!address.isAnyLocalAddress()) {
            return;
        }
        String where = (address instanceof Inet6Address ? "[::]" : "0.0.0.0") + ":" + application.port();
        context.log().warn("The worker " + context.workerIndex() + " of the service \"" + context.serviceId()
                + "\" listens on " + where + ", every network interface: other machines can reach it there without"
                + " going through rt's entrypoint (its TLS, limits and basePath). rt asks applications to bind"
                + " 127.0.0.1 (HOST, -Dserver.address and the like, see the README); bind this one to 127.0.0.1 with"
                + " its own setting.");
    }
}
