package dev.rt.cli;

import dev.rt.protocol.RtException;

/**
 * The one table of exit statuses (the README repeats it):
 * 0 success; 1 runtime failure or aborted shutdown; 2 bad command line; 3 configuration error;
 * 4 a service or server could not start; 5 no running runtime matches (or it cannot be reached).
 */
final class ExitCodes {
    static final int OK = 0;
    static final int RUNTIME_FAILURE = 1;
    static final int USAGE = 2;
    static final int CONFIG = 3;
    static final int START_FAILED = 4;
    static final int NO_RUNTIME = 5;

    private ExitCodes() {
    }

    static int of(RtException e) {
        String code = e.code();
        if (code.startsWith("RT_CONFIG_") || code.equals("RT_MISSING_ENV_VARIABLES")) {
            return CONFIG;
        }
        if (code.startsWith("RT_SERVICE_START_") || code.equals("RT_PORT_IN_USE") || code.equals("RT_SERVER_LISTEN_FAILED")
                || code.startsWith("RT_WORKER_") || code.startsWith("RT_AGENT_") || code.equals("RT_RUNTIME_DIRECTORY")) {
            return START_FAILED;
        }
        if (code.equals("RT_RUNTIME_NOT_FOUND") || code.equals("RT_RUNTIME_UNREACHABLE")) {
            return NO_RUNTIME;
        }
        return RUNTIME_FAILURE;
    }
}
