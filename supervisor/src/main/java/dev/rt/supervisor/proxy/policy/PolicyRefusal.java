package dev.rt.supervisor.proxy.policy;

/**
 * A request the policy refuses (a body over the limit, a body that took too long), carried to the exchange as the
 * failed decoder result of its head or of a body part, and answered there with the JSON error body of the proxy,
 * {@code Connection: close}, as the service kind's server answers the same refusal. No stack trace: it is an answer.
 */
public final class PolicyRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String reason;
    private final String code;

    private PolicyRefusal(int status, String reason, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.reason = reason;
        this.code = code;
    }

    /** {@code server.bodyLimit}: 413 {@code FST_ERR_CTP_BODY_TOO_LARGE}, the service kind's answer. */
    static PolicyRefusal bodyTooLarge() {
        return new PolicyRefusal(413, "Payload Too Large", "FST_ERR_CTP_BODY_TOO_LARGE", "Request body is too large");
    }

    /** {@code server.requestTimeout}: 408, the service kind's answer. */
    static PolicyRefusal requestTimeout() {
        return new PolicyRefusal(408, "Request Timeout", "", "Request Timeout");
    }

    public int status() {
        return status;
    }

    /** The reason phrase, also the body's {@code error}. */
    public String reason() {
        return reason;
    }

    /** The body's {@code code}; empty for none. */
    public String code() {
        return code;
    }
}
