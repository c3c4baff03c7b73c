package dev.rt.supervisor.worker;

import dev.rt.protocol.WorkerSpan;
import java.util.List;

/** Where the spans workers record go: the supervisor's tracing, which exports them under each service's name. */
public interface WorkerSpans {
    /** No tracing: workers record no span. */
    WorkerSpans NONE = new WorkerSpans() {
        @Override
        public boolean records(String serviceId) {
            return false;
        }

        @Override
        public void export(String serviceId, List<WorkerSpan> spans) {
        }
    };

    /** Whether the workers of {@code serviceId} record their requests' spans themselves (rt's light tracing). */
    boolean records(String serviceId);

    /** Exports what a worker of {@code serviceId} recorded; called on the worker's socket reader thread. */
    void export(String serviceId, List<WorkerSpan> spans);
}
