/**
 * CORS as the reference's CORS plugin answers it, decided once for every HTTP server of rt: the {@code server.cors}
 * settings ({@link dev.rt.kind.cors.CorsSettings}) and what they make of a request ({@link dev.rt.kind.cors.CorsRules}:
 * headers to add, or a preflight answered). The service kind's Vert.x server and the supervisor's public server (for
 * a gateway) both apply these answers, so that one setting gives one behaviour. JDK types only; it knows no server.
 */
package dev.rt.kind.cors;
