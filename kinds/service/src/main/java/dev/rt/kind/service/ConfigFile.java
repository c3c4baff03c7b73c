package dev.rt.kind.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The service's configuration file, for messages: the first of rt's file names present in its directory. */
final class ConfigFile {
    private static final List<String> NAMES = List.of("rt.json", "rt.yml", "rt.yaml", "rt.tml", "rt.toml");

    private ConfigFile() {
    }

    static Path in(Path directory) {
        return NAMES.stream().map(directory::resolve).filter(Files::isRegularFile).findFirst().orElse(directory);
    }
}
