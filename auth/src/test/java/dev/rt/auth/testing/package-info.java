/**
 * The identity provider the tests of every module share: a real Keycloak, prepared once per machine and started
 * once per test JVM, with a realm of users, roles and clients made through its admin REST API. Shipped in the auth
 * module's test-jar; it must not know rt's kinds, only Keycloak's HTTP API.
 */
package dev.rt.auth.testing;
