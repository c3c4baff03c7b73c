/**
 * {@code rt start}: the runtime in the CLI's own process, with {@code --dev}'s watch of the sources (compiling and
 * reloading what changed) and the class-data archive written at exit. It must not know the commands that talk to a
 * running runtime ({@code dev.rt.cli.ctl}).
 */
package dev.rt.cli.start;
