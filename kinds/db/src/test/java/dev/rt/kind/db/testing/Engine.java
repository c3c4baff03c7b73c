package dev.rt.kind.db.testing;

/** The databases the tests run against: every route family, operator and command runs on each. */
public enum Engine {
    SQLITE, POSTGRES, MARIADB
}
