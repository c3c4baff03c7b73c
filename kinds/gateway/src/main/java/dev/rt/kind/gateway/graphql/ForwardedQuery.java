package dev.rt.kind.gateway.graphql;

import graphql.language.AstPrinter;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.Node;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.VariableDefinition;
import graphql.language.VariableReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The query an application is sent for one root field of a request: that field as the client wrote it (alias,
 * arguments, directives, selections), with the fragments and the variable definitions it uses, and
 * {@code __typename} asked in every selection so that the gateway can tell the type of each object of an interface or
 * union.
 *
 * @param text      the document
 * @param variables the values of the variables it uses
 */
record ForwardedQuery(String text, Map<String, Object> variables) {

    /**
     * @param fields      the occurrences of the root field under one response key
     * @param operation   the request's operation
     * @param fragments   the request's fragments by name
     * @param values      the request's variables
     */
    static ForwardedQuery of(List<Field> fields, OperationDefinition operation, Map<String, FragmentDefinition> fragments,
            Map<String, Object> values) {
        Map<String, FragmentDefinition> used = new LinkedHashMap<>();
        for (Field field : fields) {
            fragmentsOf(field, fragments, used);
        }
        Set<String> names = new LinkedHashSet<>();
        fields.forEach(field -> variablesOf(field, names));
        used.values().forEach(fragment -> variablesOf(fragment, names));
        StringBuilder text = new StringBuilder(operation.getOperation() == OperationDefinition.Operation.MUTATION
                ? "mutation" : "query");
        List<String> declared = new ArrayList<>();
        Map<String, Object> variables = new LinkedHashMap<>();
        for (VariableDefinition definition : operation.getVariableDefinitions()) {
            if (names.contains(definition.getName())) {
                declared.add(AstPrinter.printAstCompact(definition));
                if (values.containsKey(definition.getName())) {
                    variables.put(definition.getName(), values.get(definition.getName()));
                }
            }
        }
        if (!declared.isEmpty()) {
            text.append('(').append(String.join(", ", declared)).append(')');
        }
        text.append(" {");
        for (Field field : fields) {
            text.append(' ').append(AstPrinter.printAstCompact(withTypename(field)));
        }
        text.append(" }");
        for (FragmentDefinition fragment : used.values()) {
            text.append('\n').append(AstPrinter.printAstCompact(fragment.transform(b -> b.selectionSet(
                    withTypename(fragment.getSelectionSet())))));
        }
        return new ForwardedQuery(text.toString(), variables);
    }

    private static Field withTypename(Field field) {
        return field.getSelectionSet() == null ? field
                : field.transform(b -> b.selectionSet(withTypename(field.getSelectionSet())));
    }

    private static SelectionSet withTypename(SelectionSet set) {
        List<Selection> selections = new ArrayList<>();
        for (Selection<?> selection : set.getSelections()) {
            if (selection instanceof Field field) {
                selections.add(withTypename(field));
            } else if (selection instanceof InlineFragment inline) {
                selections.add(inline.transform(b -> b.selectionSet(withTypename(inline.getSelectionSet()))));
            } else {
                selections.add(selection);
            }
        }
        selections.add(Field.newField("__typename").build());
        return set.transform(b -> b.selections(selections));
    }

    private static void fragmentsOf(Node<?> node, Map<String, FragmentDefinition> all,
            Map<String, FragmentDefinition> used) {
        if (node instanceof FragmentSpread spread && !used.containsKey(spread.getName())) {
            FragmentDefinition definition = all.get(spread.getName());
            if (definition != null) {
                used.put(spread.getName(), definition);
                fragmentsOf(definition, all, used);
            }
        }
        for (Node<?> child : node.getChildren()) {
            fragmentsOf(child, all, used);
        }
    }

    private static void variablesOf(Node<?> node, Set<String> names) {
        if (node instanceof VariableReference reference) {
            names.add(reference.getName());
        }
        for (Node<?> child : node.getChildren()) {
            variablesOf(child, names);
        }
    }
}
