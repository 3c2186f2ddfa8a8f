package dev.parrow.codec.metadata;

/** The unit of a TIME or TIMESTAMP logical type. */
public enum TimeUnit {
  /** Milliseconds. */
  MILLIS,
  /** Microseconds. */
  MICROS,
  /** Nanoseconds. */
  NANOS
}
