/**
 * The names of the mesh ({@link dev.rt.kind.mesh.MeshHost}): {@code <id>.rt.local} for a service, {@code rt.local}
 * for the runtime. A leaf of the kind SPI's module, JDK only: it knows no routing, proxy or configuration, so that
 * every module can name the mesh without another dependency.
 */
package dev.rt.kind.mesh;
