package dev.parrow.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handler on a file Parrow wrote, without Kernel's default engine (so on every JDK): each
 * column's values through Kernel's getters, the row index Kernel asks for (each row's position in
 * the file, what deletion vectors are applied by), a column the file lacks as nulls, and every
 * batch's memory freed.
 */
class ParrowParquetHandlerTest {
  @TempDir Path dir;

  private static final StructType WRITTEN =
      new StructType()
          .add("id", LongType.LONG, true)
          .add("name", StringType.STRING, true)
          .add("price", new DecimalType(9, 3), true)
          .add("day", DateType.DATE, true)
          .add("ts", TimestampType.TIMESTAMP, true)
          .add("tags", new ArrayType(StringType.STRING, true), true);

  private Path write(int rows) throws Exception {
    Path file = dir.resolve("data.parquet");
    Schema schema = KernelSchemas.toArrow(WRITTEN);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file, schema, WriteOptions.builder().rowGroupRows(700).build())) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      DecimalVector price = (DecimalVector) root.getVector("price");
      DateDayVector day = (DateDayVector) root.getVector("day");
      TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector("ts");
      ListVector tags = (ListVector) root.getVector("tags");
      root.allocateNew();
      UnionListWriter list = tags.getWriter();
      for (int i = 0; i < rows; i++) {
        id.setSafe(i, i);
        if (i % 3 != 1) {
          name.setSafe(i, ("n" + i).getBytes(StandardCharsets.UTF_8));
        }
        price.setSafe(i, BigDecimal.valueOf(i * 11L, 3));
        day.setSafe(i, 19_000 + i);
        ts.setSafe(i, 1_600_000_000_000_000L + i);
        list.setPosition(i);
        list.startList();
        for (int k = 0; k < i % 3; k++) {
          byte[] b = ("t" + k).getBytes(StandardCharsets.UTF_8);
          try (var buf = allocator.buffer(b.length)) {
            buf.setBytes(0, b);
            list.varChar().writeVarChar(0, b.length, buf);
          }
        }
        list.endList();
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    return file;
  }

  /**
   * Arrow batches handed to Kernel as they are ({@link ParrowEngine#columnarBatch}) are written
   * with their buffers shared, not copied: the file holds every value, and the caller's vectors
   * keep theirs.
   */
  @Test
  void arrowBatchesAreWrittenWithoutACopyAndLeftAsTheyWere() throws Exception {
    Path source = write(1500);
    try (BufferAllocator allocator = new RootAllocator()) {
      ParrowParquetHandler handler =
          new ParrowParquetHandler(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      List<String> written = new java.util.ArrayList<>();
      try (dev.parrow.arrow.ParquetFile file = dev.parrow.arrow.ParquetFile.open(source);
          dev.parrow.arrow.ParquetArrowReader reader = file.newReader(allocator)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          long before = allocator.getAllocatedMemory();
          try (CloseableIterator<io.delta.kernel.utils.DataFileStatus> out =
              handler.writeParquetFiles(
                  dir.resolve("out").toString(),
                  Utils.singletonCloseableIterator(
                      new io.delta.kernel.data.FilteredColumnarBatch(
                          ParrowEngine.columnarBatch(root, WRITTEN), Optional.empty())),
                  List.of(new io.delta.kernel.expressions.Column("id")))) {
            var status = out.next();
            written.add(status.getPath());
            assertEquals(root.getRowCount(), status.getStatistics().get().getNumRecords());
          }
          assertEquals(before, allocator.getAllocatedMemory(), "nothing left allocated");
          assertFalse(root.getVector("name").getValueCount() == 0, "the caller's vectors kept");
        }
      }
      // Every value written, read back through the handler.
      long rows = 0;
      for (String path : written) {
        try (CloseableIterator<ColumnarBatch> batches =
            handler.readParquetFiles(
                Utils.singletonCloseableIterator(FileStatus.of(path)), WRITTEN, Optional.empty())) {
          while (batches.hasNext()) {
            ColumnarBatch b = batches.next();
            for (int r = 0; r < b.getSize(); r++) {
              long i = b.getColumnVector(0).getLong(r);
              assertEquals(i % 3 == 1 ? null : "n" + i, b.getColumnVector(1).getString(r));
              assertEquals(BigDecimal.valueOf(i * 11, 3), b.getColumnVector(2).getDecimal(r));
              assertEquals((int) (i % 3), b.getColumnVector(5).getArray(r).getSize());
              rows++;
            }
          }
        }
      }
      assertEquals(1500, rows);
    }
  }

  @Test
  void valuesRowIndexAndMissingColumnsAsKernelAsksForThem() throws Exception {
    Path file = write(2000);
    StructType asked =
        WRITTEN.add("added", StringType.STRING, true).add(StructField.METADATA_ROW_INDEX_COLUMN);
    int rows = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      ParrowParquetHandler handler =
          new ParrowParquetHandler(
              allocator, RemoteOptions.defaults(), ReadOptions.builder().batchSize(300).build());
      try (CloseableIterator<ColumnarBatch> batches =
          handler.readParquetFiles(
              Utils.singletonCloseableIterator(FileStatus.of(file.toString())),
              asked,
              Optional.empty())) {
        while (batches.hasNext()) {
          ColumnarBatch b = batches.next();
          assertEquals(asked, b.getSchema());
          ColumnVector id = b.getColumnVector(0);
          ColumnVector name = b.getColumnVector(1);
          ColumnVector price = b.getColumnVector(2);
          ColumnVector day = b.getColumnVector(3);
          ColumnVector ts = b.getColumnVector(4);
          ColumnVector tags = b.getColumnVector(5);
          ColumnVector added = b.getColumnVector(6);
          ColumnVector index = b.getColumnVector(7);
          for (int r = 0; r < b.getSize(); r++) {
            long i = id.getLong(r);
            assertEquals(rows + r, i);
            assertEquals(i, index.getLong(r), "the row index is the row's position");
            assertEquals(i % 3 == 1 ? null : "n" + i, name.getString(r));
            assertEquals(i % 3 == 1, name.isNullAt(r));
            assertEquals(BigDecimal.valueOf(i * 11, 3), price.getDecimal(r));
            assertEquals(19_000 + i, day.getInt(r));
            assertEquals(1_600_000_000_000_000L + i, ts.getLong(r));
            assertEquals((int) (i % 3), tags.getArray(r).getSize());
            if (i % 3 == 2) {
              assertEquals("t1", tags.getArray(r).getElements().getString(1));
            }
            assertTrue(added.isNullAt(r));
            assertNull(added.getString(r));
          }
          rows += b.getSize();
        }
        assertFalse(batches.hasNext());
      }
      assertEquals(0, allocator.getAllocatedMemory(), "every batch freed once read");
    }
    assertEquals(2000, rows);
  }

  /** The ids (and checked row indexes) the handler returns for {@code predicate}, in file order. */
  private static List<Long> idsRead(Path file, io.delta.kernel.expressions.Predicate predicate)
      throws Exception {
    List<Long> ids = new java.util.ArrayList<>();
    StructType asked =
        WRITTEN.add("added", StringType.STRING, true).add(StructField.METADATA_ROW_INDEX_COLUMN);
    int index = asked.length() - 1;
    try (BufferAllocator allocator = new RootAllocator()) {
      ParrowParquetHandler handler =
          new ParrowParquetHandler(
              allocator, RemoteOptions.defaults(), ReadOptions.builder().batchSize(128).build());
      try (CloseableIterator<ColumnarBatch> batches =
          handler.readParquetFiles(
              Utils.singletonCloseableIterator(FileStatus.of(file.toString())),
              asked,
              Optional.ofNullable(predicate))) {
        while (batches.hasNext()) {
          ColumnarBatch b = batches.next();
          for (int r = 0; r < b.getSize(); r++) {
            long id = b.getColumnVector(0).getLong(r);
            assertEquals(
                id, b.getColumnVector(index).getLong(r), "the row index is still the position");
            ids.add(id);
          }
        }
      }
    }
    return ids;
  }

  private static io.delta.kernel.expressions.Predicate p(
      String name, io.delta.kernel.expressions.Expression... children) {
    return new io.delta.kernel.expressions.Predicate(name, List.of(children));
  }

  private static io.delta.kernel.expressions.Column col(String name) {
    return new io.delta.kernel.expressions.Column(name);
  }

  /**
   * Kernel's predicate prunes row groups and pages Parrow can rule out (rows 0-699, 700-1399 and
   * 1400-1999 are the file's row groups), and never a row the predicate keeps: every row whose id
   * matches is returned, in order, with its position as its row index; a column the file lacks is
   * all nulls; what has no exact Parrow form (a function, a column not read, a literal of another
   * type, an OR or NOT over such a part) keeps every row.
   */
  @Test
  void kernelsPredicatePrunesAndKeepsEveryMatchingRow() throws Exception {
    Path file = write(2000);
    var id = col("id");
    var lit1500 = io.delta.kernel.expressions.Literal.ofLong(1500);
    var startsWith =
        p("STARTS_WITH", col("name"), io.delta.kernel.expressions.Literal.ofString("n1"));
    record Case(
        String what,
        io.delta.kernel.expressions.Predicate predicate,
        java.util.function.LongPredicate matches,
        boolean prunes) {}
    List<Case> cases =
        List.of(
            new Case("id >= 1500", p(">=", id, lit1500), i -> i >= 1500, true),
            new Case("1500 <= id", p("<=", lit1500, id), i -> i >= 1500, true),
            new Case(
                "day < 19100",
                p("<", col("day"), io.delta.kernel.expressions.Literal.ofDate(19_100)),
                i -> i < 100,
                true),
            new Case(
                "ts > ...",
                p(
                    ">",
                    col("ts"),
                    io.delta.kernel.expressions.Literal.ofTimestamp(1_600_000_000_001_800L)),
                i -> i > 1800,
                true),
            new Case(
                "price <= 2.2",
                p(
                    "<=",
                    col("price"),
                    io.delta.kernel.expressions.Literal.ofDecimal(new BigDecimal("2.200"), 9, 3)),
                i -> i <= 200,
                true),
            new Case(
                "id >= 1500 AND starts_with",
                p("AND", p(">=", id, lit1500), startsWith),
                i -> i >= 1500 && Long.toString(i).startsWith("1") && i % 3 != 1,
                true),
            new Case(
                "starts_with name 'n0' (a LIKE prefix: row groups from n700 and n1400 pruned)",
                p("STARTS_WITH", col("name"), io.delta.kernel.expressions.Literal.ofString("n0")),
                i -> i == 0,
                true),
            new Case(
                "id < 100 OR id > 1900",
                p(
                    "OR",
                    p("<", id, io.delta.kernel.expressions.Literal.ofLong(100)),
                    p(">", id, io.delta.kernel.expressions.Literal.ofLong(1900))),
                i -> i < 100 || i > 1900,
                true),
            new Case("NOT id < 1500", p("NOT", p("<", id, lit1500)), i -> i >= 1500, true),
            new Case(
                "id IS NOT DISTINCT FROM 5",
                p("IS NOT DISTINCT FROM", id, io.delta.kernel.expressions.Literal.ofLong(5)),
                i -> i == 5,
                true),
            new Case(
                "NOT (id < 1500 AND starts_with)",
                p("NOT", p("AND", p("<", id, lit1500), startsWith)),
                i -> true,
                false),
            new Case(
                "id >= 1500 OR starts_with",
                p("OR", p(">=", id, lit1500), startsWith),
                i -> true,
                false),
            new Case(
                "added IS NOT NULL (a column the file lacks: every value null)",
                p("IS_NOT_NULL", col("added")),
                i -> false,
                true),
            new Case("added IS NULL", p("IS_NULL", col("added")), i -> true, false),
            new Case(
                "day < 19100 on a column not read",
                p("<", col("unread"), io.delta.kernel.expressions.Literal.ofDate(19_100)),
                i -> true,
                false),
            new Case(
                "id = 'x' (a literal the column cannot hold)",
                p("=", id, io.delta.kernel.expressions.Literal.ofString("x")),
                i -> false,
                false),
            new Case("no predicate", null, i -> true, false));
    for (Case c : cases) {
      List<Long> ids = idsRead(file, c.predicate());
      for (int k = 1; k < ids.size(); k++) {
        assertTrue(ids.get(k - 1) < ids.get(k), c.what() + ": in file order, each row once");
      }
      java.util.Set<Long> got = new java.util.HashSet<>(ids);
      for (long i = 0; i < 2000; i++) {
        if (c.matches().test(i)) {
          assertTrue(got.contains(i), c.what() + ": row " + i + " matches and was left out");
        }
      }
      if (c.prunes()) {
        assertTrue(ids.size() < 2000, c.what() + ": nothing pruned");
      } else {
        assertEquals(2000, ids.size(), c.what() + ": every row kept");
      }
    }
  }

  /**
   * A write of many batches rolls to a new file after the batch that brings one to the target size:
   * several files, each with its own statistics, holding every row once in order; with no target to
   * reach, one file.
   */
  @Test
  void dataFilesRollAtTheTargetSize() throws Exception {
    Path source = write(20_000);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (long target : new long[] {64 << 10, Long.MAX_VALUE}) {
        ParrowParquetHandler handler =
            new ParrowParquetHandler(
                allocator,
                RemoteOptions.defaults(),
                ReadOptions.defaults(),
                WriteOptions.defaults(),
                target);
        List<io.delta.kernel.utils.DataFileStatus> files = new java.util.ArrayList<>();
        try (dev.parrow.arrow.ParquetFile file = dev.parrow.arrow.ParquetFile.open(source);
            dev.parrow.arrow.ParquetArrowReader reader =
                file.newReader(allocator, ReadOptions.builder().batchSize(1000).build())) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          CloseableIterator<io.delta.kernel.data.FilteredColumnarBatch> batches =
              new CloseableIterator<>() {
                private Boolean loaded;

                @Override
                public boolean hasNext() {
                  try {
                    if (loaded == null) {
                      loaded = reader.loadNextBatch();
                    }
                    return loaded;
                  } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                }

                @Override
                public io.delta.kernel.data.FilteredColumnarBatch next() {
                  hasNext();
                  loaded = null;
                  return new io.delta.kernel.data.FilteredColumnarBatch(
                      ParrowEngine.columnarBatch(root, WRITTEN), Optional.empty());
                }

                @Override
                public void close() {}
              };
          try (CloseableIterator<io.delta.kernel.utils.DataFileStatus> out =
              handler.writeParquetFiles(
                  dir.resolve("rolled-" + target).toString(),
                  batches,
                  List.of(new io.delta.kernel.expressions.Column("id")))) {
            out.forEachRemaining(files::add);
          }
        }
        if (target == Long.MAX_VALUE) {
          assertEquals(1, files.size());
        } else {
          assertTrue(files.size() > 2, files.size() + " files");
        }
        long next = 0;
        for (var status : files) {
          long rows = 0;
          try (CloseableIterator<ColumnarBatch> read =
              handler.readParquetFiles(
                  Utils.singletonCloseableIterator(FileStatus.of(status.getPath())),
                  WRITTEN,
                  Optional.empty())) {
            while (read.hasNext()) {
              ColumnarBatch b = read.next();
              for (int r = 0; r < b.getSize(); r++) {
                assertEquals(next++, b.getColumnVector(0).getLong(r), "every row once, in order");
                rows++;
              }
            }
          }
          assertEquals(rows, status.getStatistics().get().getNumRecords(), "each file's own");
          assertEquals(java.nio.file.Files.size(Path.of(status.getPath())), status.getSize());
        }
        assertEquals(20_000, next);
      }
    }
  }

  /**
   * A column the table says is not null reads from a file that has it optional, as Spark writes
   * every column (the file of {@link #write} has id optional).
   */
  @Test
  void aNotNullColumnReadsFromAFileWhereItIsOptional() throws Exception {
    Path file = write(500);
    StructType asked = new StructType().add("id", LongType.LONG, false);
    long sum = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      ParrowParquetHandler handler =
          new ParrowParquetHandler(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      try (CloseableIterator<ColumnarBatch> batches =
          handler.readParquetFiles(
              Utils.singletonCloseableIterator(FileStatus.of(file.toString())),
              asked,
              Optional.empty())) {
        while (batches.hasNext()) {
          ColumnarBatch b = batches.next();
          for (int r = 0; r < b.getSize(); r++) {
            sum += b.getColumnVector(0).getLong(r);
          }
        }
      }
    }
    assertEquals(499L * 500 / 2, sum);
  }

  /**
   * Timestamps written as INT96 (a caller's WriteOptions.int96Timestamps) read back in
   * microseconds, and give Delta no min or max: their 12-byte bounds are no timestamp of Delta's.
   */
  @Test
  void int96TimestampsReadBackAndGiveNoBounds() throws Exception {
    Path source = write(100);
    try (BufferAllocator allocator = new RootAllocator()) {
      ParrowParquetHandler handler =
          new ParrowParquetHandler(
              allocator,
              RemoteOptions.defaults(),
              ReadOptions.defaults(),
              WriteOptions.builder().int96Timestamps(true).build(),
              ParrowParquetHandler.DEFAULT_TARGET_FILE_BYTES);
      String written;
      try (dev.parrow.arrow.ParquetFile file = dev.parrow.arrow.ParquetFile.open(source);
          dev.parrow.arrow.ParquetArrowReader reader = file.newReader(allocator)) {
        assertTrue(reader.loadNextBatch());
        try (CloseableIterator<io.delta.kernel.utils.DataFileStatus> out =
            handler.writeParquetFiles(
                dir.resolve("int96").toString(),
                Utils.singletonCloseableIterator(
                    new io.delta.kernel.data.FilteredColumnarBatch(
                        ParrowEngine.columnarBatch(reader.getVectorSchemaRoot(), WRITTEN),
                        Optional.empty())),
                List.of(
                    new io.delta.kernel.expressions.Column("id"),
                    new io.delta.kernel.expressions.Column("ts")))) {
          var status = out.next();
          written = status.getPath();
          var stats = status.getStatistics().get();
          assertTrue(
              stats.getMinValues().containsKey(new io.delta.kernel.expressions.Column("id")));
          assertFalse(
              stats.getMinValues().containsKey(new io.delta.kernel.expressions.Column("ts")));
          assertFalse(
              stats.getMaxValues().containsKey(new io.delta.kernel.expressions.Column("ts")));
        }
      }
      try (dev.parrow.arrow.ParquetFile file =
          dev.parrow.arrow.ParquetFile.open(java.nio.file.Path.of(written))) {
        assertEquals(
            dev.parrow.codec.metadata.PhysicalType.INT96,
            file.footer().schema().column(4).physicalType());
      }
      try (CloseableIterator<ColumnarBatch> batches =
          handler.readParquetFiles(
              Utils.singletonCloseableIterator(FileStatus.of(written)),
              WRITTEN,
              Optional.empty())) {
        ColumnarBatch b = batches.next();
        for (int r = 0; r < b.getSize(); r++) {
          assertEquals(1_600_000_000_000_000L + r, b.getColumnVector(4).getLong(r));
        }
      }
    }
  }
}
