/**
 * {@code rt create} and a kind's {@code create}: a new project or service from its template, and the edits that make
 * it part of a runtime (its listener, the runtime's entrypoint). It may install what it created ({@code
 * dev.rt.cli.build}); it must not know running runtimes nor how one starts.
 */
package dev.rt.cli.create;
