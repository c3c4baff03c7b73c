package dev.rt.cli.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A borderless table: a header row, then rows, columns padded to their widest cell and two spaces apart. */
public final class TextTable {
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String... header) {
        rows.add(List.of(header));
    }

    public TextTable row(String... cells) {
        rows.add(List.of(cells));
        return this;
    }

    public void print(PrintWriter out) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == columns - 1 ? row.get(i) : String.format("%-" + widths[i] + "s  ", row.get(i)));
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }
}
