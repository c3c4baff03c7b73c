package dev.rt.kind.db.graphql;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.BooleanValue;
import graphql.language.FloatValue;
import graphql.language.IntValue;
import graphql.language.NullValue;
import graphql.language.ObjectValue;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.CoercingSerializeException;
import graphql.schema.GraphQLScalarType;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The scalars beyond GraphQL's own: dates, times and instants as ISO-8601 strings, JSON objects, and the page limit.
 */
final class DbScalars {
    static final GraphQLScalarType DATE = text("Date", "A date string, such as 2007-12-03, compliant with the"
            + " `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for"
            + " representation of dates and times using the Gregorian calendar.");
    static final GraphQLScalarType TIME = text("Time", "A time string at UTC, such as 10:15:30Z, compliant with the"
            + " `full-time` format outlined in section 5.6 of the RFC 3339profile of the ISO 8601 standard for"
            + " representation of dates and times using the Gregorian calendar.");
    static final GraphQLScalarType DATE_TIME = text("DateTime", "A date-time string at UTC, such as"
            + " 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339"
            + " profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.");
    static final GraphQLScalarType JSON_OBJECT = GraphQLScalarType.newScalar().name("JSONObject")
            .description("The `JSONObject` scalar type represents JSON objects as specified by"
                    + " [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).")
            .coercing(new JsonObjectCoercing()).build();
    static final GraphQLScalarType LIMIT = GraphQLScalarType.newScalar().name("LimitInt")
            .description("Limit will be applied by default if not passed. If the provided value exceeds the maximum"
                    + " allowed value a validation error will be thrown")
            .coercing(new LimitCoercing()).build();

    private DbScalars() {
    }

    private static GraphQLScalarType text(String name, String description) {
        return GraphQLScalarType.newScalar().name(name).description(description).coercing(new TextCoercing(name)).build();
    }

    /** Strings through, both ways. */
    private record TextCoercing(String name) implements Coercing<Object, String> {
        @Override
        public String serialize(Object value, GraphQLContext context, Locale locale) {
            return value.toString();
        }

        @Override
        public Object parseValue(Object input, GraphQLContext context, Locale locale) {
            if (input instanceof String s) {
                return s;
            }
            throw new CoercingParseValueException(name + " expects a string, found " + input);
        }

        @Override
        public Object parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
            if (input instanceof StringValue s) {
                return s.getValue();
            }
            throw new CoercingParseLiteralException(name + " expects a string");
        }
    }

    /** JSON objects as maps. */
    private static final class JsonObjectCoercing implements Coercing<Object, Object> {
        @Override
        public Object serialize(Object value, GraphQLContext context, Locale locale) {
            if (value instanceof Map<?, ?> || value instanceof java.util.List<?>) {
                return value;
            }
            throw new CoercingSerializeException("JSONObject cannot represent " + value);
        }

        @Override
        public Object parseValue(Object input, GraphQLContext context, Locale locale) {
            if (input instanceof Map<?, ?>) {
                return input;
            }
            throw new CoercingParseValueException("JSONObject expects an object, found " + input);
        }

        @Override
        public Object parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
            if (input instanceof ObjectValue object) {
                return literal(object);
            }
            throw new CoercingParseLiteralException("JSONObject expects an object");
        }

        private static Object literal(Value<?> value) {
            if (value instanceof ObjectValue object) {
                Map<String, Object> map = new LinkedHashMap<>();
                object.getObjectFields().forEach(f -> map.put(f.getName(), literal(f.getValue())));
                return map;
            }
            if (value instanceof graphql.language.ArrayValue array) {
                return array.getValues().stream().map(JsonObjectCoercing::literal).toList();
            }
            if (value instanceof StringValue s) {
                return s.getValue();
            }
            if (value instanceof IntValue i) {
                return i.getValue().longValue();
            }
            if (value instanceof FloatValue f) {
                return f.getValue().doubleValue();
            }
            if (value instanceof BooleanValue b) {
                return b.isValue();
            }
            if (value instanceof NullValue) {
                return null;
            }
            throw new CoercingParseLiteralException("JSONObject cannot hold " + value);
        }
    }

    /** A whole number, checked against the configured maximum by the query. */
    private static final class LimitCoercing implements Coercing<Long, Long> {
        @Override
        public Long serialize(Object value, GraphQLContext context, Locale locale) {
            return ((Number) value).longValue();
        }

        @Override
        public Long parseValue(Object input, GraphQLContext context, Locale locale) {
            if (input instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
                return n.longValue();
            }
            throw new CoercingParseValueException("LimitInt expects a whole number, found " + input);
        }

        @Override
        public Long parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
            if (input instanceof IntValue i) {
                return i.getValue().longValue();
            }
            throw new CoercingParseLiteralException("LimitInt expects a whole number");
        }
    }
}
