/**
 * What every command shares about its output: the exit codes ({@link dev.rt.cli.output.ExitCodes}), plain-text tables
 * ({@link dev.rt.cli.output.TextTable}) and the check of a file a command is to write ({@link
 * dev.rt.cli.output.OutputFiles}). A leaf: it knows no command, no runtime and no project.
 */
package dev.rt.cli.output;
