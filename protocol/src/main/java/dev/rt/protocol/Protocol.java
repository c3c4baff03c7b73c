package dev.rt.protocol;

/** Constants shared by both ends of the supervisor-worker socket. */
public final class Protocol {
    /** Carried by every frame as {@code "v"}; a peer speaking another version is disconnected. */
    public static final int VERSION = 1;

    /** Largest frame payload accepted, in bytes (16 MiB). */
    public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

    /** Environment variables the supervisor sets for every worker JVM. */
    public static final String ENV_AGENT_SOCKET = "RT_AGENT_SOCKET";
    public static final String ENV_SERVICE_ID = "RT_SERVICE_ID";
    public static final String ENV_WORKER_ID = "RT_WORKER_ID";
    public static final String ENV_ROOT = "RT_ROOT";
    public static final String ENV_PORT = "PORT";
    /** The runtime's {@code logger.level} (trace ... fatal, silent, or a custom level's name and number). */
    public static final String ENV_LOG_LEVEL = "RT_LOG_LEVEL";
    /** The runtime's {@code logger.messageKey}: the field a worker's JSON log lines carry their message in. */
    public static final String ENV_LOG_MESSAGE_KEY = "RT_LOG_MESSAGE_KEY";

    /** Exit status of a worker that stopped because of an uncaught exception. */
    public static final int EXIT_UNHANDLED_ERROR = 20;
    /** Exit status of a worker whose application could not be started. */
    public static final int EXIT_START_FAILED = 21;
    /** Exit status of a worker that lost its supervisor. */
    public static final int EXIT_SUPERVISOR_GONE = 22;

    private Protocol() {
    }
}
