package dev.rt.kind.db.model;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The known name closest to a misspelt one, for "did you mean" hints. */
public final class Nearest {
    private Nearest() {
    }

    public static Optional<String> of(List<String> known, String name) {
        return known.stream().filter(k -> distance(k, name) <= Math.max(2, name.length() / 2))
                .min(Comparator.comparingInt(k -> distance(k, name)));
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
