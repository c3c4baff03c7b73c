package dev.rt.layout;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout rules of the house, on the main code of every module of the reactor at once: no package cycle (no
 * package depends, through any chain, on a package that depends on it), and no package of more than 40 source
 * files. The cycles are ArchUnit's, read from the compiled classes of each module's {@code target/classes} (so a
 * mention in a Javadoc comment alone is no dependency); the counts are read from {@code src/main/java}. The modules
 * are those the root pom lists ({@link Reactor}), so a new module is checked without a line here. It lives in the
 * {@code cli} module's tests because the reactor compiles every module with main code before {@code cli}.
 */
class LayoutTest {
    private static final int MOST_FILES = 40;

    private static Reactor reactor;

    @BeforeAll
    static void readReactor() throws IOException {
        reactor = Reactor.around(Path.of("").toAbsolutePath());
    }

    @Test
    void noPackageCycleInMainCode() {
        List<Path> compiled = reactor.classDirectories();
        JavaClasses classes = new ClassFileImporter().importPaths(compiled);
        assertThat(classes.containPackage("dev.rt.kind")).as("the kind SPI among %s", compiled).isTrue();

        slices().matching("dev.rt.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void noMainPackageOverFortyFiles() throws IOException {
        Map<String, Integer> crowded = new TreeMap<>();
        reactor.sourceFilesByPackage().forEach((name, files) -> {
            if (files > MOST_FILES) {
                crowded.put(name, files);
            }
        });

        assertThat(crowded).as("packages of main code over %d files (carve them into sub-packages)", MOST_FILES)
                .isEmpty();
    }
}
