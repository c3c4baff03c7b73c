package dev.rt.kind.gateway;

/** The {@code composer} kind: the gateway's older name, its applications listed as {@code composer.services}. */
public final class ComposerKind extends ComposingKind {
    public ComposerKind() {
        super(Section.COMPOSER);
    }
}
