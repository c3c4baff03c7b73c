package dev.rt.cli.create;

import dev.rt.cli.build.InstallCommand;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.GitRepository;
import dev.rt.cli.project.MavenWrapper;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectTree;
import dev.rt.cli.project.StagedWrite;
import dev.rt.cli.project.TemplateFiller;
import dev.rt.cli.project.TemplateValues;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.kind.ProjectTemplate;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;

/**
 * What the create commands share: the kind's template and the runtime's filled into one tree, written all at once,
 * then the git repository and the install.
 */
final class ProjectCreation {
    static final String SERVICES_FOLDER = "services";

    private ProjectCreation() {
    }

    /** The installed kind of that name with a project template, or why it cannot make one. */
    static InstalledKind kind(String name) {
        InstalledKind kind = Kinds.installed().find(name).orElseThrow(() -> new RtException(ErrorCode.USAGE,
                "the \"" + name + "\" kind is not part of this rt" + (ConfigKind.applicationKeys().contains(name)
                        ? " yet (its configuration schema is known, its module is not installed)" : "")
                        + "; rt creates projects of the kinds " + String.join(", ", Kinds.installed().names())));
        if (kind.kind().projectTemplate().isEmpty()) {
            throw new RtException(ErrorCode.USAGE, "the \"" + name + "\" kind offers no project template");
        }
        return kind;
    }

    /** With {@code --install}, {@code rt install} in the new project {@code target}; its exit status, else OK. */
    static int installIfAsked(CreateOptions options, Path target, CommandLine line) throws InterruptedException {
        return options.install ? InstallCommand.install(ProjectLayout.read(target.resolve("rt.json")), false,
                Optional.empty(), line) : ExitCodes.OK;
    }

    static ProjectTemplate template(InstalledKind kind) {
        return kind.kind().projectTemplate().orElseThrow();
    }

    /** The id of the new service: {@code --name}, else the directory's name, else the template's default. */
    static String id(CreateOptions options, Optional<Path> directory, ProjectTemplate template) {
        String id = options.name != null ? options.name : directory.map(d -> d.toAbsolutePath().normalize())
                .map(Path::getFileName).map(Path::toString).filter(n -> TemplateValues.ID.matcher(n).matches())
                .orElse(template.defaultId());
        if (!TemplateValues.ID.matcher(id).matches()) {
            throw new RtException(ErrorCode.USAGE, "--name: \"" + id + "\" cannot be a service id: use lower-case"
                    + " letters, digits and single dashes, starting with a letter (it becomes " + "<id>.rt.local, a"
                    + " directory, a Maven artifact and a Java package)");
        }
        return id;
    }

    /** The service's files under {@code base}: its kind's template filled, and the Maven wrapper if it is a Maven project. */
    static ProjectTree service(InstalledKind kind, String id, CreateOptions options, Map<String, String> kindValues,
            String base) {
        Map<String, String> values = TemplateValues.common(kind.name(), id, options.hostname, options.port,
                options.plugin);
        values.putAll(kindValues);
        ProjectTree tree = TemplateFiller.fill(template(kind), kind.name(), values, base);
        if (tree.contains(base.isEmpty() ? "pom.xml" : base + "/pom.xml")) {
            MavenWrapper.addTo(tree, base);
        }
        return tree;
    }

    /** The runtime's own files around its first service {@code id}. */
    static ProjectTree runtime(String id, CreateOptions options) {
        Map<String, String> values = TemplateValues.common("runtime", id, options.hostname, options.port,
                options.plugin);
        values.put("schemaUrl", dev.rt.config.schema.SchemaUrl.current(ConfigKind.RUNTIME).url());
        ProjectTemplate runtime = ProjectTemplate.fromResources(ProjectCreation.class, "runtime", id,
                java.util.List.of());
        return TemplateFiller.fill(runtime, "runtime", values, "");
    }

    /** Writes the tree, then makes the repository and installs as the options say, reporting each step. */
    static void write(ProjectTree tree, Path target, CreateOptions options, PrintWriter out, PrintWriter err)
            throws InterruptedException {
        StagedWrite.write(tree, target, options.force);
        out.println("rt: wrote " + tree.entries().size() + " files into " + target.toAbsolutePath().normalize());
        if (options.git) {
            GitRepository.initialize(target).ifPresentOrElse(note -> err.println("rt: git: " + note),
                    () -> out.println("rt: made " + target + " a git repository with a first commit"));
        }
        out.flush();
    }
}
