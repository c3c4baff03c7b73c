package dev.rt.testdata.manifest;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The main class of {@code target/rt-testdata-manifest.jar}, whose manifest declares {@code Add-Opens:
 * java.base/java.lang}, {@code Add-Exports: java.base/jdk.internal.misc}, {@code Enable-Native-Access: ALL-UNNAMED} and a
 * {@code Launcher-Agent-Class}: like many real applications, it reaches into {@code java.lang} first thing and fails
 * with {@code InaccessibleObjectException} unless the JVM honours the manifest ({@code java -jar} does). Then it
 * serves, on {@code PORT}, what else the manifest gave it: {@code exports=yes agent=yes native=yes}.
 */
public final class ManifestMain {
    private ManifestMain() {
    }

    public static void main(String[] args) throws Exception {
        Field value = String.class.getDeclaredField("value");
        value.setAccessible(true); // InaccessibleObjectException without Add-Opens: java.base/java.lang
        String report = "exports=" + exported() + " agent=" + (ManifestAgent.instrumentation() != null ? "yes" : "no")
                + " native=" + nativeAccess();
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "0"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] bytes = report.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
    }

    /** Whether a public method of the unexported {@code jdk.internal.misc} can be called. */
    private static String exported() {
        try {
            Class.forName("jdk.internal.misc.VM").getMethod("isBooted").invoke(null);
            return "yes";
        } catch (IllegalAccessException e) {
            return "no";
        } catch (ReflectiveOperationException e) {
            return "error " + e;
        }
    }

    /** {@code Module.isNativeAccessEnabled()} from Java 22 on; before, whether the JVM got the option. */
    private static String nativeAccess() {
        try {
            Object enabled = Module.class.getMethod("isNativeAccessEnabled").invoke(ManifestMain.class.getModule());
            return Boolean.TRUE.equals(enabled) ? "yes" : "no";
        } catch (NoSuchMethodException e) {
            return ManagementFactory.getRuntimeMXBean().getInputArguments()
                    .contains("--enable-native-access=ALL-UNNAMED") ? "yes" : "no";
        } catch (ReflectiveOperationException e) {
            return "error " + e;
        }
    }
}
