package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UUID columns read as Arrow Java's canonical {@code arrow.uuid} extension type ({@link UuidType},
 * {@link UuidVector}) by default, with or without an {@code ARROW:schema} that names it, and keep
 * it through an IPC round trip; {@code uuidAsExtension(false)} reads plain FixedSizeBinary(16),
 * also where the file's {@code ARROW:schema} names the extension.
 */
class UuidReadTest {
  @TempDir Path dir;

  /** A file of 300 UUIDs (every seventh null) as FixedSizeBinary(16) marked UUID; its values. */
  private List<UUID> write(Path target, boolean arrowSchema) throws Exception {
    List<UUID> uuids = new ArrayList<>();
    Schema schema =
        new Schema(
            List.of(new Field("id", new FieldType(true, UuidType.INSTANCE, null), List.of())));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      UuidVector ids = (UuidVector) root.getVector("id");
      ids.allocateNew(300);
      Random random = new Random(3);
      for (int i = 0; i < 300; i++) {
        if (i % 7 == 3) {
          uuids.add(null);
          ids.setNull(i);
          continue;
        }
        UUID u = new UUID(random.nextLong(), random.nextLong());
        uuids.add(u);
        ids.set(i, u);
      }
      root.setRowCount(300);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              target, schema, WriteOptions.builder().writeArrowSchema(arrowSchema).build())) {
        writer.write(root);
      }
    }
    return uuids;
  }

  private static UUID uuid(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return new UUID(b.getLong(), b.getLong());
  }

  @Test
  void uuidsReadAsTheCanonicalExtensionByDefault() throws Exception {
    for (boolean hint : new boolean[] {true, false}) {
      Path file = dir.resolve("u" + hint + ".parquet");
      List<UUID> expected = write(file, hint);
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(file);
          ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
        assertEquals(
            UuidType.INSTANCE,
            reader.getVectorSchemaRoot().getSchema().getFields().get(0).getType(),
            "hint " + hint);
        assertTrue(reader.loadNextBatch());
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        UuidVector ids = assertInstanceOf(UuidVector.class, root.getVector("id"));
        List<UUID> read = new ArrayList<>();
        for (int i = 0; i < root.getRowCount(); i++) {
          read.add(ids.getObject(i));
        }
        assertEquals(expected, read, "hint " + hint);
        org.apache.arrow.vector.util.ValueVectorUtility.validateFull(ids);
        // The extension survives IPC: the reader registered it with Arrow Java.
        ByteArrayOutputStream ipc = new ByteArrayOutputStream();
        try (ArrowStreamWriter out = new ArrowStreamWriter(root, null, Channels.newChannel(ipc))) {
          out.start();
          out.writeBatch();
          out.end();
        }
        try (ArrowStreamReader in =
            new ArrowStreamReader(new ByteArrayInputStream(ipc.toByteArray()), allocator)) {
          assertTrue(in.loadNextBatch());
          UuidVector back =
              assertInstanceOf(UuidVector.class, in.getVectorSchemaRoot().getVector("id"));
          assertEquals(expected.get(0), back.getObject(0));
          assertNull(back.getObject(3));
        }
      }
    }
  }

  @Test
  void uuidAsExtensionOffReadsPlainFixedSizeBinaries() throws Exception {
    for (boolean hint : new boolean[] {true, false}) {
      Path file = dir.resolve("p" + hint + ".parquet");
      List<UUID> expected = write(file, hint);
      ReadOptions plain = ReadOptions.builder().types(t -> t.uuidAsExtension(false)).build();
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(file);
          ParquetArrowReader reader = parquet.newReader(allocator, plain)) {
        Field field = reader.getVectorSchemaRoot().getSchema().getFields().get(0);
        assertEquals(new ArrowType.FixedSizeBinary(16), field.getType(), "hint " + hint);
        assertFalse(
            field.getMetadata().containsKey("ARROW:extension:name"),
            field.getMetadata().toString());
        assertTrue(reader.loadNextBatch());
        FixedSizeBinaryVector ids =
            assertInstanceOf(
                FixedSizeBinaryVector.class, reader.getVectorSchemaRoot().getVector("id"));
        for (int i = 0; i < expected.size(); i++) {
          assertEquals(expected.get(i), ids.isNull(i) ? null : uuid(ids.get(i)), "row " + i);
        }
      }
    }
  }
}
