package dev.rt.protocol;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A record that travels as a JSON array of its components in declaration order, not as an object. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface Positional {
}
