/**
 * The API the plugins of a {@code service} application compile against (with scope {@code provided}: rt brings it,
 * with Vert.x Web and graphql-java, to the workers of such services). A plugin implements {@link
 * dev.rt.service.ServicePlugin} and registers routes on the {@link dev.rt.service.ServiceContext} it is given.
 */
package dev.rt.service;
