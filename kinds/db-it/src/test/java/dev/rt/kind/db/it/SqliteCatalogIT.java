package dev.rt.kind.db.it;

import dev.rt.kind.db.testing.Engine;

/** The catalog on SQLite. */
class SqliteCatalogIT extends CatalogTests {
    @Override
    Engine engine() {
        return Engine.SQLITE;
    }
}
