package dev.rt.supervisor.proxy.tls;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Private keys in the PEM forms that tools write, turned into the PKCS#8 form ({@code BEGIN PRIVATE KEY}) that
 * the JDK reads: PKCS#1 RSA keys ({@code BEGIN RSA PRIVATE KEY}, {@code openssl genrsa -traditional}) and SEC1
 * EC keys ({@code BEGIN EC PRIVATE KEY}, certbot's ECDSA keys, {@code openssl ecparam -genkey}) are wrapped in a
 * PKCS#8 envelope naming their algorithm (and curve); anything else is left as it is for the TLS library to
 * judge. Encrypted keys are refused with a message saying how to decrypt them.
 */
final class PrivateKeyPem {
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----(.*?)-----END \\1?PRIVATE KEY-----", Pattern.DOTALL);
    /** 1.2.840.113549.1.1.1 rsaEncryption, then NULL parameters. */
    private static final byte[] RSA_ALGORITHM = hex("300d06092a864886f70d0101010500");
    /** 1.2.840.10045.2.1 id-ecPublicKey. */
    private static final byte[] EC_PUBLIC_KEY = hex("06072a8648ce3d0201");
    private static final byte[] VERSION_0 = {0x02, 0x01, 0x00};

    private PrivateKeyPem() {
    }

    /** {@code pem} with its key in PKCS#8; unchanged when it already is, or is no key rt knows how to convert. */
    static byte[] asPkcs8(byte[] pem, String name) {
        Matcher block = BLOCK.matcher(new String(pem, StandardCharsets.US_ASCII));
        if (!block.find() || block.group(1) == null) {
            return pem;
        }
        String kind = block.group(1).strip();
        String body = block.group(2);
        if (kind.equals("ENCRYPTED") || body.contains("ENCRYPTED")) {
            throw new IllegalArgumentException("the key " + name + " is encrypted; rt needs it unencrypted (decrypt it"
                    + " with: openssl pkey -in " + name + " -out key.pem)");
        }
        byte[] der = Base64.getMimeDecoder().decode(body.strip());
        byte[] algorithm = kind.equals("RSA") ? RSA_ALGORITHM
                : sequence(EC_PUBLIC_KEY, curve(der).orElseThrow(() -> new IllegalArgumentException("the EC key "
                        + name + " does not name its curve; convert it with: openssl pkey -in " + name + " -out key.pem")));
        byte[] pkcs8 = sequence(VERSION_0, algorithm, tagged(0x04, der));
        return ("-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(pkcs8)
                + "\n-----END PRIVATE KEY-----\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The DER of {@code pem}'s private key block (PKCS#8 after {@link #asPkcs8}), if it has one. */
    static Optional<byte[]> der(byte[] pem) {
        Matcher block = BLOCK.matcher(new String(pem, StandardCharsets.US_ASCII));
        return block.find() ? Optional.of(Base64.getMimeDecoder().decode(block.group(2).strip())) : Optional.empty();
    }

    /**
     * The curve OID (tag and all) of a SEC1 {@code ECPrivateKey}: {@code SEQUENCE { INTEGER 1, OCTET STRING,
     * [0] OID, [1] BIT STRING }}, where {@code [0]} is optional.
     */
    static Optional<byte[]> curve(byte[] sec1) {
        Der outer = new Der(sec1, 0);
        if (outer.tag != 0x30) {
            return Optional.empty();
        }
        int at = outer.contentStart;
        while (at < outer.end) {
            Der element = new Der(sec1, at);
            if (element.tag == 0xa0) {
                Der oid = new Der(sec1, element.contentStart);
                return oid.tag == 0x06 ? Optional.of(Arrays.copyOfRange(sec1, element.contentStart, oid.end))
                        : Optional.empty();
            }
            at = element.end;
        }
        return Optional.empty();
    }

    /** One DER element at {@code start}: its tag, where its content starts and where it ends. */
    private static final class Der {
        final int tag;
        final int contentStart;
        final int end;

        Der(byte[] der, int start) {
            if (start + 2 > der.length) {
                throw new IllegalArgumentException("the key is not valid DER");
            }
            tag = der[start] & 0xff;
            int first = der[start + 1] & 0xff;
            int length;
            int offset = start + 2;
            if (first < 0x80) {
                length = first;
            } else {
                int bytes = first & 0x7f;
                if (bytes > 3 || offset + bytes > der.length) {
                    throw new IllegalArgumentException("the key is not valid DER");
                }
                length = 0;
                for (int i = 0; i < bytes; i++) {
                    length = (length << 8) | (der[offset++] & 0xff);
                }
            }
            contentStart = offset;
            end = offset + length;
            if (end > der.length) {
                throw new IllegalArgumentException("the key is not valid DER");
            }
        }
    }

    private static byte[] sequence(byte[]... parts) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            content.writeBytes(part);
        }
        return tagged(0x30, content.toByteArray());
    }

    private static byte[] tagged(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else if (length < 0x10000) {
            out.write(0x82);
            out.write(length >> 8);
            out.write(length);
        } else {
            out.write(0x83);
            out.write(length >> 16);
            out.write(length >> 8);
            out.write(length);
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }
}
