package dev.parrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress total of an Arrow input: the rows its file footer's batches hold. */
class InputsTest {
  @TempDir Path dir;

  @Test
  void arrowFileRowsComeFromTheBatchHeaders() throws Exception {
    Path file = dir.resolve("f.arrow");
    Path stream = dir.resolve("s.arrows");
    write(file, true);
    write(stream, false);
    assertEquals(3 + 1000 + 0 + 77, Inputs.arrowRows(file));
    assertEquals(-1, Inputs.arrowRows(stream), "a stream has no footer to count from");
    assertEquals(-1, Inputs.arrowRows(Path.of("-")));
    Files.write(dir.resolve("junk.arrow"), new byte[40]);
    assertEquals(-1, Inputs.arrowRows(dir.resolve("junk.arrow")));
  }

  private static void write(Path path, boolean fileFormat) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        IntVector v = new IntVector("x", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.of(v);
        FileOutputStream out = new FileOutputStream(path.toFile());
        ArrowWriter writer =
            fileFormat
                ? new ArrowFileWriter(root, null, out.getChannel())
                : new ArrowStreamWriter(root, null, out.getChannel())) {
      writer.start();
      for (int rows : new int[] {3, 1000, 0, 77}) {
        v.allocateNew(Math.max(rows, 1));
        for (int i = 0; i < rows; i++) {
          v.set(i, i);
        }
        root.setRowCount(rows);
        writer.writeBatch();
      }
      writer.end();
    }
  }
}
