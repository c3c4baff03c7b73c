/**
 * What an application's tests use to run it in the test JVM, as {@code rt start} would
 * ({@link dev.rt.testing.InProcessService}): its configuration read and checked by rt's configuration module, its
 * kind found on the test class path ({@link dev.rt.testing.ClassPathKinds}) and given a worker context of its own.
 * It knows the configuration module and the kind SPI; never the supervisor or a kind's code.
 */
package dev.rt.testing;
