package dev.parrow.codec.metadata;

/** The unit of a TIME or TIMESTAMP logical type. */
public enum TimeUnit {
  MILLIS,
  MICROS,
  NANOS
}
