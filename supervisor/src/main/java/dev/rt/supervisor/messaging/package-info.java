/**
 * Messaging between services without HTTP: a worker's {@code MessageSend} reaches the supervisor over its agent
 * socket, {@link dev.rt.supervisor.messaging.MessageRouter} hands it to a started worker of the target service
 * (round robin) as a {@code MessageDelivery} with an id of its own, and passes the {@code MessageReply} back to the
 * sender with the sender's id. Unknown services, services with no started worker, workers that exit before they
 * reply and replies that take longer than {@code messagingTimeout} are answered here, with an error the sender throws.
 * It runs on the supervisor loop, which hands it every frame.
 */
package dev.rt.supervisor.messaging;
