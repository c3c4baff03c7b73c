package dev.rt.supervisor.history;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kept columns: one a second, the last {@code capacity} of them, each holding every worker's {@link Series}.
 * A worker's row is one {@code float[]} of {@code series × capacity} cells (NaN where it had no figure), written in
 * place: no object per sample. A row stays while any of its cells is within the window, so a worker that was
 * replaced still shows until its last second scrolls out; at most {@code maxRows} rows are kept (the one whose
 * last figure is oldest gives way). Hand-written because it is rt's own data shape: what the charts read is exactly
 * these arrays. Each worker's cells are a {@link HistoryRow}. Thread-safe: every method holds the ring's lock, never
 * across I/O other than the caller's writer.
 */
final class HistoryRing {
    private final int capacity;
    private final int maxRows;
    private final Map<String, HistoryRow> rows = new LinkedHashMap<>();
    private long newest = Long.MIN_VALUE; // the epoch second of the newest column
    private int filled;

    HistoryRing(int capacity, int maxRows) {
        this.capacity = capacity;
        this.maxRows = maxRows;
    }

    /**
     * Makes {@code second} the newest column, blank for every row; the seconds skipped since the last one (a late
     * tick) become blank columns too. A second at or before the newest is ignored (the clock went back).
     */
    synchronized void open(long second) {
        if (second <= newest && filled > 0) {
            return;
        }
        long steps = filled == 0 ? 1 : Math.min(second - newest, capacity);
        for (long s = second - steps + 1; s <= second; s++) {
            int column = slot(s);
            for (HistoryRow row : rows.values()) {
                for (int series = 0; series < Series.ALL.length; series++) {
                    row.cells[series * capacity + column] = Float.NaN;
                }
            }
        }
        filled = (int) Math.min(capacity, filled + steps);
        newest = second;
        rows.values().removeIf(row -> row.last <= newest - capacity);
    }

    /** Writes a worker's figures ({@code values}, in {@link Series} order) into the newest column. */
    synchronized void put(String serviceId, int index, long pid, float[] values) {
        if (filled == 0) {
            return;
        }
        String key = serviceId + ":" + index + ":" + pid;
        HistoryRow row = rows.get(key);
        if (row == null) {
            if (rows.size() >= maxRows) {
                evictOldest();
            }
            row = new HistoryRow(serviceId, index, pid, Series.ALL.length * capacity);
            rows.put(key, row);
        }
        int column = slot(newest);
        for (int series = 0; series < values.length; series++) {
            row.cells[series * capacity + column] = values[series];
        }
        row.last = newest;
    }

    synchronized int rows() {
        return rows.size();
    }

    synchronized long newest() {
        return newest;
    }

    /**
     * {@code {"start", "length", "series": [names], "workers": [{"service", "worker", "pid", "data": [[...], ...]}]}}:
     * the columns after {@code since} (an epoch second; everything kept for 0), oldest first, {@code null} where a
     * worker had no figure; the columns are consecutive seconds from {@code start}.
     */
    synchronized void write(JsonGenerator json, long since) throws IOException {
        int length = filled == 0 ? 0 : (int) Math.max(0, Math.min(filled, newest - since));
        long start = newest - length + 1;
        json.writeStartObject();
        json.writeNumberField("interval", 1);
        json.writeNumberField("start", length == 0 ? Math.max(newest, 0) : start);
        json.writeNumberField("length", length);
        json.writeArrayFieldStart("series");
        for (Series series : Series.ALL) {
            json.writeString(series.key);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("workers");
        for (HistoryRow row : rows.values()) {
            if (row.last < start || length == 0) {
                continue;
            }
            row.write(json, start, newest, capacity, this::slot);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private void evictOldest() {
        Iterator<HistoryRow> all = rows.values().iterator();
        HistoryRow oldest = null;
        for (HistoryRow row : rows.values()) {
            if (oldest == null || row.last < oldest.last) {
                oldest = row;
            }
        }
        while (all.hasNext()) {
            if (all.next() == oldest) {
                all.remove();
                return;
            }
        }
    }

    private int slot(long second) {
        return (int) Math.floorMod(second, (long) capacity);
    }
}
