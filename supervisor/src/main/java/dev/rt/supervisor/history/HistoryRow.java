package dev.rt.supervisor.history;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.LongToIntFunction;

/**
 * One worker's cells in the {@link HistoryRing}, and who it is: {@code series × capacity} floats, one column a second,
 * NaN where it had no figure. Guarded by the ring's lock.
 */
final class HistoryRow {
    final String serviceId;
    final int index;
    final long pid;
    final float[] cells;
    long last; // the epoch second of its newest figure

    HistoryRow(String serviceId, int index, long pid, int cells) {
        this.serviceId = serviceId;
        this.index = index;
        this.pid = pid;
        this.cells = new float[cells];
        Arrays.fill(this.cells, Float.NaN);
    }

    /**
     * {@code {"service", "worker", "pid", "data": [[...], ...]}}: a series' figures from {@code start} to {@code newest}
     * (epoch seconds), {@code null} where there was none; {@code slot} is the column of a second.
     */
    void write(JsonGenerator json, long start, long newest, int capacity, LongToIntFunction slot) throws IOException {
        json.writeStartObject();
        json.writeStringField("service", serviceId);
        json.writeNumberField("worker", index);
        json.writeNumberField("pid", pid);
        json.writeArrayFieldStart("data");
        for (Series series : Series.ALL) {
            json.writeStartArray();
            for (long s = start; s <= newest; s++) {
                writeCell(json, series, cells[series.ordinal() * capacity + slot.applyAsInt(s)]);
            }
            json.writeEndArray();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeCell(JsonGenerator json, Series series, float value) throws IOException {
        if (Float.isNaN(value)) {
            json.writeNull();
        } else if (series.whole) {
            json.writeNumber(Math.round((double) value));
        } else {
            json.writeNumber(Math.round(value * 10_000d) / 10_000d);
        }
    }
}
