/**
 * rt's errors: {@link dev.rt.config.error.RtException} with a code of the {@link dev.rt.config.error.ErrorCode}
 * catalog, whose {@link dev.rt.config.error.ExitCategory} is the CLI's exit status, and
 * {@link dev.rt.config.error.ConfigException} for configuration. A leaf: it imports no other package of rt, so that
 * every package (the loader, {@code env}, {@code schema}, the supervisor, the CLI) can raise them without a cycle.
 */
package dev.rt.config.error;
