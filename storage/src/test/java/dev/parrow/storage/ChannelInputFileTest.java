package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Positional reads of a local file, into heap buffers in pieces and into direct buffers whole. */
class ChannelInputFileTest {
  @TempDir Path dir;

  @Test
  void readsEveryByteIntoAHeapBufferPieceByPieceAndRestoresItsLimit() throws Exception {
    byte[] content = new byte[3 * ChannelInputFile.HEAP_READ_PIECE + 12_345];
    new Random(9).nextBytes(content);
    Path file = dir.resolve("f.bin");
    Files.write(file, content);
    try (InputFile input = InputFile.of(file)) {
      for (int from : new int[] {0, 1, ChannelInputFile.HEAP_READ_PIECE - 1, 70_000}) {
        int length = content.length - from - 3;
        byte[] array = new byte[length + 20];
        ByteBuffer heap = ByteBuffer.wrap(array, 7, length);
        input.readFully(from, heap);
        assertEquals(7 + length, heap.position());
        assertEquals(7 + length, heap.limit());
        assertArrayEquals(
            Arrays.copyOfRange(content, from, from + length),
            Arrays.copyOfRange(array, 7, 7 + length));
        ByteBuffer direct = ByteBuffer.allocateDirect(length);
        input.readFully(from, direct);
        direct.flip();
        byte[] back = new byte[length];
        direct.get(back);
        assertArrayEquals(Arrays.copyOfRange(content, from, from + length), back);
      }
      ByteBuffer past = ByteBuffer.allocate(ChannelInputFile.HEAP_READ_PIECE + 10);
      EOFException e =
          assertThrows(EOFException.class, () -> input.readFully(content.length - 100, past));
      assertTrue(e.getMessage().contains("f.bin") && e.getMessage().contains("still to read"));
    }
  }
}
