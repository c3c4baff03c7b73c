package dev.rt.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JSON trees turned into the JDK values the kind SPI hands kinds. */
class JsonValuesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyJsonTypeBecomesItsJdkType() throws Exception {
        Map<String, Object> values = JsonValues.object(JSON.readTree("{\"s\": \"x\", \"i\": 3, \"big\": 123456789012345678901,"
                + " \"d\": 1.5, \"b\": true, \"n\": null, \"a\": [1, \"y\"], \"o\": {\"k\": false}}"));

        assertThat(values.keySet()).containsExactly("s", "i", "big", "d", "b", "n", "a", "o");
        assertThat(values.get("s")).isEqualTo("x");
        assertThat(values.get("i")).isEqualTo(3L);
        assertThat(values.get("big")).isEqualTo(new BigInteger("123456789012345678901"));
        assertThat(values.get("d")).isEqualTo(1.5);
        assertThat(values.get("b")).isEqualTo(true);
        assertThat(values.get("n")).isNull();
        assertThat(values.get("a")).isEqualTo(List.of(1L, "y"));
        assertThat(values.get("o")).isEqualTo(Map.of("k", false));
    }

    @Test
    void anythingButAnObjectIsAnEmptyObject() throws Exception {
        assertThat(JsonValues.object(JSON.readTree("[1]"))).isEmpty();
        assertThat(JsonValues.object(null)).isEmpty();
    }
}
