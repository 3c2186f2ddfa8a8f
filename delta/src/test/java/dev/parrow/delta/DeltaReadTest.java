package dev.parrow.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.Operation;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.MapValue;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.defaults.internal.data.DefaultRowBasedColumnarBatch;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.ExpressionHandler;
import io.delta.kernel.engine.FileSystemClient;
import io.delta.kernel.engine.JsonHandler;
import io.delta.kernel.engine.ParquetHandler;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.internal.util.VectorUtils;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta tables written by Delta Kernel's default engine (its Parquet writer over parquet-java),
 * read through Kernel with Parrow as its Parquet handler and compared row for row with the default
 * engine's read of the same table: partitions, nested columns (structs, arrays, maps), nulls,
 * timestamps, decimals, several commits.
 */
class DeltaReadTest {
  @TempDir Path dir;

  private static final StructType SCHEMA =
      new StructType()
          .add("id", LongType.LONG, false)
          .add("name", StringType.STRING, true)
          .add("count", IntegerType.INTEGER, true)
          .add("price", new DecimalType(10, 2), true)
          .add("day", DateType.DATE, true)
          .add("ts", TimestampType.TIMESTAMP, true)
          .add("tags", new ArrayType(StringType.STRING, true), true)
          .add(
              "point",
              new StructType()
                  .add("x", DoubleType.DOUBLE, true)
                  .add("y", IntegerType.INTEGER, true),
              true)
          .add("attrs", new MapType(StringType.STRING, IntegerType.INTEGER, true), true)
          .add("region", StringType.STRING, true);

  /** The default engine with Parrow as its Parquet handler for reads. */
  private static Engine withParrow(Engine engine, BufferAllocator allocator) {
    ParquetHandler parrow =
        new ParrowParquetHandler(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
    return new Engine() {
      @Override
      public ExpressionHandler getExpressionHandler() {
        return engine.getExpressionHandler();
      }

      @Override
      public JsonHandler getJsonHandler() {
        return engine.getJsonHandler();
      }

      @Override
      public FileSystemClient getFileSystemClient() {
        return engine.getFileSystemClient();
      }

      @Override
      public ParquetHandler getParquetHandler() {
        return parrow;
      }
    };
  }

  /**
   * A row of values by ordinal, each given as Kernel reads it (a date as its days, a timestamp as
   * its microseconds), which Kernel's own GenericRow does not hand out for dates and timestamps.
   */
  private record ValuesRow(StructType schema, Map<Integer, Object> values) implements Row {
    @Override
    public StructType getSchema() {
      return schema;
    }

    @Override
    public boolean isNullAt(int i) {
      return values.get(i) == null;
    }

    @Override
    public boolean getBoolean(int i) {
      return (Boolean) values.get(i);
    }

    @Override
    public byte getByte(int i) {
      return ((Number) values.get(i)).byteValue();
    }

    @Override
    public short getShort(int i) {
      return ((Number) values.get(i)).shortValue();
    }

    @Override
    public int getInt(int i) {
      return ((Number) values.get(i)).intValue();
    }

    @Override
    public long getLong(int i) {
      return ((Number) values.get(i)).longValue();
    }

    @Override
    public float getFloat(int i) {
      return ((Number) values.get(i)).floatValue();
    }

    @Override
    public double getDouble(int i) {
      return ((Number) values.get(i)).doubleValue();
    }

    @Override
    public String getString(int i) {
      return (String) values.get(i);
    }

    @Override
    public BigDecimal getDecimal(int i) {
      return (BigDecimal) values.get(i);
    }

    @Override
    public byte[] getBinary(int i) {
      return (byte[]) values.get(i);
    }

    @Override
    public Row getStruct(int i) {
      return (Row) values.get(i);
    }

    @Override
    public ArrayValue getArray(int i) {
      return (ArrayValue) values.get(i);
    }

    @Override
    public MapValue getMap(int i) {
      return (MapValue) values.get(i);
    }
  }

  private static Row row(long i, String region) {
    Map<Integer, Object> values = new HashMap<>();
    values.put(0, i);
    if (i % 9 != 4) {
      values.put(1, "n" + (i % 13));
      values.put(2, (int) i);
      values.put(3, BigDecimal.valueOf(i * 7 + 1, 2));
      values.put(4, (int) (19_723 + i % 40));
      values.put(5, 1_700_000_000_000_000L + i * 1_000_003L);
      values.put(
          6,
          VectorUtils.buildArrayValue(
              i % 5 == 0 ? List.of() : List.of("t" + (i % 3), "u" + i), StringType.STRING));
      Map<Integer, Object> point = new HashMap<>();
      point.put(0, i * 0.5);
      if (i % 4 != 0) {
        point.put(1, (int) i);
      }
      values.put(7, new ValuesRow((StructType) SCHEMA.get("point").getDataType(), point));
    }
    values.put(9, region);
    return new ValuesRow(SCHEMA, values);
  }

  /**
   * Appends rows {@code from} to {@code to} - 1 of one region in one commit (creating the table).
   */
  private static void append(
      Engine engine, String path, long from, long to, String region, Map<String, String> props)
      throws Exception {
    Table table = Table.forPath(engine, path);
    var builder = table.createTransactionBuilder(engine, "parrow-test", Operation.WRITE);
    if (from == 0) {
      builder =
          table
              .createTransactionBuilder(engine, "parrow-test", Operation.CREATE_TABLE)
              .withSchema(engine, SCHEMA)
              .withPartitionColumns(engine, List.of("region"))
              .withTableProperties(engine, props);
    }
    Transaction txn = builder.build(engine);
    Row state = txn.getTransactionState(engine);
    List<Row> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(row(i, region));
    }
    FilteredColumnarBatch batch =
        new FilteredColumnarBatch(new DefaultRowBasedColumnarBatch(SCHEMA, rows), Optional.empty());
    Map<String, Literal> partition = Map.of("region", Literal.ofString(region));
    CloseableIterator<FilteredColumnarBatch> physical =
        Transaction.transformLogicalData(
            engine, state, Utils.singletonCloseableIterator(batch), partition);
    var context = Transaction.getWriteContext(engine, state, partition);
    CloseableIterator<DataFileStatus> files =
        engine
            .getParquetHandler()
            .writeParquetFiles(
                context.getTargetDirectory(), physical, context.getStatisticsColumns());
    CloseableIterator<Row> actions =
        Transaction.generateAppendActions(engine, state, files, context);
    txn.commit(engine, CloseableIterable.inMemoryIterable(actions));
  }

  /** Every row of the table's latest snapshot as Kernel reads it with {@code engine}, sorted. */
  static List<String> read(Engine engine, String path) throws Exception {
    return read(engine, path, null);
  }

  /**
   * The rows of the table's latest snapshot for which {@code filter} (on data columns, or null) is
   * true, sorted, read as a connector reads them ({@link KernelScan}).
   */
  static List<String> read(Engine engine, String path, io.delta.kernel.expressions.Predicate filter)
      throws Exception {
    return KernelScan.rows(engine, path, filter, DeltaReadTest::text);
  }

  private static String text(ColumnVector v, int r) {
    if (v.isNullAt(r)) {
      return "null";
    }
    DataType t = v.getDataType();
    if (t instanceof StructType s) {
      List<String> values = new ArrayList<>();
      for (int i = 0; i < s.length(); i++) {
        values.add(text(v.getChild(i), r));
      }
      return "{" + String.join(",", values) + "}";
    }
    if (t instanceof ArrayType) {
      ArrayValue a = v.getArray(r);
      List<String> values = new ArrayList<>();
      for (int i = 0; i < a.getSize(); i++) {
        values.add(text(a.getElements(), i));
      }
      return values.toString();
    }
    if (t instanceof MapType) {
      MapValue m = v.getMap(r);
      List<String> entries = new ArrayList<>();
      for (int i = 0; i < m.getSize(); i++) {
        entries.add(text(m.getKeys(), i) + "=" + text(m.getValues(), i));
      }
      entries.sort(null);
      return entries.toString();
    }
    if (t instanceof StringType) {
      return v.getString(r);
    }
    if (t instanceof LongType || t instanceof TimestampType) {
      return Long.toString(v.getLong(r));
    }
    if (t instanceof IntegerType || t instanceof DateType) {
      return Integer.toString(v.getInt(r));
    }
    if (t instanceof DoubleType) {
      return Double.toString(v.getDouble(r));
    }
    if (t instanceof DecimalType) {
      return v.getDecimal(r).toPlainString();
    }
    throw new IllegalArgumentException("no text for " + t);
  }

  private void readsAsTheDefaultEngine(Map<String, String> properties) throws Exception {
    // The default engine goes through Hadoop's file system, whose UserGroupInformation calls
    // Subject.getSubject, which throws from Java 24 on: its tables are written and read on Java
    // 17 and 21 only. Parrow's handler itself needs no Hadoop.
    Assumptions.assumeTrue(
        Runtime.version().feature() < 24, "Delta Kernel's default engine needs Java < 24");
    Engine engine = DefaultEngine.create(new Configuration());
    String path = dir.resolve("table").toString();
    append(engine, path, 0, 3000, "EU", properties);
    append(engine, path, 3000, 4000, "US", properties);
    append(engine, path, 4000, 4500, "EU", properties);
    List<String> want = read(engine, path);
    assertEquals(4500, want.size());
    try (BufferAllocator allocator = new RootAllocator()) {
      assertEquals(want, read(withParrow(engine, allocator), path));
    }
    assertTrue(want.stream().anyMatch(s -> s.contains("null")));
  }

  @Test
  void tablesReadAsTheDefaultEngineReadsThem() throws Exception {
    readsAsTheDefaultEngine(Map.of());
  }

  /** How many data files a scan with {@code filter} keeps after Kernel's data skipping. */
  private static int filesKept(
      Engine engine, String path, io.delta.kernel.expressions.Predicate filter) throws Exception {
    Snapshot snapshot = Table.forPath(engine, path).getLatestSnapshot(engine);
    int files = 0;
    try (CloseableIterator<FilteredColumnarBatch> scanFiles =
        snapshot.getScanBuilder().withFilter(filter).build().getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> rows = scanFiles.next().getRows()) {
          while (rows.hasNext()) {
            rows.next();
            files++;
          }
        }
      }
    }
    return files;
  }

  /**
   * A table written and committed through {@link ParrowEngine} (data files by Parrow's writer with
   * their statistics, commits through Parrow's storage: no Hadoop, so on every JDK) reads back
   * through it with every row, and Kernel's data skipping by Parrow's statistics keeps only the
   * files that may match; where the default engine runs, it reads the table equal and skips the
   * same files.
   */
  @Test
  void tablesWrittenThroughParrowReadBackAndSkipByTheirStatistics() throws Exception {
    String path = dir.resolve("written").toString();
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine parrow =
          ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      append(parrow, path, 0, 3000, "EU", Map.of());
      append(parrow, path, 3000, 4000, "US", Map.of());
      append(parrow, path, 4000, 4500, "EU", Map.of());
      List<String> got = read(parrow, path);
      assertEquals(4500, got.size());
      assertTrue(
          got.contains(
              "3002|n12|3002|210.15|19725|1700003002009006|[t2, u3002]|{1501.0,3002}|null|US"),
          got.get(0));
      var late =
          new io.delta.kernel.expressions.Predicate(
              ">",
              new io.delta.kernel.expressions.Column("id"),
              io.delta.kernel.expressions.Literal.ofLong(3500));
      assertEquals(2, filesKept(parrow, path, late), "the first file's maximum id rules it out");
      List<String> lateRows = read(parrow, path, late);
      assertEquals(
          got.stream().filter(r -> Long.parseLong(r.substring(0, r.indexOf('|'))) > 3500).toList(),
          lateRows);
      assertEquals(999, lateRows.size());
      if (Runtime.version().feature() < 24) {
        Engine engine = DefaultEngine.create(new Configuration());
        assertEquals(got, read(engine, path));
        assertEquals(lateRows, read(engine, path, late));
        assertEquals(2, filesKept(engine, path, late));
      }
    }
  }

  /**
   * A checkpoint written by Parrow (through ParrowEngine, no Hadoop) holds the table's state: with
   * the commits before it deleted, the table still reads whole through Parrow and, where it runs,
   * through the default engine (parquet-java reading Parrow's checkpoint); commits after it are
   * read on top; a second checkpoint of the same version is refused as one that exists. Where the
   * default engine runs, a checkpoint it writes reads equal through Parrow.
   */
  @Test
  void checkpointsWrittenByParrowHoldTheTable() throws Exception {
    String path = dir.resolve("checkpointed").toString();
    Path log = dir.resolve("checkpointed").resolve("_delta_log");
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine parrow =
          ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      append(parrow, path, 0, 1000, "EU", Map.of());
      append(parrow, path, 1000, 1500, "US", Map.of());
      append(parrow, path, 1500, 2000, "EU", Map.of());
      List<String> want = read(parrow, path);
      Table.forPath(parrow, path).checkpoint(parrow, 2);
      Path checkpoint = log.resolve(String.format("%020d.checkpoint.parquet", 2));
      assertTrue(java.nio.file.Files.exists(checkpoint), "the checkpoint file");
      assertTrue(java.nio.file.Files.exists(log.resolve("_last_checkpoint")));
      org.junit.jupiter.api.Assertions.assertThrows(
          io.delta.kernel.exceptions.CheckpointAlreadyExistsException.class,
          () -> Table.forPath(parrow, path).checkpoint(parrow, 2));
      // As Delta's log clean-up leaves a table: the commits before the checkpoint gone.
      for (int v = 0; v < 2; v++) {
        java.nio.file.Files.delete(log.resolve(String.format("%020d.json", v)));
      }
      assertEquals(want, read(parrow, path), "read from the checkpoint alone");
      append(parrow, path, 2000, 2300, "US", Map.of());
      List<String> after = read(parrow, path);
      assertEquals(2300, after.size());
      assertTrue(after.containsAll(want));
      // The checkpoint's file is Parrow's; its values are read by Parrow's reader of the schema
      // Kernel wrote it with (add, remove, metaData, protocol, ...).
      try (dev.parrow.arrow.ParquetFile f = dev.parrow.arrow.ParquetFile.open(checkpoint)) {
        assertTrue(f.metadata().createdBy().contains("parrow"), f.metadata().createdBy());
      }
      if (Runtime.version().feature() < 24) {
        Engine engine = DefaultEngine.create(new Configuration());
        assertEquals(after, read(engine, path), "the default engine reads Parrow's checkpoint");
        Table.forPath(engine, path).checkpoint(engine, 3);
        java.nio.file.Files.delete(log.resolve(String.format("%020d.json", 2)));
        java.nio.file.Files.delete(checkpoint);
        assertEquals(after, read(parrow, path), "Parrow reads the default engine's checkpoint");
      }
    }
  }

  /**
   * A data file of a column-mapped table (mode id), written by Parrow: physical names and Parquet
   * field ids on every column, at depth.
   */
  private static long writeMapped(Path file, String[] names, long from, int rows) throws Exception {
    return writeMapped(file, names, from, rows, true);
  }

  /** A field's metadata: its Parquet field id, or none. */
  private static Map<String, String> fieldId(boolean ids, int id) {
    return ids ? Map.of("PARQUET:field_id", Integer.toString(id)) : null;
  }

  /**
   * A data file of the columns {@code names} (id, name, point, point.x), with Parquet field ids 1
   * to 4 or none.
   */
  private static long writeMapped(Path file, String[] names, long from, int rows, boolean ids)
      throws Exception {
    org.apache.arrow.vector.types.pojo.Field x =
        new org.apache.arrow.vector.types.pojo.Field(
            names[3],
            new org.apache.arrow.vector.types.pojo.FieldType(
                true,
                new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                    org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE),
                null,
                fieldId(ids, 4)),
            null);
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    names[0],
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true),
                        null,
                        fieldId(ids, 1)),
                    null),
                new org.apache.arrow.vector.types.pojo.Field(
                    names[1],
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE,
                        null,
                        fieldId(ids, 2)),
                    null),
                new org.apache.arrow.vector.types.pojo.Field(
                    names[2],
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        org.apache.arrow.vector.types.pojo.ArrowType.Struct.INSTANCE,
                        null,
                        fieldId(ids, 3)),
                    List.of(x))));
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator);
        dev.parrow.arrow.ParquetArrowWriter writer =
            dev.parrow.arrow.ParquetArrowWriter.create(
                file, schema, dev.parrow.arrow.WriteOptions.defaults())) {
      var id = (org.apache.arrow.vector.BigIntVector) root.getVector(0);
      var name = (org.apache.arrow.vector.VarCharVector) root.getVector(1);
      var point = (org.apache.arrow.vector.complex.StructVector) root.getVector(2);
      var xs = (org.apache.arrow.vector.Float8Vector) point.getChildByOrdinal(0);
      id.allocateNew(rows);
      name.allocateNew(rows);
      point.allocateNew();
      xs.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        long v = from + i;
        id.set(i, v);
        if (v % 5 != 2) {
          name.setSafe(i, ("m" + v).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        if (v % 7 != 3) {
          point.setIndexDefined(i);
          xs.set(i, v * 0.25);
        }
      }
      point.setValueCount(rows);
      root.setRowCount(rows);
      writer.write(root);
    }
    return java.nio.file.Files.size(file);
  }

  @Test
  void columnMappingByIdReadsEachFileByItsFieldIds() throws Exception {
    checkHandMade(mappedTable(dir), handMadeRows(new java.util.BitSet()));
  }

  @Test
  void columnMappingByNameReadsEachFileByItsPhysicalNames() throws Exception {
    checkHandMade(mappedTable(dir, "name"), handMadeRows(new java.util.BitSet()));
  }

  /**
   * A column-mapped table (mode id) of 800 rows in two files. Delta Kernel 4.0 writes no
   * column-mapped tables: this one's log is written here, its data files by Parrow, the second with
   * other physical names (the ids alone say which column each is, as after a rename in a table that
   * mapped by name before).
   */
  static Path mappedTable(Path dir) throws Exception {
    return mappedTable(dir, "id");
  }

  /**
   * A column-mapped table as {@link #mappedTable(Path)} makes it, in mode {@code id} or {@code
   * name}; by name, both files have the physical names and no field ids (what a reader by name
   * sees: columns found only by their physical names, under logical names they do not have).
   */
  static Path mappedTable(Path dir, String mode) throws Exception {
    boolean byId = mode.equals("id");
    Path table = dir.resolve("mapped-" + mode);
    Path log = table.resolve("_delta_log");
    java.nio.file.Files.createDirectories(log);
    long first =
        writeMapped(
            table.resolve("a.parquet"), new String[] {"c1", "c2", "c3", "c4"}, 0, 500, byId);
    String[] second =
        byId ? new String[] {"o1", "o2", "o3", "o4"} : new String[] {"c1", "c2", "c3", "c4"};
    long secondSize = writeMapped(table.resolve("b.parquet"), second, 500, 300, byId);
    String schema =
        "{\"type\":\"struct\",\"fields\":["
            + field("id", "\"long\"", 1, "c1")
            + ","
            + field("name", "\"string\"", 2, "c2")
            + ","
            + field(
                "point",
                "{\"type\":\"struct\",\"fields\":[" + field("x", "\"double\"", 4, "c4") + "]}",
                3,
                "c3")
            + "]}";
    String commit =
        "{\"protocol\":{\"minReaderVersion\":2,\"minWriterVersion\":5}}\n"
            + "{\"metaData\":{\"id\":\"7b6d1c1e-2f7a-4a55-9b9a-0c6a1d2e3f40\",\"format\":{\"provider\":"
            + "\"parquet\",\"options\":{}},\"schemaString\":"
            + com.fasterxml.jackson.databind.json.JsonMapper.builder()
                .build()
                .writeValueAsString(schema)
            + ",\"partitionColumns\":[],\"configuration\":{\"delta.columnMapping.mode\":\""
            + mode
            + "\","
            + "\"delta.columnMapping.maxColumnId\":\"4\"},\"createdTime\":0}}\n"
            + add("a.parquet", first)
            + add("b.parquet", secondSize);
    java.nio.file.Files.writeString(log.resolve("00000000000000000000.json"), commit);
    return table;
  }

  /**
   * The rows of a hand-made table's two files ({@link #writeMapped}: ids 0 to 799), less the rows
   * of the first file a deletion vector removes, as {@link #read} gives them.
   */
  static List<String> handMadeRows(java.util.BitSet deleted) {
    List<String> out = new ArrayList<>();
    for (long v = 0; v < 800; v++) {
      if (v < 500 && deleted.get((int) v)) {
        continue;
      }
      out.add(
          v
              + "|"
              + (v % 5 == 2 ? "null" : "m" + v)
              + "|"
              + (v % 7 == 3 ? "null" : "{" + v * 0.25 + "}"));
    }
    out.sort(null);
    return out;
  }

  /**
   * A hand-made table read by {@link ParrowEngine} (no Hadoop: on every JDK) as the rows it was
   * made of, and, where Kernel's default engine runs, as that engine and Parrow's handler in it
   * read it.
   */
  private static void checkHandMade(Path table, List<String> want) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      assertEquals(
          want,
          read(
              ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults()),
              table.toString()));
      if (Runtime.version().feature() < 24) {
        Engine engine = DefaultEngine.create(new Configuration());
        assertEquals(want, read(engine, table.toString()));
        assertEquals(want, read(withParrow(engine, allocator), table.toString()));
      }
    }
  }

  @Test
  void deletionVectorsLeaveOutWhatTheDefaultEngineLeavesOut() throws Exception {
    // Delta Kernel 4.0 writes no deletion vectors: this table's log is written here, with one
    // deletion vector (Delta's format: the magic number, then a 64-bit roaring bitmap in the
    // portable format) on the first of two Parrow-written files.
    Path table = dir.resolve("with-dv");
    Path log = table.resolve("_delta_log");
    java.nio.file.Files.createDirectories(log);
    String[] names = {"id", "name", "point", "x"};
    long first = writeMapped(table.resolve("a.parquet"), names, 0, 500);
    long second = writeMapped(table.resolve("b.parquet"), names, 500, 300);
    org.roaringbitmap.RoaringBitmap deleted = new org.roaringbitmap.RoaringBitmap();
    for (int pos = 0; pos < 500; pos += 7) {
      deleted.add(pos);
    }
    deleted.add(499);
    java.nio.ByteBuffer dv =
        java.nio.ByteBuffer.allocate(4 + 8 + 4 + deleted.serializedSizeInBytes())
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    dv.putInt(1681511377).putLong(1).putInt(0);
    deleted.serialize(dv);
    byte[] bytes = dv.array();
    // A deletion vector file: a version byte, then the vector's size (big-endian), its bytes and
    // their CRC-32 (big-endian); the descriptor points at the vector's size by absolute path.
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(bytes);
    Path dvFile = table.resolve("deletion_vector.bin");
    java.nio.file.Files.write(
        dvFile,
        java.nio.ByteBuffer.allocate(1 + 4 + bytes.length + 4)
            .put((byte) 1)
            .putInt(bytes.length)
            .put(bytes)
            .putInt((int) crc.getValue())
            .array());
    String schema =
        "{\"type\":\"struct\",\"fields\":["
            + plainField("id", "\"long\"")
            + ","
            + plainField("name", "\"string\"")
            + ","
            + plainField(
                "point", "{\"type\":\"struct\",\"fields\":[" + plainField("x", "\"double\"") + "]}")
            + "]}";
    String descriptor =
        ",\"deletionVector\":{\"storageType\":\"p\",\"pathOrInlineDv\":\""
            + dvFile.toUri()
            + "\",\"offset\":1,\"sizeInBytes\":"
            + bytes.length
            + ",\"cardinality\":"
            + deleted.getLongCardinality()
            + "}";
    String commit =
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"deletionVectors\"],\"writerFeatures\":[\"deletionVectors\"]}}\n"
            + "{\"metaData\":{\"id\":\"1f0e2d3c-4b5a-4697-8877-665544332211\",\"format\":{\"provider\":"
            + "\"parquet\",\"options\":{}},\"schemaString\":"
            + com.fasterxml.jackson.databind.json.JsonMapper.builder()
                .build()
                .writeValueAsString(schema)
            + ",\"partitionColumns\":[],\"configuration\":{\"delta.enableDeletionVectors\":"
            + "\"true\"},\"createdTime\":0}}\n"
            + add("a.parquet", first)
                .replace("\"dataChange\":true}}", "\"dataChange\":true" + descriptor + "}}")
            + add("b.parquet", second);
    java.nio.file.Files.writeString(log.resolve("00000000000000000000.json"), commit);
    java.util.BitSet gone = new java.util.BitSet();
    deleted.forEach((int pos) -> gone.set(pos));
    List<String> want = handMadeRows(gone);
    assertEquals(800 - deleted.getLongCardinality(), want.size());
    checkHandMade(table, want);
  }

  private static String plainField(String name, String type) {
    return "{\"name\":\"" + name + "\",\"type\":" + type + ",\"nullable\":true,\"metadata\":{}}";
  }

  private static String field(String name, String type, int id, String physical) {
    return "{\"name\":\""
        + name
        + "\",\"type\":"
        + type
        + ",\"nullable\":true,\"metadata\":{\"delta.columnMapping.id\":"
        + id
        + ",\"delta.columnMapping.physicalName\":\""
        + physical
        + "\"}}";
  }

  private static String add(String path, long size) {
    return "{\"add\":{\"path\":\""
        + path
        + "\",\"partitionValues\":{},\"size\":"
        + size
        + ",\"modificationTime\":0,\"dataChange\":true}}\n";
  }
}
