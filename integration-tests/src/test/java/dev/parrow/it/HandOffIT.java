package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.IpcFileWriter;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.DictionaryMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every vector Parrow hands out survives the hand-offs its users make, to the values Parrow read,
 * each batch passing Arrow's full validation on the far side: an Arrow IPC stream, an Arrow IPC
 * file ({@link IpcFileWriter}, dictionaries read unified) and the C Data Interface, each read back
 * by Arrow Java. Over every file of the parquet-testing corpus, of the arrow-rs and nanoparquet
 * interop folders and of testdata/ (every type Parrow reads, views and dictionaries included),
 * files Parrow writes of every type of the writing table and of nested dictionaries, and a file
 * whose row groups have dictionaries no one index type can unify.
 */
class HandOffIT {
  @TempDir static Path made;

  static List<Path> files() throws IOException {
    List<Path> files = new ArrayList<>();
    Corpus.allParquetFiles().stream().filter(f -> !Corpus.isEncrypted(f)).forEach(files::add);
    for (Path dir :
        List.of(
            ArrowRsInteropIT.folder(),
            NanoparquetInteropIT.folder(),
            FixturesIT.projectTestdata())) {
      try (Stream<Path> list = Files.list(dir)) {
        list.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(files::add);
      }
    }
    files.add(dictionariesByRowGroup(made.resolve("dictionaries_by_row_group.parquet")));
    files.add(everyWrittenType(made.resolve("every_written_type.parquet")));
    files.add(nestedDictionaries(made.resolve("nested_dictionaries.parquet")));
    return files;
  }

  /** Every type of the writing table, flat, with nulls and edge values (WriteReadBackIT's). */
  static Path everyWrittenType(Path target) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = WriteReadBackIT.data(allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(target, root.getSchema(), WriteOptions.defaults())) {
      writer.write(root);
    }
    return target;
  }

  /** Lists, structs and maps at depth, with dictionary columns inside lists (NestedData's). */
  static Path nestedDictionaries(Path target) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                dev.parrow.storage.OutputFile.of(target),
                data.root.getSchema(),
                WriteOptions.defaults(),
                data.provider)) {
      writer.write(data.root);
    }
    return target;
  }

  @TestFactory
  Stream<DynamicTest> everyFileSurvivesIpcAndCData() throws IOException {
    return files().stream()
        .map(
            f ->
                DynamicTest.dynamicTest(
                    f.getParent().getFileName() + "/" + f.getFileName(), () -> handOff(f)));
  }

  private static void handOff(Path file) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      CorpusReadIT.Read read;
      try {
        // Timestamps past the default unit's 64 bits are read in the unit the error names.
        read = CorpusReadIT.readInNamedUnits(file, allocator, ReadOptions.defaults());
      } catch (ParquetFormatException e) {
        // Refused files hand nothing out: malformed ones, and pages whose CRC does not match.
        assertTrue(
            Corpus.isBadData(file) || file.toString().contains("corrupt-checksum"),
            file + ": " + e.getMessage());
        return;
      }
      Columns parrow = read.columns();
      ReadOptions base = read.options();
      // Small batches, so that dictionaries and views cross batches.
      ReadOptions small = base.toBuilder().batchSize(100).build();
      assertEquals(
          parrow.values, throughStream(file, small, allocator).values, "through an IPC stream");
      ReadOptions unified =
          small.toBuilder().types(t -> t.dictionaryMode(DictionaryMode.UNIFY)).build();
      assertEquals(
          parrow.values, throughFile(file, unified, allocator).values, "through an IPC file");
      assertEquals(
          parrow.values, throughCData(file, small, allocator).values, "through the C Data stream");
    }
  }

  private static Columns throughStream(Path file, ReadOptions options, BufferAllocator allocator)
      throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options);
        ArrowWriter writer =
            new ArrowStreamWriter(
                reader.getVectorSchemaRoot(), reader, Channels.newChannel(bytes))) {
      copy(reader, writer);
    }
    try (ArrowReader back =
        new ArrowStreamReader(new java.io.ByteArrayInputStream(bytes.toByteArray()), allocator)) {
      return readBack(back);
    }
  }

  static Columns throughFile(Path file, ReadOptions options, BufferAllocator allocator)
      throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options);
        ArrowWriter writer =
            new IpcFileWriter(
                reader.getVectorSchemaRoot(), reader, Channels.newChannel(bytes), allocator)) {
      copy(reader, writer);
    }
    try (ArrowReader back =
        new ArrowFileReader(
            new ByteArrayReadableSeekableByteChannel(bytes.toByteArray()), allocator)) {
      return readBack(back);
    }
  }

  private static Columns throughCData(Path file, ReadOptions options, BufferAllocator allocator)
      throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file);
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      // The exported stream owns the reader: the importer's close releases it.
      ParquetArrowReader reader = parquet.newReader(allocator, options);
      Data.exportArrayStream(allocator, reader, stream);
      try (ArrowReader back = Data.importArrayStream(allocator, stream)) {
        return readBack(back);
      }
    }
  }

  private static void copy(ArrowReader reader, ArrowWriter writer) throws IOException {
    writer.start();
    while (reader.loadNextBatch()) {
      writer.writeBatch();
    }
    writer.end();
  }

  /** The reader's batches as values, each vector and dictionary validated in full first. */
  private static Columns readBack(ArrowReader reader) throws IOException {
    Columns columns = new Columns();
    columns.start(reader.getVectorSchemaRoot().getSchema());
    while (reader.loadNextBatch()) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      for (FieldVector v : root.getFieldVectors()) {
        VectorChecks.validateFull(v);
      }
      for (long id : reader.getDictionaryIds()) {
        VectorChecks.validateFull(reader.lookup(id).getVector());
      }
      columns.append(root, reader);
    }
    return columns;
  }

  /**
   * A string column with Int8 indices whose two row groups have 100 different values each: their
   * union does not fit Int8, so by default Parrow keeps one dictionary per row group.
   */
  static Path dictionariesByRowGroup(Path target) throws IOException {
    DictionaryEncoding encoding = new DictionaryEncoding(7, false, new ArrowType.Int(8, true));
    Field field =
        new Field("level", new FieldType(true, new ArrowType.Int(8, true), encoding), null);
    Schema schema = new Schema(List.of(field));
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector values = new VarCharVector("values", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, encoding));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              dev.parrow.storage.OutputFile.of(target),
              schema,
              WriteOptions.defaults(),
              provider)) {
        for (int group = 0; group < 2; group++) {
          values.allocateNew();
          for (int i = 0; i < 100; i++) {
            values.setSafe(i, ("group " + group + " level " + i).getBytes());
          }
          values.setValueCount(100);
          TinyIntVector indices = (TinyIntVector) root.getVector("level");
          indices.allocateNew(250);
          for (int i = 0; i < 250; i++) {
            indices.set(i, (i * 7) % 100);
          }
          root.setRowCount(250);
          writer.write(root);
        }
      }
    }
    return target;
  }

  /**
   * Dictionaries replaced by row group cannot go to an IPC file: the writer says so rather than
   * writing batches that decode with the first row group's dictionary.
   */
  @Test
  void anIpcFileRefusesAReplacedDictionary(@TempDir Path dir) throws Exception {
    Path file = dictionariesByRowGroup(dir.resolve("d.parquet"));
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions perRowGroup =
          ReadOptions.builder().types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP)).build();
      IOException e =
          assertThrows(IOException.class, () -> throughFile(file, perRowGroup, allocator));
      assertTrue(e.getMessage().contains("replaced between batches"), e.getMessage());
      // Read with the default (AUTO), the dictionary is replaced too: the same refusal, never
      // wrong values.
      assertThrows(IOException.class, () -> throughFile(file, ReadOptions.defaults(), allocator));
    }
  }

  /**
   * A dictionary that grows between batches (a unified dictionary meeting a fallback page's values)
   * goes into the IPC file as delta batches, which Arrow C++ applies: every batch reads back.
   */
  @Test
  void anIpcFileWithAGrownDictionaryReadsBackInArrowCpp(@TempDir Path dir) throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(3, false, new ArrowType.Int(32, true));
    Schema schema =
        new Schema(
            List.of(
                new Field("s", new FieldType(true, new ArrowType.Int(32, true), encoding), null)));
    Path file = dir.resolve("grown.arrow");
    List<Object> expected = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector values = new VarCharVector("values", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        var out =
            java.nio.channels.FileChannel.open(
                file,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE)) {
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, encoding));
      try (IpcFileWriter writer = new IpcFileWriter(root, provider, out, allocator)) {
        writer.start();
        for (int size : new int[] {2, 5, 5, 9}) {
          values.allocateNew();
          for (int i = 0; i < size; i++) {
            values.setSafe(i, ("entry " + i).getBytes());
          }
          values.setValueCount(size);
          org.apache.arrow.vector.IntVector ids =
              (org.apache.arrow.vector.IntVector) root.getVector("s");
          ids.allocateNew(size);
          for (int i = 0; i < size; i++) {
            ids.set(i, size - 1 - i);
            expected.add("entry " + (size - 1 - i));
          }
          root.setRowCount(size);
          writer.writeBatch();
        }
        writer.end();
      }
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      assertEquals(expected, ArrowCpp.readIpcFile(file, allocator).values.get("s"));
    }
  }
}
