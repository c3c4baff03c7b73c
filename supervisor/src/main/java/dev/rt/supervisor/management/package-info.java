/**
 * The management API on the runtime's UNIX socket: its server, routes, requests and errors, the client the CLI
 * uses, and how a running runtime is found. It asks the runtime through
 * {@link dev.rt.supervisor.management.ManagedRuntime} and must not know how the supervisor does what is asked.
 */
package dev.rt.supervisor.management;
