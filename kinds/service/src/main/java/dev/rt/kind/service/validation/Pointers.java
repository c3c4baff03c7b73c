package dev.rt.kind.service.validation;

import com.networknt.schema.path.NodePath;

/** A validator path as a JSON pointer ({@code /a/0/b}; {@code ""} for the root). */
final class Pointers {
    private Pointers() {
    }

    static String of(NodePath path) {
        StringBuilder pointer = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            pointer.append('/').append(String.valueOf(element).replace("~", "~0").replace("/", "~1"));
        }
        return pointer.toString();
    }
}
