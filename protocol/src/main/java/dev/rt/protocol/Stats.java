package dev.rt.protocol;

/**
 * Health figures sent every interval.
 *
 * @param elu       busy fraction in [0, 1] over the last interval: the higher of the busy fraction of the
 *                  application's request threads (when its kind reports them) and {@code cpu}
 * @param heapUsed  bytes of heap in use
 * @param heapTotal bytes of heap committed
 * @param heapMax   the heap bound ({@code -Xmx}) in bytes
 * @param cpu       process CPU use over the last interval, as a fraction of all processors
 */
public record Stats(double elu, long heapUsed, long heapTotal, long heapMax, double cpu) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.stats(this);
    }
}
