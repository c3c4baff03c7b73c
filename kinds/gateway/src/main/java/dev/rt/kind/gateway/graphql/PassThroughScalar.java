package dev.rt.kind.gateway.graphql;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.ArrayValue;
import graphql.language.BooleanValue;
import graphql.language.EnumValue;
import graphql.language.FloatValue;
import graphql.language.IntValue;
import graphql.language.ObjectValue;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.Coercing;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A custom scalar of an application (a date, JSON): the gateway neither checks nor changes it, the application does;
 * values go out as they came and arguments are sent on as the client wrote them.
 */
final class PassThroughScalar implements Coercing<Object, Object> {

    @Override
    public Object serialize(Object value, GraphQLContext context, Locale locale) {
        return value;
    }

    @Override
    public Object parseValue(Object input, GraphQLContext context, Locale locale) {
        return input;
    }

    @Override
    public Object parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
        return literal(input, variables);
    }

    private static Object literal(Value<?> input, CoercedVariables variables) {
        if (input instanceof StringValue string) {
            return string.getValue();
        } else if (input instanceof IntValue integer) {
            return integer.getValue();
        } else if (input instanceof FloatValue decimal) {
            return decimal.getValue();
        } else if (input instanceof BooleanValue bool) {
            return bool.isValue();
        } else if (input instanceof EnumValue name) {
            return name.getName();
        } else if (input instanceof VariableReference reference) {
            return variables.get(reference.getName());
        } else if (input instanceof ArrayValue array) {
            return array.getValues().stream().map(value -> literal(value, variables)).toList();
        } else if (input instanceof ObjectValue object) {
            Map<String, Object> fields = new LinkedHashMap<>();
            object.getObjectFields().forEach(field -> fields.put(field.getName(), literal(field.getValue(), variables)));
            return fields;
        }
        return null;
    }
}
