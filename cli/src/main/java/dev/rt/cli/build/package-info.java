/**
 * The commands that work on a project's sources, without a running runtime: {@code rt build}, {@code rt compile},
 * {@code rt install}, {@code rt resolve}, {@code rt upgrade}, {@code rt schema} and {@code rt client} (clients generated
 * from a service's API). They run the project's own tools through {@code dev.rt.cli.project}; they must not know the
 * running runtime's commands nor how one starts.
 */
package dev.rt.cli.build;
