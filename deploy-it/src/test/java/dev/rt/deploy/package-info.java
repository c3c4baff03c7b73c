/**
 * rt beyond one machine, tested as a user deploying it would: the distribution's commands, the image under podman,
 * hosts in network namespaces. Everything a test starts (containers, namespaces, processes) is removed at its end,
 * passed or failed, and what a crashed earlier run left is removed before a test starts.
 */
package dev.rt.deploy;
