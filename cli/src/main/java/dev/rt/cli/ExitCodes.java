package dev.rt.cli;

import dev.rt.protocol.RtException;

/**
 * The one table of exit statuses (the README repeats it):
 * 0 success; 1 runtime failure or aborted shutdown; 2 bad command line; 3 configuration error;
 * 4 a service or server could not start.
 */
final class ExitCodes {
    static final int OK = 0;
    static final int RUNTIME_FAILURE = 1;
    static final int USAGE = 2;
    static final int CONFIG = 3;
    static final int START_FAILED = 4;

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
        return RUNTIME_FAILURE;
    }
}
