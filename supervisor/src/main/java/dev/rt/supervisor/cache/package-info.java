/**
 * The HTTP cache of the mesh ({@code httpCache}): a shared cache, in the RFC 9111 sense, of the calls services make
 * to each other and to the {@code origins} the configuration names. {@link dev.rt.supervisor.cache.HttpCache} is
 * what the mesh proxy calls; {@link dev.rt.supervisor.cache.CacheStore} is where entries live (Caffeine in memory by
 * default, Redis through Lettuce for {@code redis://} and {@code rediss://}, or a class the configuration names).
 */
package dev.rt.supervisor.cache;
