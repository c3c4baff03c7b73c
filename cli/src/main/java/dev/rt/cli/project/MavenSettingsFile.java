package dev.rt.cli.project;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The {@code <localRepository>} of a Maven {@code settings.xml}, read as XML (a commented-out example, as in Maven's
 * own stock file, is a comment) and interpolated as Maven does: {@code ${env.NAME}} from the environment,
 * {@code ${name}} from the properties given ({@code user.home}, {@code maven.home}, {@code -D} options); an
 * expression neither knows stays as it is, as in Maven. The JDK's parser, with document types refused (no external
 * entity is ever read).
 */
final class MavenSettingsFile {
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([^}]+)}");

    private MavenSettingsFile() {
    }

    /** The file's local repository, interpolated; empty when the file does not exist or sets none. */
    static Optional<String> localRepository(Path file, Map<String, String> properties, Map<String, String> env) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Element root;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            var builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // fatal errors throw, nothing is printed
            root = builder.parse(file.toFile()).getDocumentElement();
        } catch (SAXParseException e) {
            throw new RtException(ErrorCode.USAGE, file + ":" + e.getLineNumber() + ": Maven cannot read this settings"
                    + " file either: " + e.getMessage());
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new RtException(ErrorCode.USAGE, file + ": cannot read the Maven settings (" + e.getMessage() + ")");
        }
        for (Node child = root.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && "localRepository".equals(element.getLocalName())) {
                String text = element.getTextContent().strip();
                return text.isEmpty() ? Optional.empty() : Optional.of(interpolate(text, properties, env));
            }
        }
        return Optional.empty();
    }

    static String interpolate(String text, Map<String, String> properties, Map<String, String> env) {
        Matcher matcher = EXPRESSION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value = name.startsWith("env.") ? env.get(name.substring(4)) : properties.get(name);
            matcher.appendReplacement(out, Matcher.quoteReplacement(value != null ? value : matcher.group()));
        }
        return matcher.appendTail(out).toString();
    }
}
