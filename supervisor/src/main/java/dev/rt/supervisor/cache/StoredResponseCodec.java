package dev.rt.supervisor.cache;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The variants of one key as bytes, for a store outside the supervisor (Redis): a version, then each variant. */
final class StoredResponseCodec {
    private static final int VERSION = 1;

    private StoredResponseCodec() {
    }

    static byte[] write(List<StoredResponse> variants) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(VERSION);
            out.writeInt(variants.size());
            for (StoredResponse response : variants) {
                text(out, response.id());
                out.writeInt(response.status());
                out.writeInt(response.headers().size());
                for (Map.Entry<String, String> header : response.headers()) {
                    text(out, header.getKey());
                    text(out, header.getValue());
                }
                out.writeInt(response.body().length);
                out.write(response.body());
                out.writeInt(response.vary().size());
                for (Map.Entry<String, String> vary : response.vary().entrySet()) {
                    text(out, vary.getKey());
                    text(out, vary.getValue());
                }
                out.writeInt(response.tags().size());
                for (String tag : response.tags()) {
                    text(out, tag);
                }
                out.writeLong(response.storedAt());
                out.writeLong(response.initialAge());
                out.writeLong(response.lifetime());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The variants in {@code bytes}; empty when they are not of this version (written by another rt). */
    static List<StoredResponse> read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != VERSION) {
            return List.of();
        }
        int count = in.readInt();
        List<StoredResponse> variants = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String id = text(in);
            int status = in.readInt();
            int headerCount = in.readInt();
            List<Map.Entry<String, String>> headers = new ArrayList<>(headerCount);
            for (int h = 0; h < headerCount; h++) {
                headers.add(Map.entry(text(in), text(in)));
            }
            byte[] body = in.readNBytes(in.readInt());
            int varyCount = in.readInt();
            Map<String, String> vary = new HashMap<>();
            for (int v = 0; v < varyCount; v++) {
                vary.put(text(in), text(in));
            }
            int tagCount = in.readInt();
            Set<String> tags = new HashSet<>();
            for (int t = 0; t < tagCount; t++) {
                tags.add(text(in));
            }
            variants.add(new StoredResponse(id, status, headers, body, vary, tags, in.readLong(), in.readLong(),
                    in.readLong()));
        }
        return variants;
    }

    private static void text(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String text(DataInputStream in) throws IOException {
        return new String(in.readNBytes(in.readInt()), StandardCharsets.UTF_8);
    }
}
