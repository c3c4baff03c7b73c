package dev.rt.cli.project;

import dev.rt.config.install.ConfigKind;
import dev.rt.config.schema.SchemaUrl;
import dev.rt.supervisor.RtVersion;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** The values rt gives every kind's project template (see {@link dev.rt.kind.ProjectTemplate}). */
public final class TemplateValues {
    /** A service id: it becomes a host name ({@code <id>.rt.local}), a directory, a Maven artifact and a package. */
    public static final Pattern ID = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    public static final String GROUP_ID = "com.example";
    public static final String JAVA_RELEASE = "17";

    private TemplateValues() {
    }

    public static Map<String, String> common(String kind, String id, String hostname, String port, boolean plugin) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("id", id);
        values.put("className", className(id));
        values.put("package", javaPackage(id));
        values.put("packagePath", javaPackage(id).replace('.', '/'));
        values.put("groupId", GROUP_ID);
        values.put("rtVersion", RtVersion.get());
        values.put("javaRelease", JAVA_RELEASE);
        values.put("hostname", hostname);
        values.put("port", port);
        values.put("plugin", Boolean.toString(plugin));
        values.put("schemaUrl", SchemaUrl.current(new ConfigKind(kind)).url());
        return values;
    }

    /** {@code movie-store} → {@code MovieStore}. */
    static String className(String id) {
        StringBuilder name = new StringBuilder();
        for (String part : id.split("-")) {
            name.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
        }
        return name.toString();
    }

    /** {@code movie-store} → {@code com.example.moviestore}; a Java keyword gains a suffix ({@code classapp}). */
    static String javaPackage(String id) {
        String name = GROUP_ID + "." + id.replace("-", "");
        return javax.lang.model.SourceVersion.isName(name) ? name : name + "app";
    }
}
