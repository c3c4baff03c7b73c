package dev.rt.kind.gateway;

import dev.rt.kind.gateway.settings.Section;

/** The {@code composer} kind: the gateway's older name, its applications listed as {@code composer.services}. */
public final class ComposerKind extends ComposingKind {
    public ComposerKind() {
        super(Section.COMPOSER);
    }
}
