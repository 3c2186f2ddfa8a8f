package dev.parrow.codec.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class SharedPageArraysTest {
  @Test
  void theSmallestKeptArrayThatFitsIsTakenOnce() {
    SharedPageArrays shared = new SharedPageArrays(1 << 20);
    byte[] small = new byte[1000];
    byte[] large = new byte[5000];
    shared.offer(large);
    shared.offer(small);
    assertSame(small, shared.take(900));
    assertSame(large, shared.take(900));
    assertNull(shared.take(900));
    assertEquals(0, shared.bytes());
  }

  @Test
  void aSmallPageDoesNotTakeAMuchLargerArray() {
    SharedPageArrays shared = new SharedPageArrays(16 << 20);
    byte[] large = new byte[4 << 20];
    shared.offer(large);
    assertNull(shared.take(1000));
    assertNull(shared.take(5 << 20));
    assertSame(large, shared.take(2 << 20));
  }

  @Test
  void theOldestGoFirstPastTheBytesOrTheArrays() {
    SharedPageArrays shared = new SharedPageArrays(10_000);
    byte[] first = new byte[4000];
    byte[] second = new byte[4000];
    byte[] third = new byte[4000];
    shared.offer(first);
    shared.offer(second);
    shared.offer(third);
    assertEquals(8000, shared.bytes());
    // The first went; the newest of equal arrays is taken first.
    assertSame(third, shared.take(4000));
    assertSame(second, shared.take(4000));
    assertNull(shared.take(4000));

    shared.offer(new byte[20_000]);
    assertEquals(0, shared.bytes());

    SharedPageArrays many = new SharedPageArrays(1 << 20);
    many.offer(new byte[10]);
    for (int i = 0; i < SharedPageArrays.MAX_ARRAYS; i++) {
      many.offer(new byte[11]);
    }
    assertEquals(11L * SharedPageArrays.MAX_ARRAYS, many.bytes());
    assertEquals(11, many.take(10).length, "the oldest, of 10 bytes, went");
  }
}
