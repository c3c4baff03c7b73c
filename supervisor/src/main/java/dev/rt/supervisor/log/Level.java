package dev.rt.supervisor.log;

/** Log levels with their numbers in JSON lines. */
public enum Level {
    TRACE(10), DEBUG(20), INFO(30), WARN(40), ERROR(50), FATAL(60);

    private final int number;

    Level(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }
}
