package dev.rt.cli;

import dev.rt.config.error.ExitCategory;

/**
 * The exit statuses of the {@code rt} command (the README repeats the table): 0 success, then one per
 * {@link ExitCategory}, which every error code of the catalog ({@link dev.rt.config.error.ErrorCode}) names.
 */
final class ExitCodes {
    static final int OK = 0;
    static final int RUNTIME_FAILURE = ExitCategory.RUNTIME_FAILURE.status();
    static final int USAGE = ExitCategory.USAGE.status();
    static final int CONFIG = ExitCategory.CONFIG.status();
    static final int START_FAILED = ExitCategory.START_FAILED.status();
    static final int NO_RUNTIME = ExitCategory.NO_RUNTIME.status();

    private ExitCodes() {
    }
}
