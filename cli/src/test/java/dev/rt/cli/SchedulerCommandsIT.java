package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** rt ctl scheduler against a real runtime started with rt start, and a restart of that runtime. */
class SchedulerCommandsIT extends ManagedRuntimes {
    @Test
    void jobsAreListedPausedRunAndResumedAndStayPausedWhenTheRuntimeRestarts() throws Exception {
        Path dir = project("clock", true);
        String config = Files.readString(dir.resolve("rt.json"));
        Files.writeString(dir.resolve("rt.json"), config.replaceFirst("\\{", "{\"scheduler\": ["
                + "{\"name\": \"tick\", \"cron\": \"* * * * * *\", \"callbackUrl\": \"http://back.rt.local/hello\"},"
                + "{\"name\": \"nightly\", \"cron\": \"0 3 * * *\", \"callbackUrl\": \"http://back.rt.local/hello\"}], "));
        RtProcess clock = start(dir);
        clock.awaitStdout("Scheduler \\\"tick\\\" executed successfully", START);

        Result list = rt(dir, "ctl", "scheduler", "list");
        assertThat(list.code()).isZero();
        assertThat(list.stdout()).containsPattern("NAME +CRON +STATUS +LAST RUN +LAST STATUS +NEXT RUN")
                .containsPattern("(?m)^tick +\\* \\* \\* \\* \\* \\* +active +\\d{4}-\\S+Z +success +\\d{4}-\\S+Z")
                .containsPattern("(?m)^nightly +0 3 \\* \\* \\* +active +- +- +\\d{4}-\\d\\d-\\d\\dT03:00:00Z");

        Result pause = rt(dir, "ctl", "scheduler", "pause", "tick");
        assertThat(pause.stdout()).isEqualTo("Paused the job tick of the runtime " + clock.pid() + ".");
        assertThat(rt(dir, "ctl", "scheduler", "list").stdout()).containsPattern("(?m)^tick +.* paused +.* -$");
        Result run = rt(dir, "ctl", "scheduler", "run", "tick");
        assertThat(run.code()).isZero();
        assertThat(run.stdout()).startsWith("Ran the job tick of the runtime " + clock.pid() + ": success at ");

        Result unknown = rt(dir, "ctl", "scheduler", "run", "nope");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.stderr()).isEqualTo("rt: Scheduler \"nope\" not found");
        Result noName = rt(dir, "ctl", "scheduler", "pause");
        assertThat(noName.code()).isEqualTo(2);
        assertThat(noName.stderr()).contains("pause needs the name of a job (see rt ctl scheduler list)");

        assertThat(rt(dir, "ctl", "reload").code()).isZero();
        clock.awaitStdout("The runtime has been restarted.", START);
        assertThat(rt(dir, "ctl", "scheduler", "list").stdout()).containsPattern("(?m)^tick +.* paused ");
        Result resume = rt(dir, "ctl", "scheduler", "resume", "tick");
        assertThat(resume.stdout()).startsWith("Resumed the job tick of the runtime " + clock.pid() + "; next run 20");
        assertThat(rt(dir, "ctl", "scheduler", "list").stdout()).containsPattern("(?m)^tick +.* active ");
    }
}
