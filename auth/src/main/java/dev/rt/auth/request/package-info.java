/**
 * From a request's headers to its {@link dev.rt.auth.User}: the order of the strategies (a sealed identity from the
 * runtime, the admin secret, the bearer token, the webhook, else the anonymous role), the roles read with
 * {@code roleKey}/{@code rolePath}, the user's fields. Uses the jwt, webhook and forward packages; knows no HTTP
 * server: a kind hands it the headers and turns its refusals into 401 answers.
 */
package dev.rt.auth.request;
