/**
 * What rt never shows: {@link dev.rt.config.secret.Secrets} redacts secrets in a configuration ({@code rt ctl config},
 * the admin dashboard), in environment variables ({@code rt ctl env}) and in log lines. A leaf like
 * {@code dev.rt.config.error}: it imports no other package of rt, so that the CLI and the supervisor share it.
 */
package dev.rt.config.secret;
