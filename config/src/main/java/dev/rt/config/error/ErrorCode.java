package dev.rt.config.error;

import static dev.rt.config.error.ExitCategory.CONFIG;
import static dev.rt.config.error.ExitCategory.NO_RUNTIME;
import static dev.rt.config.error.ExitCategory.RUNTIME_FAILURE;
import static dev.rt.config.error.ExitCategory.START_FAILED;
import static dev.rt.config.error.ExitCategory.USAGE;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every stable error code rt reports, in exceptions, in the management API's and the proxy's error bodies, each with
 * the exit status the CLI ends with when it is the reason. The code's text is {@code RT_} and the constant's name.
 */
public enum ErrorCode {
    // configuration files and settings
    CONFIG_INVALID(CONFIG),
    CONFIG_NOT_FOUND(CONFIG),
    CONFIG_UNREADABLE(CONFIG),
    CONFIG_UNWRITABLE(CONFIG),
    CONFIG_PARSE_ERROR(CONFIG),
    CONFIG_TOO_LARGE(CONFIG),
    CONFIG_UNKNOWN_FORMAT(CONFIG),
    CONFIG_DUPLICATE_KEY(CONFIG),
    CONFIG_KIND_UNAVAILABLE(CONFIG),
    CONFIG_DEPENDENCY_CYCLE(CONFIG),
    CONFIG_DEPENDENCY_NOT_FOUND(CONFIG),
    CONFIG_PROXY_IO_THREADS(CONFIG),
    CONFIG_PROXY_TRANSPORT(CONFIG),
    MISSING_ENV_VARIABLES(CONFIG),

    // starting services and servers
    SERVICE_START_FAILED(START_FAILED),
    SERVICE_START_TIMEOUT(START_FAILED),
    SCHEDULER_START_FAILED(START_FAILED),
    PORT_IN_USE(START_FAILED),
    SERVER_LISTEN_FAILED(START_FAILED),
    WORKER_SPAWN_FAILED(START_FAILED),
    AGENT_JAR_MISSING(START_FAILED),
    AGENT_SOCKET(START_FAILED),
    RUNTIME_DIRECTORY(START_FAILED),
    KIND_BROKEN(START_FAILED),
    MESH_LISTEN_FAILED(RUNTIME_FAILURE),
    METRICS_LISTEN_FAILED(RUNTIME_FAILURE),
    MANAGEMENT_LISTEN_FAILED(RUNTIME_FAILURE),
    MANAGEMENT_SOCKET(RUNTIME_FAILURE),
    MANAGEMENT_SOCKET_IN_USE(RUNTIME_FAILURE),

    // the command line
    USAGE(ExitCategory.USAGE),

    // finding and talking to a running runtime
    RUNTIME_NOT_FOUND(NO_RUNTIME),
    RUNTIME_UNREACHABLE(NO_RUNTIME),
    MANAGEMENT_ERROR(RUNTIME_FAILURE),
    NOT_STARTED(RUNTIME_FAILURE),
    SUPERVISOR_CLOSED(RUNTIME_FAILURE),
    INTERRUPTED(RUNTIME_FAILURE),
    DIAGNOSTIC_FAILED(RUNTIME_FAILURE),
    SCHEDULER_FAILED(RUNTIME_FAILURE),
    /** rt build --image: the base could not be read, or the image could not be written or pushed. */
    IMAGE_BUILD_FAILED(RUNTIME_FAILURE),

    // the management API's error bodies
    BAD_REQUEST(RUNTIME_FAILURE),
    METHOD_NOT_ALLOWED(RUNTIME_FAILURE),
    ROUTE_NOT_FOUND(RUNTIME_FAILURE),
    INTERNAL_ERROR(RUNTIME_FAILURE),
    INVALID_REQUEST_BODY(RUNTIME_FAILURE),
    INVALID_LOG_INDEX(RUNTIME_FAILURE),
    INVALID_DURATION(RUNTIME_FAILURE),
    LOG_FILE_NOT_FOUND(RUNTIME_FAILURE),
    INJECT_FAILED(RUNTIME_FAILURE),
    INJECT_TIMEOUT(RUNTIME_FAILURE),
    RUNTIME_RESTART_UNSUPPORTED(RUNTIME_FAILURE),
    RUNTIME_SERVICE_NOT_FOUND(RUNTIME_FAILURE),
    RUNTIME_SERVICE_NOT_STARTED(RUNTIME_FAILURE),
    RUNTIME_SERVICE_ALREADY_STARTED(RUNTIME_FAILURE),
    RUNTIME_WORKER_NOT_FOUND(RUNTIME_FAILURE),
    RUNTIME_SCHEDULER_JOB_NOT_FOUND(RUNTIME_FAILURE),
    RUNTIME_FAILED_TO_RETRIEVE_OPENAPI_SCHEMA(RUNTIME_FAILURE),
    RUNTIME_FAILED_TO_RETRIEVE_GRAPHQL_SCHEMA(RUNTIME_FAILURE),

    // the proxy's and the mesh's error bodies
    SERVICE_NOT_FOUND(RUNTIME_FAILURE),
    SERVICE_UNAVAILABLE(RUNTIME_FAILURE),
    SERVICE_TIMEOUT(RUNTIME_FAILURE),
    UPSTREAM_UNREACHABLE(RUNTIME_FAILURE),
    UPSTREAM_CLOSED(RUNTIME_FAILURE),
    TOKEN_UNAVAILABLE(RUNTIME_FAILURE),
    MESH_INVALID_TARGET(RUNTIME_FAILURE),
    HEADERS_TOO_LARGE(RUNTIME_FAILURE),
    HEADERS_TIMEOUT(RUNTIME_FAILURE),
    REQUEST_LINE_TOO_LONG(RUNTIME_FAILURE),
    /** server.rateLimit: more requests than max in the window (429). */
    RATE_LIMITED(RUNTIME_FAILURE);

    private static final Map<String, ErrorCode> BY_CODE =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));

    private final ExitCategory exitCategory;
    private final String code;

    ErrorCode(ExitCategory exitCategory) {
        this.exitCategory = exitCategory;
        this.code = "RT_" + name();
    }

    /** The code as written in messages and error bodies: {@code RT_CONFIG_INVALID}. */
    public String code() {
        return code;
    }

    public ExitCategory exitCategory() {
        return exitCategory;
    }

    /** The catalog entry of a code read from elsewhere (an error body); empty for a code rt does not know. */
    public static Optional<ErrorCode> of(String code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }
}
