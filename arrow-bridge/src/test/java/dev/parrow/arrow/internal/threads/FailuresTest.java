package dev.parrow.arrow.internal.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class FailuresTest {
  /**
   * I/O and unchecked failures and errors are thrown as they were; any other inside one naming
   * where.
   */
  @Test
  void eachKindIsThrownAsItWasOrNamed() {
    IOException io = new IOException("a.parquet: column c, row group 0: bad page");
    assertSame(io, assertThrows(IOException.class, () -> Failures.rethrow(io, "a.parquet")));
    IllegalStateException state = new IllegalStateException("closed");
    assertSame(
        state,
        assertThrows(IllegalStateException.class, () -> Failures.rethrow(state, "a.parquet")));
    OutOfMemoryError error = new OutOfMemoryError("direct buffer memory");
    assertSame(
        error, assertThrows(OutOfMemoryError.class, () -> Failures.rethrow(error, "a.parquet")));
    TimeoutException other = new TimeoutException("slow");
    IOException named = assertThrows(IOException.class, () -> Failures.rethrow(other, "a.parquet"));
    assertEquals("a.parquet: java.util.concurrent.TimeoutException: slow", named.getMessage());
    assertSame(other, named.getCause());
  }
}
