package dev.rt.kind.db.sql;

import dev.rt.kind.KindSpan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A span that records what a test needs to see: its children, attributes, failure and how often it ended. */
final class RecordedSpan implements KindSpan {
    final String name;
    final Kind kind;
    final Map<String, Object> attributes = new LinkedHashMap<>();
    final List<RecordedSpan> children = new ArrayList<>();
    String failure;
    int ends;

    RecordedSpan(String name, Kind kind) {
        this.name = name;
        this.kind = kind;
    }

    @Override
    public boolean isRecording() {
        return true;
    }

    @Override
    public void attribute(String key, String value) {
        attributes.put(key, value);
    }

    @Override
    public void attribute(String key, long value) {
        attributes.put(key, value);
    }

    @Override
    public void fail(String description) {
        failure = description;
    }

    @Override
    public KindSpan child(String childName, Kind childKind) {
        RecordedSpan child = new RecordedSpan(childName, childKind);
        children.add(child);
        return child;
    }

    @Override
    public void end() {
        ends++;
    }
}
