/**
 * systemd's notification protocol ({@code NOTIFY_SOCKET}, sd_notify(3)): ready, reloading, stopping. It must not know
 * the rest of the supervisor.
 */
package dev.rt.supervisor.systemd;
