/**
 * Every configuration file rt reads, resolved and validated into immutable records.
 *
 * <ul>
 *   <li>Loading: {@link dev.rt.config.RuntimeConfigLoader} finds and loads a runtime configuration; each service's
 *       own file goes through {@code ServiceEntryLoader} and its kind ({@code ApplicationConfigLoader}). Every file
 *       passes the same {@code ConfigPipeline}: format ({@link dev.rt.config.read.ConfigFormat}), placeholders and
 *       {@code .env} ({@link dev.rt.config.env}), schema coercion, validation and defaults
 *       ({@link dev.rt.config.schema}).</li>
 *   <li>Reading: {@code ConfigNode} is the one reader of validated configuration; every error it raises names the
 *       file and the JSON pointer. Each record reads its own section with a package-private {@code from(ConfigNode)}.
 *   </li>
 *   <li>Records: {@link dev.rt.config.RuntimeConfig} with its {@link dev.rt.config.ServiceConfig}s and
 *       {@link dev.rt.config.RuntimeSections} (logger, metrics, management API, HTTP cache, telemetry, scheduler,
 *       undici), and the settings they hold.</li>
 *   <li>Sub-packages, none of which imports this one: {@link dev.rt.config.read} (formats, files, {@code ConfigNode}),
 *       {@link dev.rt.config.env}, {@link dev.rt.config.schema}, {@link dev.rt.config.install} (the installed kinds,
 *       {@code ConfigKind}, {@code Installation}) and the leaf {@link dev.rt.config.error} ({@code RtException}, the
 *       {@code ErrorCode} catalog whose {@code ExitCategory} is the CLI's exit status, {@code ConfigException}).</li>
 * </ul>
 */
package dev.rt.config;
