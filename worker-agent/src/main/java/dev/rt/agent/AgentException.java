package dev.rt.agent;

import dev.rt.protocol.RtException;

/** An error of the worker agent: a bad environment or an application that cannot be started. */
final class AgentException extends RtException {
    private static final long serialVersionUID = 1L;

    /** The supervisor's environment variables are missing or malformed. */
    static final String ENVIRONMENT_INVALID = "RT_WORKER_ENVIRONMENT_INVALID";
    /** The application named by the service configuration could not be started. */
    static final String START_FAILED = "RT_WORKER_START_FAILED";

    AgentException(String code, String message) {
        super(code, message);
    }

    static AgentException startFailed(String message) {
        return new AgentException(START_FAILED, message);
    }
}
