package dev.rt.slf4j;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * What SLF4J 2 finds through {@code META-INF/services}: {@link LibraryLoggers}, plain markers, no MDC (nothing rt
 * writes would show it). Hand-written rather than a logging framework's bridge because its whole job is rt's own:
 * two levels into rt's log, in the shape rt's log takes, at the cost of one class per logger.
 */
public final class RtServiceProvider implements SLF4JServiceProvider {
    private ILoggerFactory loggers;
    private IMarkerFactory markers;
    private MDCAdapter mdc;

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        loggers = new LibraryLoggers();
        markers = new BasicMarkerFactory();
        mdc = new NOPMDCAdapter();
    }
}
