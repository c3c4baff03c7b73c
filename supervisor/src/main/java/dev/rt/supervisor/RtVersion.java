package dev.rt.supervisor;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** rt's own version, from the build. */
public final class RtVersion {
    private RtVersion() {
    }

    public static String get() {
        Properties properties = new Properties();
        try (InputStream in = RtVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown"
        }
        return properties.getProperty("version", "unknown");
    }
}
