/**
 * Reading configuration text and values: the formats (JSON, YAML, TOML: {@link dev.rt.config.read.ConfigFormat}),
 * where the files are ({@link dev.rt.config.read.ConfigFiles}), strict UTF-8 ({@link dev.rt.config.read.Utf8Text}),
 * and {@link dev.rt.config.read.ConfigNode}, the one reader of validated configuration, whose every error names the
 * file and the JSON pointer (with {@link dev.rt.config.read.ConfigProblems}, {@link dev.rt.config.read.ByteSize},
 * {@link dev.rt.config.read.FiniteNumbers}). It knows rt's errors only: nothing of the runtime's records, the
 * placeholders or the schemas.
 */
package dev.rt.config.read;
