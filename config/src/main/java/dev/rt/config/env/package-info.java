/**
 * Environment variables in configuration: {@code .env} files ({@link dev.rt.config.env.DotEnv}), {@code {NAME}}
 * placeholders in string values and where each value came from ({@link dev.rt.config.env.PlaceholderResolver}), and
 * {@code runtime.strictEnv} ({@link dev.rt.config.env.StrictEnv}).
 */
package dev.rt.config.env;
