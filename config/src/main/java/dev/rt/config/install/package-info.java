/**
 * What is installed: where rt's parts are ({@link dev.rt.config.install.Installation}), the kinds found there
 * ({@link dev.rt.config.install.Kinds}, {@link dev.rt.config.install.InstalledKind}) and the kind a configuration
 * file is of ({@link dev.rt.config.install.ConfigKind}). It knows the kind SPI and rt's errors, and nothing of how a
 * configuration is read, validated or held.
 */
package dev.rt.config.install;
