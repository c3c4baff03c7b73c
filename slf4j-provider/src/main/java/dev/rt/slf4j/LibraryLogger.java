package dev.rt.slf4j;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * One library logger: warn and error go to the current {@link LibrarySink} when it takes their level, formatted
 * as SLF4J formats them, the exception's stack trace after the message; trace, debug and info are never enabled.
 */
final class LibraryLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    static final int WARN = 40;
    static final int ERROR = 50;

    LibraryLogger(String name) {
        this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
        return false;
    }

    @Override
    public boolean isDebugEnabled() {
        return false;
    }

    @Override
    public boolean isInfoEnabled() {
        return false;
    }

    @Override
    public boolean isWarnEnabled() {
        return LibraryLog.current().enabled(WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return LibraryLog.current().enabled(ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
            Throwable throwable) {
        if (level.toInt() < Level.WARN.toInt()) {
            return;
        }
        int number = level == Level.ERROR ? ERROR : WARN;
        LibrarySink sink = LibraryLog.current();
        if (!sink.enabled(number)) {
            return;
        }
        String message = MessageFormatter.basicArrayFormat(pattern, arguments);
        if (throwable != null) {
            StringWriter trace = new StringWriter();
            throwable.printStackTrace(new PrintWriter(trace));
            message = message + System.lineSeparator() + trace.toString().stripTrailing();
        }
        sink.write(number, name, message);
    }
}
