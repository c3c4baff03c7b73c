/**
 * The {@code java} kind ({@link dev.rt.kind.java.JavaKind}): an {@code HttpHandler} a class builds, hosted on the
 * JDK's HTTP server, or an existing application run unchanged from its jar or main class, whose listening port it
 * adopts; with the busy time, spans and error answers of a worker. It knows the kind SPI and the JDK only; never the
 * supervisor, the configuration module or another kind.
 */
package dev.rt.kind.java;
