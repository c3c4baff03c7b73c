package dev.rt.testing;

import dev.rt.config.install.Installation;
import dev.rt.kind.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Makes the kinds on the test class path the installed kinds of this JVM. rt reads its kinds from directories
 * {@code <root>/<name>/lib/}, each opened in a class loader whose parent sees the class path: a root whose
 * {@code <name>/lib/} folders are empty therefore finds each kind on the class path, with no jar of its own.
 */
final class ClassPathKinds {
    private ClassPathKinds() {
    }

    static synchronized void install() {
        if (System.getProperty(Installation.KINDS_PROPERTY) != null) {
            return; // a build that installs its kinds (rt's own tests) keeps them
        }
        try {
            Path root = Files.createTempDirectory("rt-test-kinds");
            root.toFile().deleteOnExit();
            for (Kind kind : ServiceLoader.load(Kind.class)) {
                Path lib = Files.createDirectories(root.resolve(kind.name()).resolve("lib"));
                lib.toFile().deleteOnExit();
                lib.getParent().toFile().deleteOnExit();
            }
            System.setProperty(Installation.KINDS_PROPERTY, root.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the kinds of the class path", e);
        }
    }
}
