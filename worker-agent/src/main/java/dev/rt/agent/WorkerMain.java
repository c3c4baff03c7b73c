package dev.rt.agent;

/**
 * Entry point of every worker JVM: reads the environment the supervisor set, then hands over to
 * {@link WorkerAgent}. A JVM started without that environment prints what is missing and exits 2.
 */
public final class WorkerMain {
    /** Exit status when the worker was started without the supervisor's environment. */
    static final int EXIT_USAGE = 2;

    private WorkerMain() {
    }

    public static void main(String[] args) {
        Thread.currentThread().setName("rt-agent");
        TerminalInterrupt.ignore();
        JulLevel.apply(System.getenv());
        WorkerEnvironment environment;
        try {
            environment = WorkerEnvironment.from(System.getenv());
        } catch (AgentException e) {
            System.err.println("rt worker: " + e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        }
        new WorkerAgent(environment, new ProcessExit()).run();
    }
}
