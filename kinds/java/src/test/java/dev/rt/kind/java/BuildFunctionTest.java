package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.kind.java.fixtures.CreateOnlyBuild;
import dev.rt.kind.java.fixtures.HelloBuild;
import dev.rt.kind.java.fixtures.InstanceBuild;
import dev.rt.kind.java.fixtures.ThrowingBuild;
import dev.rt.kind.java.fixtures.WrongTypeBuild;
import dev.rt.kind.testing.TestContext;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Resolving and calling java.build, with the exact start-failure messages. */
class BuildFunctionTest {
    private static final TestContext CONTEXT = new TestContext(Path.of("/srv/api"));
    private final ClassLoader loader = getClass().getClassLoader();

    private HttpHandler handlerOf(Class<?> type) {
        return BuildFunction.handlerOf(type.getName(), loader, CONTEXT);
    }

    @Test
    void buildIsCalledAndItsHandlerReturned() {
        assertThat(handlerOf(HelloBuild.class)).isNotNull();
    }

    @Test
    void createIsUsedWhenThereIsNoBuild() {
        assertThat(BuildFunction.find(CreateOnlyBuild.class).map(Method::getName)).contains("create");
        assertThat(handlerOf(CreateOnlyBuild.class)).isNotNull();
    }

    @Test
    void missingClassIsNamedWithTheServiceAndWhereToLook() {
        assertThatThrownBy(() -> BuildFunction.handlerOf("com.acme.Missing", loader, CONTEXT))
                .isInstanceOf(dev.rt.kind.KindException.class)
                .hasMessage("class com.acme.Missing named by java.build was not found on the classpath of service"
                        + " \"api\" (check java.classpath in /srv/api)");
    }

    @Test
    void classWithoutStaticBuildOrCreateIsRejected() {
        assertThatThrownBy(() -> handlerOf(InstanceBuild.class))
                .hasMessage("class dev.rt.kind.java.fixtures.InstanceBuild named by java.build of service \"api\" has no"
                        + " public static build() or create() method; add one that returns a"
                        + " com.sun.net.httpserver.HttpHandler");
    }

    @Test
    void buildReturningAnotherTypeIsRejectedNamingTheTypeFound() {
        assertThatThrownBy(() -> handlerOf(WrongTypeBuild.class))
                .hasMessage("dev.rt.kind.java.fixtures.WrongTypeBuild.build() of service \"api\" returned java.lang.String,"
                        + " expected a com.sun.net.httpserver.HttpHandler; return the handler that serves the"
                        + " service's requests");
    }

    @Test
    void buildThatThrowsFailsTheStartWithTheException() {
        assertThatThrownBy(() -> handlerOf(ThrowingBuild.class))
                .hasMessage("dev.rt.kind.java.fixtures.ThrowingBuild.build() of service \"api\" threw"
                        + " java.lang.IllegalStateException: no database (its stack trace is on the worker's stderr);"
                        + " fix the application or its configuration");
    }
}
