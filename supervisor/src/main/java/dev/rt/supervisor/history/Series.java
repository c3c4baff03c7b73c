package dev.rt.supervisor.history;

/**
 * The figures kept for each worker and second, in the order of a column. Units are the ones the page shows:
 * fractions for ELU and CPU, bytes for memory, requests per second, milliseconds for latencies.
 */
enum Series {
    ELU("elu", false),
    CPU("cpu", false),
    HEAP_USED("heapUsed", true),
    HEAP_TOTAL("heapTotal", true),
    RSS("rss", true),
    REQUESTS("requests", false),
    P50("p50", false),
    P99("p99", false),
    ERRORS("errors", false);

    static final Series[] ALL = values();

    final String key;
    /** Bytes: written as whole numbers. */
    final boolean whole;

    Series(String key, boolean whole) {
        this.key = key;
        this.whole = whole;
    }
}
