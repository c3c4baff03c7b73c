package dev.rt.cli.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The environment of a git command that must never wait for a person: no terminal prompt for a user name or password
 * ({@code GIT_TERMINAL_PROMPT=0}), no graphical askpass program, and SSH in batch mode (no host-key question, no
 * passphrase prompt: it fails instead), with a connection timeout and keep-alives so that a peer that stops
 * answering is noticed. The user's own SSH command ({@code GIT_SSH_COMMAND}, else {@code core.sshCommand}) is kept,
 * with these options added; a {@code GIT_SSH} program (not necessarily OpenSSH) is left as it is.
 */
final class GitEnvironment {
    /** OpenSSH options that turn every prompt into a failure and notice a silent peer. */
    static final String SSH_OPTIONS = "-o BatchMode=yes -o ConnectTimeout=30 -o ServerAliveInterval=15"
            + " -o ServerAliveCountMax=4";

    private GitEnvironment() {
    }

    /** {@code inherited} (the environment git would get) made non-interactive. */
    static Map<String, String> of(Map<String, String> inherited) {
        Map<String, String> env = new HashMap<>(inherited);
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.remove("GIT_ASKPASS");
        env.remove("SSH_ASKPASS");
        env.remove("SSH_ASKPASS_REQUIRE");
        env.put("GCM_INTERACTIVE", "never"); // Git Credential Manager, where it is the credential helper
        if (env.containsKey("GIT_SSH_COMMAND")) {
            env.put("GIT_SSH_COMMAND", env.get("GIT_SSH_COMMAND") + " " + SSH_OPTIONS);
        } else if (!env.containsKey("GIT_SSH")) {
            env.put("GIT_SSH_COMMAND", configuredSshCommand(env) + " " + SSH_OPTIONS);
        }
        return env;
    }

    /** {@code core.sshCommand} of the user's, else the system's git configuration, else {@code ssh}. */
    private static String configuredSshCommand(Map<String, String> env) {
        for (String scope : List.of("--global", "--system")) {
            try {
                ProcessBuilder builder = new ProcessBuilder(List.of("git", "config", scope, "--get", "core.sshCommand"));
                builder.environment().clear();
                builder.environment().putAll(env);
                Process process = builder.redirectErrorStream(true).start();
                process.getOutputStream().close();
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                } else if (process.exitValue() == 0 && !output.isEmpty()) {
                    return output;
                }
            } catch (IOException e) {
                return "ssh"; // no git: the clone will say so
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "ssh";
            }
        }
        return "ssh";
    }
}
