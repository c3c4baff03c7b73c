package dev.rt.supervisor.scheduler;

import dev.rt.auth.User;
import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.SchedulerJobConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One attempt of a job's HTTP call: {@code method} to {@code callbackUrl} with the job's headers over
 * {@code x-retry-attempt}, and its body (a JSON object with {@code content-type: application/json} unless the job
 * sets one). {@code http://<id>.rt.local} URLs go through the mesh proxy, like a worker's calls, and carry the
 * runtime's own identity ({@link #SCHEDULER}: the role {@code rt-admin}) sealed in {@code X-RT-IDENTITY}, so that a
 * service whose {@code authorization} refuses anonymous callers accepts them; a URL outside the runtime never gets
 * it (nor a job's own {@code X-RT-IDENTITY}). The answer is the status, the body read and dropped.
 */
final class CallbackCall {
    /** Headers the client sets itself: a job's own are not sent. */
    static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");
    /** Who the scheduler's calls to the runtime's services are: the runtime itself, with every right. */
    static final User SCHEDULER = new User(List.of(User.ADMIN_ROLE), Map.of(User.USER_ID, "rt-scheduler"));
    private static final String IDENTITY = IdentitySeal.HEADER.toLowerCase(Locale.ROOT);

    private final CallbackClient client;
    private final int meshPort;
    private final IdentitySeal identity;
    private final Map<String, CallbackTarget> targets = new ConcurrentHashMap<>();

    CallbackCall(CallbackClient client, int meshPort, IdentitySeal identity) {
        this.client = client;
        this.meshPort = meshPort;
        this.identity = identity;
    }

    /** Whether a job's header of this name (lower case) is not sent: the client's own, or the runtime's identity. */
    static boolean dropped(String name) {
        return RESTRICTED.contains(name) || name.equals(IDENTITY);
    }

    /** The status of one attempt ({@code attempt} from 1); fails when no answer came. */
    CompletableFuture<Integer> send(SchedulerJobConfig job, int attempt) {
        CallbackTarget target = targets.computeIfAbsent(job.callbackUrl(), url -> CallbackTarget.of(url, meshPort));
        ByteBuf body = job.body().map(text -> Unpooled.copiedBuffer(text, StandardCharsets.UTF_8))
                .orElse(Unpooled.EMPTY_BUFFER);
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(job.method()),
                target.requestTarget(), body);
        HttpHeaders headers = request.headers();
        headers.set(HttpHeaderNames.HOST, target.hostHeader());
        boolean typed = false;
        for (Map.Entry<String, String> header : job.headers().entrySet()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (dropped(name)) {
                continue;
            }
            typed |= name.equals("content-type");
            headers.set(header.getKey(), header.getValue());
        }
        headers.set("x-retry-attempt", Integer.toString(attempt));
        if (target.mesh()) {
            headers.set(IdentitySeal.HEADER, identity.seal(SCHEDULER, Instant.now()));
        }
        if (job.jsonBody() && !typed) {
            headers.set(HttpHeaderNames.CONTENT_TYPE, "application/json");
        }
        if (body.isReadable() || !(job.method().equals("GET") || job.method().equals("HEAD"))) {
            headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        }
        return client.send(target.address(), request);
    }

    /** Whether the calls have been abandoned (the scheduler's grace is over): failures since are that. */
    boolean abandoned() {
        return client.closed();
    }
}
