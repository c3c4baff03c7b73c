/**
 * The supervisor's end of the workers' agent sockets: the server that accepts each worker's connection, the
 * connection that frames messages both ways, and the events it reports. It must not know worker policies.
 */
package dev.rt.supervisor.agent;
