package dev.rt.testdata.service.notaplugin;

/** Listed as a plugin, but implements nothing. */
public final class NotAPlugin {
}
