/**
 * The {@code authorization.webhook} call: the request's headers sent to the webhook's URL, its JSON object answer
 * read as the user's fields, within a timeout. Knows nothing of roles, tokens or the kinds' servers; the runtime's
 * mesh is reached through the proxy selector it is given.
 */
package dev.rt.auth.webhook;
