package dev.rt.cli;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * A minimal HPROF reader: the header ({@code JAVA PROFILE 1.0.2}, identifier size, time stamp), then every
 * top-level record ({@code tag u1, time u4, length u4, body}) to the end of the file, keeping the UTF-8 strings
 * and counting heap dump segments. A truncated or malformed file fails.
 */
record HprofFile(String version, int identifierSize, Set<String> strings, int heapDumpSegments, boolean ended) {
    static HprofFile read(InputStream input) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(input, 1 << 16));
        StringBuilder version = new StringBuilder();
        for (int b = in.read(); b != 0; b = in.read()) {
            if (b < 0) {
                throw new EOFException("no header");
            }
            version.append((char) b);
        }
        int identifierSize = in.readInt();
        in.readLong(); // time stamp
        Set<String> strings = new HashSet<>();
        int segments = 0;
        boolean ended = false;
        while (true) {
            int tag = in.read();
            if (tag < 0) {
                break;
            }
            in.readInt(); // microseconds since the header's time stamp
            long length = Integer.toUnsignedLong(in.readInt());
            if (tag == 0x01) { // UTF8: identifier, then the bytes
                in.skipNBytes(identifierSize);
                strings.add(new String(in.readNBytes((int) length - identifierSize), StandardCharsets.UTF_8));
            } else {
                segments += tag == 0x0C || tag == 0x1C ? 1 : 0;
                ended |= tag == 0x2C;
                in.skipNBytes(length);
            }
        }
        return new HprofFile(version.toString(), identifierSize, strings, segments, ended);
    }
}
