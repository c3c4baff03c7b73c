package dev.rt.cli.build;

import dev.rt.cli.project.BuildTool;
import dev.rt.cli.project.LocalMavenRepository;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.cli.project.ServiceTasks;
import dev.rt.cli.project.ToolRun;
import dev.rt.config.install.Installation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs a build tool in every service of a project (rt build, rt install): dependency order, independent services
 * together, one line per service as it ends, and the output of a service whose tool failed, each line prefixed with
 * its id.
 */
final class ServiceToolRuns {
    private ServiceToolRuns() {
    }

    /**
     * @param done    the past tense for the progress lines ("built", "installed")
     * @param command the tool's command line for a service
     * @return whether every service's tool succeeded
     */
    static boolean run(ProjectLayout layout, String done, Optional<String> packageManager,
            Function<BuildTool, List<String>> command, PrintWriter out, PrintWriter err) throws InterruptedException {
        List<ProjectService> services = layout.services();
        int width = services.stream().mapToInt(service -> service.id().length()).max().orElse(0);
        int parallelism = Math.max(1, Runtime.getRuntime().availableProcessors());
        Map<String, ServiceTasks.Outcome> outcomes = ServiceTasks.run(services, parallelism, service -> {
            String name = String.format(Locale.ROOT, "%-" + width + "s", service.id());
            if (!Files.isDirectory(service.directory())) {
                print(out, "  " + name + "  missing: " + service.directory() + " does not exist"
                        + (service.url().isPresent() ? " (rt resolve clones it)" : ""));
                return false;
            }
            Optional<BuildTool> tool = BuildTool.of(service.directory(), packageManager.or(service::packageManager));
            if (tool.isEmpty()) {
                print(out, "  " + name + "  nothing to do: no pom.xml, build.gradle or build.gradle.kts");
                return true;
            }
            ToolRun run;
            try {
                run = ToolRun.run(command.apply(tool.get()), service.directory(), Map.of());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            String took = String.format(Locale.ROOT, "%.1f s", run.millis() / 1000.0);
            if (run.succeeded()) {
                print(out, "  " + name + "  " + done + " in " + took + " (" + tool.get().describe() + ")");
                return true;
            }
            synchronized (ServiceToolRuns.class) {
                out.println("  " + name + "  FAILED in " + took + ": " + String.join(" ", run.command())
                        + " exited with status " + run.status() + "; its output:");
                out.flush();
                run.output().lines().forEach(line -> err.println(service.id() + " | " + line));
                err.flush();
            }
            return false;
        });
        outcomes.forEach((id, outcome) -> {
            if (outcome == ServiceTasks.Outcome.SKIPPED) {
                ProjectService service = layout.service(id).orElseThrow();
                print(out, "  " + String.format(Locale.ROOT, "%-" + width + "s", id) + "  skipped: it depends on "
                        + String.join(", ", service.dependencies()) + ", which did not succeed");
            }
        });
        return outcomes.values().stream().allMatch(outcome -> outcome == ServiceTasks.Outcome.SUCCEEDED);
    }

    private static synchronized void print(PrintWriter out, String line) {
        synchronized (ServiceToolRuns.class) {
            out.println(line);
            out.flush();
        }
    }

    /**
     * Puts rt's artifacts into the local Maven repository when a service builds with Maven and rt runs from its
     * distribution (which carries them).
     */
    static void publishArtifacts(ProjectLayout layout, PrintWriter out) {
        List<Path> maven = layout.services().stream().map(ProjectService::directory)
                .filter(directory -> Files.isRegularFile(directory.resolve("pom.xml"))).toList();
        Optional<Path> artifacts = System.getProperty(LocalMavenRepository.ARTIFACTS_PROPERTY) != null
                || Installation.home().isPresent() ? Optional.of(LocalMavenRepository.artifacts()) : Optional.empty();
        if (maven.isEmpty() || artifacts.isEmpty()) {
            return;
        }
        Set<Path> done = new HashSet<>();
        for (Path directory : maven) {
            LocalMavenRepository repository = LocalMavenRepository.of(System.getenv(), directory);
            if (done.add(repository.root())) {
                List<String> copied = repository.publish(artifacts.get());
                if (!copied.isEmpty()) {
                    out.println("rt: put rt's Maven artifacts (" + copied.size() + " files) into " + repository.root());
                    out.flush();
                }
            }
        }
    }
}
