package dev.rt.cli.start;

import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * The class-data archive this JVM writes when it exits ({@code -XX:ArchiveClassesAtExit}, which {@code bin/rt} gives
 * the first {@code rt start} after each build of rt), so that the wait it costs at exit is announced, not silent.
 */
final class ClassDataAtExit {
    private static final String OPTION = "-XX:ArchiveClassesAtExit=";

    private ClassDataAtExit() {
    }

    /** The archive's file, when this JVM writes one at exit. */
    static Optional<String> archive() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> argument.startsWith(OPTION))
                .map(argument -> argument.substring(OPTION.length()))
                .reduce((first, last) -> last); // the JVM honours the last one
    }

    /** What {@code rt start} says before it exits and the JVM writes the archive. */
    static String message(String archive) {
        return "Writing the class-data archive of rt start to " + archive + " before exiting (once after each build of"
                + " rt; it takes a few seconds): the next rt start loads its classes from it and starts faster.";
    }
}
