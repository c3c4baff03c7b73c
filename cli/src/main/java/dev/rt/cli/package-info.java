/**
 * The {@code rt} command line's entry ({@link dev.rt.cli.Main}) and its tree of commands ({@link dev.rt.cli.RtCommand},
 * a kind's group of commands, {@code rt runtime}): it wires the commands of the sub-packages together and knows each
 * of them by name only. Nothing below it may know this package.
 */
package dev.rt.cli;
