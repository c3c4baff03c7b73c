package dev.rt.kind.db.it;

import dev.rt.kind.db.testing.Engine;

/** The catalog on the private MariaDB. */
class MariaDbCatalogIT extends CatalogTests {
    @Override
    Engine engine() {
        return Engine.MARIADB;
    }
}
