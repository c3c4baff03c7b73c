/**
 * The commands that talk to a running runtime through its management socket: {@code rt ctl ...} (services, config,
 * env, metrics, restart, reload, stop, heap-dump, profile, scheduler, cache), {@code rt ps}, {@code rt logs} and
 * {@code rt inject}. It knows the management API's client and {@code dev.rt.cli.runtime}; it must not know how a
 * runtime is started, nor projects, nor the supervisor's internals.
 */
package dev.rt.cli.ctl;
