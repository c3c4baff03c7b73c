package dev.rt.kind.db.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLObjectType;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The subscriptions in the schema: with events, {@code <entity>Saved} and {@code <entity>Deleted} for each entity
 * with a single-column key (not the join table, the table without a key or the view) and nothing else changed;
 * without, the schema has no subscription at all.
 */
@ExtendWith(TestDatabases.class)
class SubscriptionsSchemaTest {
    @Test
    void eventsAddTheSubscriptionsAndChangeNothingElse() {
        try (DbFixture fixture = DbFixture.movies(Engine.SQLITE); ChangeEvents events = new ChangeEvents()) {
            String plain = new DbGraphQL(fixture.entities()).sdl();
            DbGraphQL withEvents = new DbGraphQL(fixture.entities(), Optional.of(events));
            String sdl = withEvents.sdl();
            assertThat(plain).doesNotContain("Subscription").doesNotContain("Saved").doesNotContain("Deleted");
            assertThat(sdl).contains("type Subscription {\n").contains("""
                      movieSaved: Movie
                      movieDeleted: MovieDeleted
                    """).contains("""
                    type MovieDeleted {
                      id: ID
                    }
                    """);
            GraphQLObjectType subscription = withEvents.schema().getSubscriptionType();
            assertThat(subscription.getFieldDefinitions()).extracting(GraphQLFieldDefinition::getName)
                    .containsExactlyInAnyOrder("movieSaved", "movieDeleted", "quoteSaved", "quoteDeleted",
                            "actorSaved", "actorDeleted");
            assertThat(subscription.getFieldDefinitions()).allSatisfy(f -> assertThat(f.getArguments()).isEmpty());
            String without = sdl.replaceAll("(?s)type Subscription \\{.*?\\}\\n\\n?", "")
                    .replaceAll("(?s)type (Movie|Quote|Actor)Deleted \\{.*?\\}\\n\\n?", "")
                    .replace("  subscription: Subscription\n", "");
            assertThat(without).as("the rest of the schema").isEqualTo(plain);
        }
    }
}
