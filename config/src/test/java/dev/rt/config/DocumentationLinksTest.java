package dev.rt.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README, {@code bench/README.md} and {@code docs/} reaches a file of the repository, and
 * every {@code #fragment} into a Markdown file a heading of it (GitHub's anchors), so that the front page and the
 * pages it leads to stay a map that holds when text moves between them. Beside {@link SettingsReferenceTest}, the
 * other test that reads {@code docs/}. Written by hand: a dozen lines of regular expressions, where a Markdown parser
 * would bring a dependency for no more certainty about GitHub's anchors.
 */
class DocumentationLinksTest {
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");
    private static final Pattern SCHEME = Pattern.compile("^[a-z][a-z0-9+.-]*:");

    @Test
    void everyRelativeLinkReachesAFileAndHeadingOfTheRepository() throws IOException {
        Path repository = Fixtures.testdata().getParent();
        List<String> broken = new ArrayList<>();
        for (Path page : pages(repository)) {
            Matcher link = LINK.matcher(FENCE.matcher(Files.readString(page)).replaceAll(""));
            while (link.find()) {
                String problem = problem(repository, page, link.group(1));
                if (problem != null) {
                    broken.add(repository.relativize(page) + ": " + link.group(1) + ": " + problem);
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void aHeadingsAnchorIsGitHubs() {
        assertThat(anchors("# Tests\n## The image: `rt build --image`\n## Supervisor ↔ agent protocol\n## Tests\n"))
                .containsExactlyInAnyOrder("tests", "the-image-rt-build---image", "supervisor--agent-protocol",
                        "tests-1");
    }

    private static List<Path> pages(Path repository) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(repository.resolve("README.md"),
                repository.resolve("bench/README.md")));
        try (Stream<Path> docs = Files.list(repository.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** What is wrong with one link of a page, or {@code null} when it leads somewhere. */
    private static String problem(Path repository, Path page, String target) throws IOException {
        if (SCHEME.matcher(target).find()) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path destination = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!destination.startsWith(repository)) {
            return "outside the repository";
        }
        if (!Files.exists(destination)) {
            return "no such file";
        }
        if (hash >= 0 && file.endsWith(".md") || hash >= 0 && file.isEmpty()) {
            String fragment = target.substring(hash + 1);
            if (!anchors(FENCE.matcher(Files.readString(destination)).replaceAll("")).contains(fragment)) {
                return "no heading #" + fragment + " in " + repository.relativize(destination);
            }
        }
        return null;
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, -1 on repeats. */
    private static Set<String> anchors(String markdown) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher heading = HEADING.matcher(markdown);
        while (heading.find()) {
            String anchor = heading.group(1).strip().toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            int count = seen.merge(anchor, 1, Integer::sum);
            anchors.add(count == 1 ? anchor : anchor + "-" + (count - 1));
        }
        return anchors;
    }
}
