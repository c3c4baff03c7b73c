package dev.rt.supervisor.proxy;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The proxies alone in a JVM of their own, so that a test can bound its memory: an entrypoint to service
 * {@code a} and a mesh proxy serving {@code b}, both at {@code args[0]} (host:port). Prints
 * {@code ports <entrypoint> <mesh>}; answers each {@code stats} line on stdin with
 * {@code stats <peak heap bytes> <pooled direct bytes in use>}; stops at the end of stdin.
 */
public final class ProxyProcess {
    private ProxyProcess() {
    }

    public static void main(String[] args) throws Exception {
        String[] hostPort = args[0].split(":");
        InetSocketAddress worker = new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
        TestUpstreams upstreams = new TestUpstreams().service("a", worker).service("b", worker);
        try (ProxyEventLoops loops = new ProxyEventLoops(2);
                EntrypointServer entrypoint = new EntrypointServer(loops, upstreams, "a");
                MeshProxy mesh = new MeshProxy(loops, upstreams, Duration.ofMinutes(5))) {
            int entrypointPort = entrypoint.bind("127.0.0.1", 0).getPort();
            int meshPort = mesh.bind().getPort();
            System.out.println("ports " + entrypointPort + " " + meshPort);
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals("stats")) {
                    System.out.println("stats " + peakHeap() + " "
                            + PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory());
                    System.out.flush();
                }
            }
        }
    }

    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
