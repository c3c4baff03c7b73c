package dev.rt.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Debian packages installed on this machine, read from dpkg's database: the closure of some packages over their
 * Depends and Pre-Depends (a virtual package or an alternative resolved to what is installed), each with its version,
 * and the files dpkg installed for them, as they are on this machine. The test's base image is made of these files,
 * so building it needs no download (debootstrap fetched the same packages one after another for 4 to 14 minutes).
 */
final class HostPackages {
    private static final Duration LIMIT = Duration.ofMinutes(1);

    /** An installed package: its name (without architecture), version, and the names it depends on. */
    record Installed(String name, String version, List<List<String>> depends) {
    }

    private final Map<String, Installed> byName = new HashMap<>();
    private final Map<String, String> providers = new HashMap<>();

    private HostPackages() {
    }

    /** What dpkg has installed. */
    static HostPackages read() throws IOException, InterruptedException {
        HostPackages packages = new HostPackages();
        String format = "${binary:Package}\\t${db:Status-Abbrev}\\t${Version}\\t${Provides}\\t${Pre-Depends}, ${Depends}\\n";
        for (String line : Rt.Commands.run(Rt.WORK, LIMIT, List.of("dpkg-query", "-W", "-f=" + format)).assertOk().out()
                .lines().toList()) {
            String[] fields = line.split("\t", -1);
            if (fields.length < 5 || !fields[1].startsWith("ii")) {
                continue;
            }
            String name = bare(fields[0]);
            List<List<String>> depends = new ArrayList<>();
            for (String dependency : fields[4].split(",")) {
                List<String> alternatives = new ArrayList<>();
                for (String alternative : dependency.split("\\|")) {
                    String bare = bare(alternative);
                    if (!bare.isEmpty()) {
                        alternatives.add(bare);
                    }
                }
                if (!alternatives.isEmpty()) {
                    depends.add(alternatives);
                }
            }
            packages.byName.put(name, new Installed(name, fields[2], depends));
            for (String provided : fields[3].split(",")) {
                if (!bare(provided).isEmpty()) {
                    packages.providers.putIfAbsent(bare(provided), name);
                }
            }
        }
        return packages;
    }

    /** "libc6:amd64 (>= 2.34)" as "libc6". */
    private static String bare(String dependency) {
        return dependency.strip().replaceAll("\\s*\\(.*\\)", "").replaceAll(":.*", "").strip();
    }

    /** The names of Debian's Essential packages installed here, the core of any Debian system. */
    List<String> essential() throws IOException, InterruptedException {
        return Rt.Commands.run(Rt.WORK, LIMIT, List.of("dpkg-query", "-W", "-f=${Package}\\t${Essential}\\n")).assertOk()
                .out().lines().filter(l -> l.endsWith("\tyes")).map(l -> l.split("\t")[0])
                .filter(byName::containsKey).toList();
    }

    /** {@code roots} and every installed package they need, each as name and version, sorted by name. */
    List<Installed> closure(List<String> roots) {
        Map<String, Installed> found = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(roots);
        while (!queue.isEmpty()) {
            String name = queue.pop();
            Installed installed = byName.get(name);
            if (installed == null) {
                throw new AssertionError("the base image needs " + name + ", which is not installed (.ci/tools)");
            }
            if (found.putIfAbsent(name, installed) != null) {
                continue;
            }
            for (List<String> alternatives : installed.depends()) {
                alternatives.stream().map(this::resolve).filter(r -> r != null).findFirst().ifPresent(queue::push);
            }
        }
        return found.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    }

    private String resolve(String name) {
        return byName.containsKey(name) ? name : providers.get(name);
    }

    /**
     * The files of {@code packages} as they are on this machine, each named by its real path (a path under a
     * symbolic link such as /bin, which is usr/bin here, goes in once, under usr/bin), with the directories above
     * them; what a package lists but this machine no longer has is left out.
     */
    static Set<Path> files(List<Installed> packages) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("dpkg-query", "-L"));
        packages.forEach(p -> command.add(p.name()));
        Set<Path> files = new TreeSet<>();
        for (String line : Rt.Commands.run(Rt.WORK, LIMIT, command).assertOk().out().lines().toList()) {
            if (!line.startsWith("/") || line.equals("/.")) {
                continue;
            }
            Path path = Path.of(line);
            if (path.getParent() == null || !Files.exists(path.getParent())) {
                continue;
            }
            Path real = path.getParent().toRealPath().resolve(path.getFileName());
            if (Files.exists(real, LinkOption.NOFOLLOW_LINKS)) {
                files.add(real);
                for (Path up = real.getParent(); up != null && up.getParent() != null; up = up.getParent()) {
                    files.add(up);
                }
            }
        }
        return files;
    }
}
