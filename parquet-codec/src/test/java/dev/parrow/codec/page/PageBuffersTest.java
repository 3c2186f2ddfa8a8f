package dev.parrow.codec.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PageBuffersTest {
  @Test
  void aNewArrayHasRoomForASlightlyLargerPage() {
    PageBuffers buffers = new PageBuffers();
    assertEquals(1125, buffers.take(1000).length);
    assertEquals(0, buffers.take(0).length);
  }

  @Test
  void theSmallestSpareArrayThatFitsIsTakenAgain() {
    PageBuffers buffers = new PageBuffers();
    byte[] large = buffers.take(2000);
    byte[] small = buffers.take(100);
    byte[] middle = buffers.take(500);
    buffers.give(large);
    buffers.give(small);
    buffers.give(middle);
    assertSame(middle, buffers.take(small.length + 1));
    assertSame(small, buffers.take(100));
    assertSame(large, buffers.take(100));
    byte[] fresh = buffers.take(100);
    assertTrue(fresh != small && fresh != middle && fresh != large);
  }

  @Test
  void theLargestArraysAreKept() {
    PageBuffers buffers = new PageBuffers();
    List<byte[]> taken = new ArrayList<>();
    for (int i = 1; i <= PageBuffers.KEPT + 3; i++) {
      taken.add(buffers.take(i * 80));
    }
    taken.forEach(buffers::give);
    // The three smallest were let go: a request each of them fits gets the smallest kept.
    assertSame(taken.get(3), buffers.take(1));
    for (int i = 4; i < taken.size(); i++) {
      assertSame(taken.get(i), buffers.take(taken.get(i).length));
    }
    assertEquals(90, buffers.take(80).length);
  }

  /** The tests run with assertions on, where an array given back twice fails at once. */
  @Test
  void anArrayGivenBackTwiceOrNeverTakenFails() {
    PageBuffers buffers = new PageBuffers();
    byte[] array = buffers.take(64);
    buffers.give(array);
    assertThrows(AssertionError.class, () -> buffers.give(array));
    assertThrows(AssertionError.class, () -> buffers.give(new byte[8]));
  }

  @Test
  void retiredArraysGoToTheNextReadersOfTheProcess() {
    SharedPageArrays process = new SharedPageArrays(1 << 20);
    PageBuffers first = new PageBuffers(process);
    byte[] page = first.take(1000);
    first.give(page);
    first.retire();
    assertEquals(page.length, process.bytes());

    PageBuffers next = new PageBuffers(process);
    assertSame(page, next.take(1000));
    assertEquals(0, process.bytes());
    // Given back after its reader is done with it: kept by that reader, as before.
    next.give(page);
    assertSame(page, next.take(10));

    PageBuffers own = new PageBuffers();
    own.give(own.take(1000));
    own.retire();
    assertEquals(0, process.bytes());
  }
}
