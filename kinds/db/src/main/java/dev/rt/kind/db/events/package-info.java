/**
 * Change events ({@code db.events}): the rows each committed write saved or deleted, recorded on the connections of
 * {@link dev.rt.kind.db.events.TrackedDataSource} and published by {@link dev.rt.kind.db.events.ChangeEvents} when
 * their transaction commits; the GraphQL subscriptions {@code <entity>Saved} and {@code <entity>Deleted} listen to
 * them.
 */
package dev.rt.kind.db.events;
