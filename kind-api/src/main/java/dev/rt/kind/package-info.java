/**
 * The application-kind SPI. A kind ({@code java}, {@code service}, {@code db}, ...) is a module that implements
 * {@link dev.rt.kind.Kind} and lists its class in {@code META-INF/services/dev.rt.kind.Kind}. rt finds it with
 * {@link java.util.ServiceLoader} twice: in the supervisor and the CLI, which ask it for its configuration
 * schema, the services it depends on and the class path its workers need; and in each worker of a service of
 * that kind, where the agent asks it to {@linkplain dev.rt.kind.Kind#start start} the application.
 *
 * <p>Only JDK types cross this boundary: the agent relocates its own libraries, and a kind compiled against any
 * version of Jackson or Vert.x implements the same interfaces.
 */
package dev.rt.kind;
