package dev.rt.kind.db.model;

/** The JSON type of a field's values in REST bodies and in the OpenAPI document. */
public enum JsonType {
    INTEGER("integer"), NUMBER("number"), STRING("string"), BOOLEAN("boolean"), OBJECT("object");

    private final String schemaName;

    JsonType(String schemaName) {
        this.schemaName = schemaName;
    }

    /** The JSON Schema type name. */
    public String schemaName() {
        return schemaName;
    }
}
