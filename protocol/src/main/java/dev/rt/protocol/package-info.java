/**
 * The wire protocol between the supervisor and its workers, over each worker's socket: the messages
 * ({@link dev.rt.protocol.Message}, records of Jackson trees: hello, ready, stop, metrics, spans, messaging,
 * cache invalidation, diagnostics) and their framing ({@link dev.rt.protocol.FrameCodec}: one length-prefixed JSON
 * frame each), with the JSON helpers both ends share ({@link dev.rt.protocol.JsonValues}). It is the bottom of the
 * module graph: of rt it imports only the messaging library's error codes (constants, inlined when it compiles),
 * so that the supervisor, the agent and the configuration can all speak it.
 */
package dev.rt.protocol;
