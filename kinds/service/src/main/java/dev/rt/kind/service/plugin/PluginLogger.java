package dev.rt.kind.service.plugin;

import dev.rt.kind.service.log.LogLines;
import dev.rt.kind.service.log.RequestLog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.text.MessageFormat;
import java.util.ResourceBundle;
import java.util.function.Supplier;

/** A plugin's {@link System.Logger}: entries of the service's log, with the request's id when it has one. */
final class PluginLogger implements System.Logger {
    private final String name;
    private final RequestLog log;
    private final String requestId;

    PluginLogger(String name, RequestLog log, String requestId) {
        this.name = name;
        this.log = log;
        this.requestId = requestId;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isLoggable(Level level) {
        return level != Level.OFF && log.enabled(number(level));
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
        if (isLoggable(level)) {
            StringBuilder text = new StringBuilder(String.valueOf(message));
            if (thrown != null) {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                text.append(System.lineSeparator()).append(trace.toString().stripTrailing());
            }
            log.plugin(number(level), requestId, text.toString());
        }
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        if (isLoggable(level)) {
            log.plugin(number(level), requestId, params == null || params.length == 0 ? String.valueOf(format)
                    : MessageFormat.format(format, params));
        }
    }

    @Override
    public void log(Level level, Supplier<String> message) {
        if (isLoggable(level)) {
            log.plugin(number(level), requestId, message.get());
        }
    }

    private static int number(Level level) {
        return switch (level) {
            case ALL, TRACE -> LogLines.TRACE;
            case DEBUG -> LogLines.DEBUG;
            case INFO -> LogLines.INFO;
            case WARNING -> LogLines.WARN;
            case ERROR, OFF -> LogLines.ERROR;
        };
    }
}
