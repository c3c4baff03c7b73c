import dev.rt.kind.KindLog;
import dev.rt.kind.db.sql.Entities;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/** Sample rows: rt db seed seed.java, once the migrations are applied (rt db migrations apply). */
class Seed {
    public static void seed(Entities entities, DataSource db, KindLog logger) throws Exception {
        entities.insert("movie", List.of(Map.of("title", "Metropolis", "year", 1927),
                Map.of("title", "Modern Times", "year", 1936)));
        logger.info("seeded " + entities.count("movie") + " movies");
    }
}
