package dev.rt.supervisor.log;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.secret.Secrets;
import dev.rt.supervisor.log.stderr.StderrLevel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Turns a message into a JSON log line, as the {@code logger} section shapes it: {@code level}, {@code time}
 * ({@code timestamp}), {@code pid} and {@code hostname} (or not: {@code base: null}), the {@code base} fields,
 * {@code name} and {@code worker} for a worker's lines, the message under {@code messageKey}, then
 * {@code redact} and {@code formatters}. A worker line that is already a JSON log line (numeric {@code level},
 * string message under {@code messageKey}, {@code time} if any a number or string) passes through, gaining
 * {@code name} and {@code worker} when it lacks them; any other JSON object is wrapped under {@code stdout}
 * or {@code stderr}; anything else becomes a message with {@code caller} STDOUT (level 30) or STDERR (50 for an
 * error, 40 for the rest: {@link StderrLevel}), unless it is a line of a Java logging library whose level can be read.
 * A line a library logged through SLF4J ({@link #library}, or a worker's line with {@code logger}) carries the
 * library's logger name as {@code logger}. Every line, the runtime's and the workers', first loses its secrets
 * ({@link Secrets#redactText}: {@code Authorization} headers, bearer tokens, secret-named fields and pairs, URL
 * passwords), whatever {@code redact} says.
 */
final class LineComposer {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LevelScale levels;
    private final String messageKey;
    private final TimeField time;
    private final Map<String, Object> bindings;
    private final Redaction redaction;
    private final Optional<Formatters> formatters;
    private final long pid = ProcessHandle.current().pid();
    /** The bindings as JSON fields ({@code ,"pid":1,"hostname":"h"}), for lines built without a tree. */
    private final String bindingsJson;
    private final String messageField;
    private final boolean plain;

    LineComposer(LevelScale levels, String messageKey, TimeField time, Map<String, Object> bindings,
            Redaction redaction, Optional<Formatters> formatters) {
        this.levels = levels;
        this.messageKey = messageKey;
        this.time = time;
        this.bindings = formatters.map(f -> f.bindings(bindings)).orElse(bindings);
        this.redaction = redaction;
        this.formatters = formatters;
        this.plain = redaction.isEmpty() && formatters.isEmpty();
        String object = JSON.valueToTree(this.bindings).toString();
        this.bindingsJson = object.length() > 2 ? "," + object.substring(1, object.length() - 1) : "";
        this.messageField = ",\"" + escape(messageKey) + "\":\"";
    }

    private static String escape(String text) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(text));
    }

    /** A line of the runtime itself: no {@code name}, no {@code worker}. */
    LogEntry own(int level, String message) {
        return compose(level, "", -1, Optional.empty(), Optional.empty(), Secrets.redactText(message));
    }

    /** A line a library of the runtime logged, with its logger's name as {@code logger}. */
    LogEntry library(int level, String logger, String message) {
        return compose(level, "", -1, Optional.empty(), Optional.of(logger), Secrets.redactText(message));
    }

    /** How the pretty output shows a library's line. */
    static String shown(String logger, String message) {
        return "[" + logger + "] " + message;
    }

    /** A line of the runtime about one worker: with {@code name} and {@code worker}, without {@code caller}. */
    LogEntry about(int level, String name, int worker, String message) {
        LogEntry line = compose(level, name, worker, Optional.empty(), Optional.empty(), Secrets.redactText(message));
        return new LogEntry(line.level(), line.time(), "", -1, line.pid(), line.message(), line.json()); // shown as rt's
    }

    /**
     * A worker's entry (one line, or several when it is a stack trace).
     *
     * @param knownLevel the level read from a Java logging format, if any
     */
    LogEntry worker(String name, int worker, boolean stderr, String line, OptionalInt knownLevel) {
        String text = Secrets.redactText(line);
        if (knownLevel.isEmpty() && text.length() > 1 && text.charAt(0) == '{' && text.charAt(text.length() - 1) == '}') {
            Optional<JsonLogLine> json = JsonLogLine.read(text, messageKey);
            if (json.isPresent()) {
                return json.get().logLine() && redaction.isEmpty() ? asWritten(name, worker, json.get(), text)
                        : fromObject(name, worker, stderr, parseObject(text).orElseThrow(), json.get());
            }
        }
        int level = knownLevel.orElse(stderr ? StderrLevel.of(text) : Level.INFO.number());
        return compose(level, name, worker, Optional.of(stderr ? "STDERR" : "STDOUT"), Optional.empty(), text);
    }

    /** A worker's JSON log line as it wrote it, {@code name} and {@code worker} appended when it lacks them. */
    private LogEntry asWritten(String name, int worker, JsonLogLine line, String text) {
        StringBuilder json = new StringBuilder(text.length() + name.length() + 24).append(text);
        json.setLength(json.length() - 1);
        if (!name.isEmpty() && !line.hasName()) {
            json.append(",\"name\":\"").append(escape(name)).append('"');
        }
        if (!name.isEmpty() && !line.hasWorker()) {
            json.append(",\"worker\":").append(worker);
        }
        return new LogEntry(line.level(), line.time() >= 0 ? line.time() : System.currentTimeMillis(), name, worker,
                line.pid() >= 0 ? line.pid() : pid, line.shown(), json.append('}').toString());
    }

    /** A JSON object that is no log line (wrapped under stdout or stderr), or a log line to redact. */
    private LogEntry fromObject(String name, int worker, boolean stderr, ObjectNode object, JsonLogLine line) {
        if (!line.logLine()) {
            int level = stderr ? StderrLevel.of(object.toString()) : Level.INFO.number();
            ObjectNode wrapped = start(level, System.currentTimeMillis(), name, worker,
                    Optional.of(stderr ? "STDERR" : "STDOUT"));
            wrapped.set(stderr ? "stderr" : "stdout", object);
            return finish(wrapped, level, name, worker, pid, object.toString());
        }
        if (!name.isEmpty() && !line.hasName()) {
            object.put("name", name);
        }
        if (!name.isEmpty() && !line.hasWorker()) {
            object.put("worker", worker);
        }
        return finish(object, line.level(), name, worker, line.pid() >= 0 ? line.pid() : pid, line.message(),
                line.time() >= 0 ? line.time() : System.currentTimeMillis());
    }

    private LogEntry compose(int level, String name, int worker, Optional<String> caller, Optional<String> logger,
            String message) {
        long millis = System.currentTimeMillis();
        if (plain) { // without a tree: the common case, and the one a flood of plain lines takes
            StringBuilder json = new StringBuilder(96 + message.length()).append("{\"level\":").append(level);
            time.append(json, millis);
            json.append(bindingsJson);
            if (!name.isEmpty()) {
                json.append(",\"name\":\"").append(escape(name)).append("\",\"worker\":").append(worker);
            }
            caller.ifPresent(c -> json.append(",\"caller\":\"").append(c).append('"'));
            logger.ifPresent(l -> json.append(",\"logger\":\"").append(escape(l)).append('"'));
            json.append(messageField);
            JsonStringEncoder.getInstance().quoteAsString(message, json);
            return new LogEntry(level, millis, name, worker, pid, logger.map(l -> shown(l, message)).orElse(message),
                    json.append("\"}").toString());
        }
        ObjectNode line = start(level, millis, name, worker, caller);
        logger.ifPresent(l -> line.put("logger", l));
        line.put(messageKey, message);
        return finish(line, level, name, worker, pid, message, millis);
    }

    private ObjectNode start(int level, long millis, String name, int worker, Optional<String> caller) {
        ObjectNode line = JSON.createObjectNode();
        Map<String, Object> levelFields = formatters.map(f -> f.level(levels.name(level), level))
                .orElse(Map.of("level", level));
        levelFields.forEach((key, value) -> line.set(key, JSON.valueToTree(value)));
        time.put(line, millis);
        bindings.forEach((key, value) -> line.set(key, JSON.valueToTree(value)));
        if (!name.isEmpty()) {
            line.put("name", name);
            line.put("worker", worker);
        }
        caller.ifPresent(c -> line.put("caller", c));
        return line;
    }

    private LogEntry finish(ObjectNode line, int level, String name, int worker, long linePid, String message) {
        return finish(line, level, name, worker, linePid, message, System.currentTimeMillis());
    }

    private LogEntry finish(ObjectNode line, int level, String name, int worker, long linePid, String message,
            long millis) {
        if (!redaction.isEmpty()) {
            redaction.apply(line);
            JsonNode redacted = line.get(messageKey);
            message = redacted != null && redacted.isTextual() ? redacted.asText() : message;
        }
        JsonNode logger = line.get("logger");
        if (logger != null && logger.isTextual()) {
            message = shown(logger.asText(), message);
        }
        try {
            return new LogEntry(level, millis, name, worker, linePid, message, JSON.writeValueAsString(line));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written", e);
        }
    }

    private static Optional<ObjectNode> parseObject(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** {@code pid} and {@code hostname} unless {@code base} is null, then the {@code base} object's fields. */
    static Map<String, Object> bindings(boolean pidAndHostname, String hostname, JsonNode base) {
        Map<String, Object> fields = new LinkedHashMap<>();
        if (pidAndHostname) {
            fields.put("pid", ProcessHandle.current().pid());
            fields.put("hostname", hostname);
        }
        base.properties().forEach(entry -> fields.put(entry.getKey(), entry.getValue()));
        return fields;
    }
}
