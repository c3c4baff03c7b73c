package dev.rt.kind.db.sql;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * A connection that hears which rows its writes changed, to announce them once they are committed ({@code db.events}).
 * {@link EntityQueries} tells it about every row it saves or deletes on such a connection.
 */
public interface ChangeSink {
    /**
     * @param entity  the entity's singular name
     * @param deleted whether the rows were deleted, else saved (inserted or updated)
     * @param keys    the rows' primary keys, as JSON values
     * @param rows    the deleted rows as they were (every field, JSON values), in the order of {@code keys}; empty
     *                for saved rows
     */
    void changed(String entity, boolean deleted, List<Object> keys, List<Map<String, Object>> rows)
            throws SQLException;
}
