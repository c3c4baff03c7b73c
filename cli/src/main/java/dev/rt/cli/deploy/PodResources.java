package dev.rt.cli.deploy;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;

/**
 * What a pod of the runtime needs, from the workers' heap settings: the supervisor's JVM (bin/rt's {@code -Xmx512m})
 * and each worker JVM (its {@code health.maxHeapTotal}, rt's {@code -Xmx}), spares included, each with room for
 * what a JVM holds beside its heap (metaspace, code cache, thread stacks, direct buffers). Memory is requested as
 * much as it is limited to, so that a pod is never killed for using what it was promised; CPU is requested (what
 * the autoscaler's utilization is measured against) and not limited, since throttling a JVM costs latency.
 *
 * @param memoryMebibytes the memory request and limit
 * @param cpuMillis       the CPU request
 * @param jvms            the JVMs counted: the supervisor, the workers and the spares
 */
record PodResources(long memoryMebibytes, long cpuMillis, int jvms) {
    static final long SUPERVISOR_HEAP_MEBIBYTES = 512;
    static final long NON_HEAP_MEBIBYTES = 192;
    static final long CPU_MILLIS_PER_JVM = 250;

    static PodResources of(RuntimeConfig config) {
        long memory = SUPERVISOR_HEAP_MEBIBYTES + NON_HEAP_MEBIBYTES;
        int jvms = 1;
        for (ServiceConfig service : config.services()) {
            int count = service.workers() + (service.spareWorker() && service.runsWorkers() ? 1 : 0);
            long heap = (service.health().maxHeapTotal() + (1 << 20) - 1) >> 20;
            memory += count * (heap + NON_HEAP_MEBIBYTES);
            jvms += count;
        }
        return new PodResources(memory, jvms * CPU_MILLIS_PER_JVM, jvms);
    }

    String memory() {
        return memoryMebibytes + "Mi";
    }

    String cpu() {
        return cpuMillis + "m";
    }
}
