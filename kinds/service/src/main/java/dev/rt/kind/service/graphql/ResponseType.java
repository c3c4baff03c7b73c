package dev.rt.kind.service.graphql;

import graphql.ExecutionResult;
import java.util.Locale;
import java.util.Optional;

/**
 * The media type a GraphQL response is written in, chosen from the request's {@code Accept} header as RFC 9110 has
 * it (each type's quality is that of the most specific range that matches it; a quality of 0 refuses it), and the
 * status that type calls for. {@code application/graphql-response+json} says the status truthfully: 400 for a
 * request that never executed (a syntax or validation error, an unknown operation, variables of the wrong type),
 * else 200. {@code application/json} is 200 for every GraphQL response, as the specification asks of it (a client of
 * that type cannot tell a 4xx of the server from one of a proxy). A request without {@code Accept}, or with only
 * wildcards, gets {@code application/json}, what clients written before the specification expect. Hand-written:
 * two media types and their precedence are rt's policy, smaller than any content negotiation library.
 */
enum ResponseType {
    GRAPHQL_RESPONSE("application/graphql-response+json"),
    JSON("application/json");

    private final String mediaType;

    ResponseType(String mediaType) {
        this.mediaType = mediaType;
    }

    String contentType() {
        return mediaType + "; charset=utf-8";
    }

    /** 200, or 400 for a result without {@code data} (nothing executed) in the type that may say so. */
    int status(ExecutionResult result) {
        return this == GRAPHQL_RESPONSE && !result.isDataPresent() ? 400 : 200;
    }

    /** The type to answer in; empty when the client accepts neither (a 406). */
    static Optional<ResponseType> negotiate(String accept) {
        if (accept == null || accept.isBlank()) {
            return Optional.of(JSON);
        }
        Match graphql = Match.NONE;
        Match json = Match.NONE;
        for (String range : accept.split(",")) {
            Match match = Match.of(range);
            graphql = match.over(graphql, GRAPHQL_RESPONSE.mediaType);
            json = match.over(json, JSON.mediaType);
        }
        if (graphql.quality <= 0 && json.quality <= 0) {
            return Optional.empty();
        }
        if (graphql.quality != json.quality) {
            return Optional.of(graphql.quality > json.quality ? GRAPHQL_RESPONSE : JSON);
        }
        // equal qualities: the type the client named outright, the preferred one when it named both
        return Optional.of(graphql.specificity == Match.EXACT ? GRAPHQL_RESPONSE : JSON);
    }

    /** One media range of the header: the type it names, its quality, how specific it is. */
    private record Match(String type, double quality, int specificity) {
        static final int EXACT = 2;
        static final Match NONE = new Match("", 0, -1);

        static Match of(String range) {
            String[] parts = range.split(";");
            String type = parts[0].strip().toLowerCase(Locale.ROOT);
            double quality = 1;
            boolean utf8 = true;
            for (int i = 1; i < parts.length; i++) {
                String[] parameter = parts[i].split("=", 2);
                String name = parameter[0].strip().toLowerCase(Locale.ROOT);
                String value = parameter.length < 2 ? "" : parameter[1].strip().replace("\"", "");
                if (name.equals("q")) {
                    quality = quality(value);
                } else if (name.equals("charset")) {
                    utf8 = value.equalsIgnoreCase("utf-8") || value.equalsIgnoreCase("utf8");
                }
            }
            int specificity = type.equals("*/*") ? 0 : type.equals("application/*") ? 1 : EXACT;
            return new Match(type, utf8 ? quality : 0, specificity);
        }

        private static double quality(String value) {
            try {
                double q = Double.parseDouble(value);
                return q >= 0 && q <= 1 ? q : 0;
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        /** This range's verdict on {@code mediaType} when it is more specific than {@code best}'s, else best. */
        Match over(Match best, String mediaType) {
            boolean matches = specificity == 0 || specificity == 1 || type.equals(mediaType);
            return matches && specificity > best.specificity ? this : best;
        }
    }
}
