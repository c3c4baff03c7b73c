package dev.rt.cli.output;

import dev.rt.config.error.ExitCategory;

/**
 * The exit statuses of the {@code rt} command (the README repeats the table): 0 success, then one per
 * {@link ExitCategory}, which every error code of the catalog ({@link dev.rt.config.error.ErrorCode}) names.
 */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int RUNTIME_FAILURE = ExitCategory.RUNTIME_FAILURE.status();
    public static final int USAGE = ExitCategory.USAGE.status();
    public static final int CONFIG = ExitCategory.CONFIG.status();
    public static final int START_FAILED = ExitCategory.START_FAILED.status();
    public static final int NO_RUNTIME = ExitCategory.NO_RUNTIME.status();

    private ExitCodes() {
    }
}
