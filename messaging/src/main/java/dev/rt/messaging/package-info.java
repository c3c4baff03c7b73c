/**
 * The messaging library an application calls to exchange messages with the other services of its runtime
 * ({@link dev.rt.messaging.Messaging}), with the error codes of a failed exchange
 * ({@link dev.rt.messaging.MessagingException}); a worker's agent plugs its runtime in
 * ({@link dev.rt.messaging.MessagingRuntime}). JDK only: it knows nothing of rt's protocol, kinds or agent, so that
 * an application compiles against it alone.
 */
package dev.rt.messaging;
