/**
 * Reading a service's configuration as it reaches the worker: validated against the kind's schema, with its
 * defaults, as JDK JSON values. It owns no setting: each concern reads its own section with it. It must not know
 * any setting's meaning, nor Vert.x.
 */
package dev.rt.kind.service.config;
