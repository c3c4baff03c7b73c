package dev.rt.testdata.broken;

/** A build function that returns something other than an HttpHandler. */
public final class WrongType {
    private WrongType() {
    }

    public static String build() {
        return "not a handler";
    }
}
