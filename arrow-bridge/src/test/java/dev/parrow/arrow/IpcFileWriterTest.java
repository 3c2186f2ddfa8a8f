package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.junit.jupiter.api.Test;

/**
 * An IPC file of batches whose dictionary grows gets the new entries as delta dictionary batches; a
 * dictionary replaced between batches is refused rather than written so that later batches decode
 * to wrong values.
 */
class IpcFileWriterTest {
  private static final DictionaryEncoding ENCODING =
      new DictionaryEncoding(1, false, new ArrowType.Int(32, true));

  /** An IPC file of one batch per dictionary given, each batch's ids 0, 1, 2, ... over it. */
  static byte[] write(BufferAllocator allocator, String[][] dictionaries) throws IOException {
    Schema schema =
        new Schema(
            List.of(
                new Field("s", new FieldType(true, new ArrowType.Int(32, true), ENCODING), null)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (VarCharVector values = new VarCharVector("values", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, ENCODING));
      try (IpcFileWriter writer =
          new IpcFileWriter(root, provider, Channels.newChannel(bytes), allocator)) {
        writer.start();
        for (String[] dictionary : dictionaries) {
          values.allocateNew();
          for (int i = 0; i < dictionary.length; i++) {
            values.setSafe(i, dictionary[i].getBytes());
          }
          values.setValueCount(dictionary.length);
          IntVector ids = (IntVector) root.getVector("s");
          ids.allocateNew(dictionary.length);
          for (int i = 0; i < dictionary.length; i++) {
            ids.set(i, i);
          }
          root.setRowCount(dictionary.length);
          writer.writeBatch();
        }
        writer.end();
      }
    }
    return bytes.toByteArray();
  }

  /** The first batch's values, decoded as Arrow Java reads the file. */
  private static List<String> firstBatch(BufferAllocator allocator, byte[] file)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (ArrowFileReader reader =
        new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(file), allocator)) {
      reader.loadNextBatch();
      var ids = reader.getVectorSchemaRoot().getVector("s");
      try (var decoded =
          (VarCharVector) DictionaryEncoder.decode(ids, reader.getDictionaryVectors().get(1L))) {
        for (int i = 0; i < decoded.getValueCount(); i++) {
          out.add(new String(decoded.get(i)));
        }
      }
    }
    return out;
  }

  /** The dictionary batches the file's footer lists. */
  private static int dictionaryBlocks(BufferAllocator allocator, byte[] file) throws IOException {
    try (ArrowFileReader reader =
        new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(file), allocator)) {
      return reader.getDictionaryBlocks().size();
    }
  }

  /**
   * The dictionary as first written, then one delta for the entries the second batch added, none
   * for a third batch that added nothing. (Arrow Java's file reader loads one dictionary batch per
   * id and so misses deltas; Arrow C++ applies them: HandOffIT reads such a file through it.)
   */
  @Test
  void aGrownDictionaryIsWrittenAsADelta() throws IOException {
    try (BufferAllocator allocator = new RootAllocator()) {
      byte[] file =
          write(allocator, new String[][] {{"a", "b"}, {"a", "b", "c", "d"}, {"a", "b", "c", "d"}});
      assertEquals(2, dictionaryBlocks(allocator, file));
      assertEquals(List.of("a", "b"), firstBatch(allocator, file));
    }
  }

  @Test
  void aReplacedDictionaryIsRefused() throws IOException {
    try (BufferAllocator allocator = new RootAllocator()) {
      IOException e =
          assertThrows(
              IOException.class, () -> write(allocator, new String[][] {{"a", "b"}, {"x", "y"}}));
      assertTrue(e.getMessage().contains("replaced between batches"), e.getMessage());
    }
  }
}
