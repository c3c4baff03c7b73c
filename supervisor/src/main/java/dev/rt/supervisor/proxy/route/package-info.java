/**
 * Where a request goes and what the proxy answers by itself: the routes ({@link
 * dev.rt.supervisor.proxy.route.MeshRoute} of the mesh, {@link dev.rt.supervisor.proxy.route.EntrypointRoute} and the
 * compiled tables of {@link dev.rt.supervisor.proxy.route.PublicRoutes} at the public server, {@code rt.local} of
 * {@link dev.rt.supervisor.proxy.route.RuntimeHost}), the workers a service has ({@link
 * dev.rt.supervisor.proxy.route.Upstream}), the access tokens a call may carry, and {@link
 * dev.rt.supervisor.proxy.route.ProxyError}. It decides, and never touches a connection: it must not know the
 * exchange, the backend pool, the servers or HTTP/2.
 */
package dev.rt.supervisor.proxy.route;
