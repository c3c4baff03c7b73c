package dev.rt.supervisor.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpResponseReaderTest {
    private static HttpResponseReader reader(String bytes) {
        return new HttpResponseReader(new ByteArrayInputStream(bytes.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void contentLengthBodyAndHeadersInOrder() throws IOException {
        HttpResponseReader reader = reader("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX-A: 1\r\n"
                + "content-length: 5\r\n\r\nhello and more");
        HttpResponseReader.Head head = reader.head();
        assertThat(head.status()).isEqualTo(404);
        assertThat(head.reason()).isEqualTo("Not Found");
        assertThat(head.headers()).extracting(e -> e.getKey() + "=" + e.getValue())
                .containsExactly("content-type=text/plain", "x-a=1", "content-length=5");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        reader.body(head, body::writeBytes);
        assertThat(body.toString(StandardCharsets.UTF_8)).isEqualTo("hello");
    }

    @Test
    void chunkedBodyArrivesChunkByChunk() throws IOException {
        HttpResponseReader reader = reader("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
                + "4\r\n{\"a\"\r\na;ext=1\r\n:1}\n{\"b\":2\r\n0\r\n\r\n");
        HttpResponseReader.Head head = reader.head();
        List<String> chunks = new ArrayList<>();
        reader.body(head, bytes -> chunks.add(new String(bytes, StandardCharsets.UTF_8)));
        assertThat(chunks).containsExactly("{\"a\"", ":1}\n{\"b\":2");
    }

    @Test
    void withoutLengthTheBodyEndsWithTheConnection() throws IOException {
        HttpResponseReader reader = reader("HTTP/1.1 200 OK\n\nuntil the end");
        HttpResponseReader.Head head = reader.head();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        reader.body(head, body::writeBytes);
        assertThat(body.toString(StandardCharsets.UTF_8)).isEqualTo("until the end");
    }

    @Test
    void truncatedOrMalformedResponsesAreErrors() throws IOException {
        assertThatThrownBy(() -> reader("HTTP/1.1 200 OK\r\ncontent-le").head()).isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> reader("SSH-2.0-OpenSSH\r\n\r\n").head()).hasMessageContaining("not an HTTP/1.1 response");
        HttpResponseReader short1 = reader("HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc");
        HttpResponseReader.Head head = short1.head();
        assertThatThrownBy(() -> short1.body(head, bytes -> { })).hasMessage("the connection closed after 3 of 10 bytes");
    }
}
