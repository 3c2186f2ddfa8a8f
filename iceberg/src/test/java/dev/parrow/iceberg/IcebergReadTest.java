package dev.parrow.iceberg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Iceberg tables written by Iceberg's own generic writer (an in-memory catalog and FileIO), read
 * through {@link IcebergArrowReader} and compared row for row with what Iceberg's generic reader
 * reads: after schema changes (a rename, a widening, an added and a dropped column), with identity
 * partitions, position and equality deletes, residual filters and files split into row groups.
 */
class IcebergReadTest {
  static final Schema FIRST =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "name", Types.StringType.get()),
          Types.NestedField.optional(3, "count", Types.IntegerType.get()),
          Types.NestedField.optional(4, "price", Types.DecimalType.of(10, 2)),
          Types.NestedField.optional(5, "day", Types.DateType.get()),
          Types.NestedField.optional(
              6, "tags", Types.ListType.ofOptional(7, Types.StringType.get())),
          Types.NestedField.optional(
              8,
              "point",
              Types.StructType.of(
                  Types.NestedField.optional(9, "x", Types.DoubleType.get()),
                  Types.NestedField.optional(10, "y", Types.FloatType.get()))),
          Types.NestedField.required(11, "region", Types.StringType.get()),
          Types.NestedField.optional(12, "code", Types.UUIDType.get()),
          Types.NestedField.optional(13, "gone", Types.StringType.get()),
          Types.NestedField.optional(
              14,
              "attrs",
              Types.MapType.ofOptional(15, 16, Types.StringType.get(), Types.IntegerType.get())));

  private static int tables;

  static Table table(Map<String, String> properties) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("test", Map.of());
    Namespace ns = Namespace.of("db");
    catalog.createNamespace(ns);
    return catalog.createTable(
        TableIdentifier.of(ns, "t" + tables++),
        FIRST,
        PartitionSpec.builderFor(FIRST).identity("region").build(),
        properties);
  }

  static Table table() {
    return table(Map.of(TableProperties.FORMAT_VERSION, "2"));
  }

  /** Rows {@code from} to {@code to} - 1 in the table's current schema, nulls here and there. */
  static List<Record> rows(Table table, long from, long to, String region) {
    List<Record> out = new ArrayList<>();
    Schema schema = table.schema();
    for (long i = from; i < to; i++) {
      GenericRecord r = GenericRecord.create(schema);
      for (Types.NestedField f : schema.columns()) {
        r.setField(f.name(), value(f, i, region));
      }
      out.add(r);
    }
    return out;
  }

  private static Object value(Types.NestedField f, long i, String region) {
    if (f.isOptional() && i % 9 == 4) {
      return null;
    }
    switch (f.name()) {
      case "id":
        return i;
      case "name":
      case "title":
        return "n" + (i % 13);
      case "count":
        return f.type().typeId() == org.apache.iceberg.types.Type.TypeID.LONG
            ? (Object) (i * 1000L)
            : (Object) (int) i;
      case "price":
        return BigDecimal.valueOf(i * 7 + 1, 2);
      case "day":
        return LocalDate.of(2024, 1, 1).plusDays(i % 40);
      case "tags":
        return i % 5 == 0 ? List.of() : List.of("t" + (i % 3), "u" + i);
      case "point":
        {
          GenericRecord p = GenericRecord.create(((Types.StructType) f.type()));
          p.setField("x", i * 0.5);
          p.setField("y", i % 4 == 0 ? null : (float) i);
          return p;
        }
      case "region":
        return region;
      case "code":
        return new UUID(i, i * 31);
      case "extra":
        return "e" + i;
      case "gone":
        return "g" + i;
      case "attrs":
        return i % 7 == 0 ? Map.of() : Map.of("a" + (i % 2), (int) i, "b", (int) (i % 3));
      case "level":
        return (int) (i % 11);
      case "note":
        return i % 2 == 0 ? "none" : "n" + i;
      default:
        throw new IllegalArgumentException(f.name());
    }
  }

  static DataFile write(Table table, List<Record> records, String region) throws IOException {
    GenericFileWriterFactory factory =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    key.partition(records.get(0));
    String path = table.locationProvider().newDataLocation("f-" + System.nanoTime() + ".parquet");
    DataWriter<Record> writer =
        factory.newDataWriter(
            EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(path)),
            table.spec(),
            key);
    try (writer) {
      records.forEach(writer::write);
    }
    return writer.toDataFile();
  }

  /** An unpartitioned table of format version 3 in a catalog of its own. */
  static Table unpartitionedVersion3(Schema schema) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("test", Map.of());
    catalog.createNamespace(Namespace.of("db"));
    return catalog.createTable(
        TableIdentifier.of(Namespace.of("db"), "v3"),
        schema,
        PartitionSpec.unpartitioned(),
        Map.of(TableProperties.FORMAT_VERSION, "3"));
  }

  /** Each row of Iceberg's generic read, as text, sorted. */
  static List<String> icebergRows(Table table, Expression filter) throws IOException {
    List<String> out = new ArrayList<>();
    // The generic reader adds the columns its deletes need (_pos) after the table's: left out.
    int columns = table.schema().columns().size();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).where(filter).build()) {
      for (Record r : records) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
          values.add(ArrowRows.text(r.get(i, Object.class)));
        }
        out.add("[" + String.join(",", values) + "]");
      }
    }
    out.sort(null);
    return out;
  }

  /** Each row Parrow reads of a scan, as text, sorted; every batch fully validated. */
  static List<String> parrowRows(Table table, Expression filter) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(allocator, table.newScan().filter(filter))) {
      return ArrowRows.rowsOf(reader);
    }
  }

  @Test
  void evolvedPartitionedTableReadsAsIcebergReadsIt() throws Exception {
    Table table = table();
    table.newAppend().appendFile(write(table, rows(table, 0, 300, "EU"), "EU")).commit();
    table.newAppend().appendFile(write(table, rows(table, 300, 500, "US"), "US")).commit();
    // Renamed, widened, added and dropped: the old files are matched by field id.
    table
        .updateSchema()
        .renameColumn("name", "title")
        .updateColumn("count", Types.LongType.get())
        .addColumn("extra", Types.StringType.get())
        .deleteColumn("gone")
        .moveFirst("region")
        .commit();
    table.newAppend().appendFile(write(table, rows(table, 500, 700, "EU"), "EU")).commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    assertEquals(700, want.size());
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
  }

  @Test
  void residualFiltersKeepWhatIcebergKeeps() throws Exception {
    Table table = table();
    table.newAppend().appendFile(write(table, rows(table, 0, 400, "EU"), "EU")).commit();
    table.newAppend().appendFile(write(table, rows(table, 400, 600, "US"), "US")).commit();
    List<Expression> filters =
        List.of(
            Expressions.greaterThan("id", 250),
            Expressions.and(Expressions.equal("region", "EU"), Expressions.lessThan("count", 40)),
            Expressions.or(Expressions.isNull("name"), Expressions.startsWith("name", "n1")),
            Expressions.notStartsWith("name", "n1"),
            Expressions.in("day", "2024-01-03", "2024-01-07"),
            Expressions.notIn("id", 1L, 2L, 3L),
            Expressions.not(Expressions.greaterThanOrEqual("price", new BigDecimal("3.00"))),
            Expressions.notEqual("name", "n3"),
            Expressions.notNull("point.y"),
            Expressions.lessThanOrEqual("point.x", 10.0));
    for (Expression filter : filters) {
      List<String> want = icebergRows(table, filter);
      assertTrue(!want.isEmpty(), filter.toString());
      assertEquals(want, parrowRows(table, filter), filter.toString());
    }
  }

  @Test
  void positionAndEqualityDeletesLeaveOutWhatIcebergLeavesOut() throws Exception {
    Table table = table();
    DataFile eu = write(table, rows(table, 0, 300, "EU"), "EU");
    DataFile us = write(table, rows(table, 300, 500, "US"), "US");
    table.newAppend().appendFile(eu).appendFile(us).commit();
    GenericFileWriterFactory factory =
        new GenericFileWriterFactory.Builder(table)
            .deleteFileFormat(FileFormat.PARQUET)
            .equalityFieldIds(new int[] {2})
            .equalityDeleteRowSchema(table.schema().select("name"))
            .build();
    PositionDeleteWriter<Record> positions =
        factory.newPositionDeleteWriter(
            EncryptedFiles.plainAsEncryptedOutput(
                table.io().newOutputFile(table.locationProvider().newDataLocation("pos.parquet"))),
            table.spec(),
            eu.partition());
    try (positions) {
      for (long pos : new long[] {0, 1, 2, 50, 150, 151, 299}) {
        positions.write(PositionDelete.<Record>create().set(eu.location(), pos));
      }
    }
    DeleteFile positionDeletes = positions.toDeleteFile();
    EqualityDeleteWriter<Record> equality =
        factory.newEqualityDeleteWriter(
            EncryptedFiles.plainAsEncryptedOutput(
                table.io().newOutputFile(table.locationProvider().newDataLocation("eq.parquet"))),
            table.spec(),
            us.partition());
    try (equality) {
      for (String name : new String[] {"n4", "n7"}) {
        GenericRecord r = GenericRecord.create(table.schema().select("name"));
        r.setField("name", name);
        equality.write(r);
      }
    }
    table.newRowDelta().addDeletes(positionDeletes).addDeletes(equality.toDeleteFile()).commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    assertTrue(want.size() < 500 - 7, "deletes were applied: " + want.size());
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
    Expression filter = Expressions.greaterThan("count", 100);
    assertEquals(icebergRows(table, filter), parrowRows(table, filter));
  }

  /**
   * Equality deletes on a field inside a struct (point.y, with a null key that matches rows whose y
   * or whole point is null, as Iceberg's reader matches them) leave out what Iceberg's generic
   * reader leaves out, read whole and with a projection of another field of the same struct and a
   * residual filter on a third (the file then read with fields the output does not show).
   */
  @Test
  void equalityDeletesOnNestedColumnsLeaveOutWhatIcebergLeavesOut() throws Exception {
    Table table = table();
    DataFile eu = write(table, rows(table, 0, 400, "EU"), "EU");
    table.newAppend().appendFile(eu).commit();
    Schema keySchema = table.schema().select("point.y");
    GenericFileWriterFactory factory =
        new GenericFileWriterFactory.Builder(table)
            .deleteFileFormat(FileFormat.PARQUET)
            .equalityFieldIds(new int[] {table.schema().findField("point.y").fieldId()})
            .equalityDeleteRowSchema(keySchema)
            .build();
    EqualityDeleteWriter<Record> equality =
        factory.newEqualityDeleteWriter(
            EncryptedFiles.plainAsEncryptedOutput(
                table.io().newOutputFile(table.locationProvider().newDataLocation("eq.parquet"))),
            table.spec(),
            eu.partition());
    Types.StructType pointType = (Types.StructType) keySchema.findField("point").type();
    try (equality) {
      for (Float y : new Float[] {null, 3f, 5f, 101f}) {
        GenericRecord point = GenericRecord.create(pointType);
        point.setField("y", y);
        GenericRecord r = GenericRecord.create(keySchema);
        r.setField("point", point);
        equality.write(r);
      }
    }
    table.newRowDelta().addDeletes(equality.toDeleteFile()).commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    // Rows 0 to 399: y is null every fourth row, 89 of them in a point that is not null (the
    // point is null every ninth row from row 4, and Iceberg's null key matches a null y, not a
    // null point), and 3, 5 and 101 are keys.
    assertEquals(400 - 89 - 3, want.size(), "deletes were applied");
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
    Expression filter = Expressions.greaterThan("point.x", 60.0);
    List<String> projected = new ArrayList<>();
    // Iceberg's generic reader, whole rows (its projection of point.x alone with these deletes
    // returns no rows at all), projected here.
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).where(filter).build()) {
      for (Record r : records) {
        Record point = (Record) r.getField("point");
        projected.add(
            "["
                + ArrowRows.text(r.getField("id"))
                + ","
                + (point == null ? "null" : "[" + ArrowRows.text(point.getField("x")) + "]")
                + "]");
      }
    }
    projected.sort(null);
    assertTrue(projected.size() > 100, projected.size() + " rows");
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator, table.newScan().select("id", "point.x").filter(filter))) {
      assertEquals(projected, ArrowRows.rowsOf(reader));
    }
  }

  /**
   * {@code _partition} is each row's file's partition tuple in the table's partition type over all
   * its specs: after the spec evolved (a bucket added, then region dropped), each row's value
   * equals the partition Iceberg's own files metadata table gives its file, fields of other specs
   * null.
   */
  @Test
  void partitionColumnIsTheFilesPartitionInTheTablesPartitionType() throws Exception {
    Table table = table();
    table.newAppend().appendFile(write(table, rows(table, 0, 200, "EU"), "EU")).commit();
    table.updateSpec().addField(Expressions.bucket("id", 4)).commit();
    for (String region : new String[] {"EU", "US"}) {
      List<Record> records =
          rows(table, region.equals("EU") ? 200 : 300, region.equals("EU") ? 300 : 400, region);
      // One file per bucket: the writer's partition key is the first record's.
      java.util.Map<Object, List<Record>> byBucket = new java.util.LinkedHashMap<>();
      PartitionKey key = new PartitionKey(table.spec(), table.schema());
      for (Record r : records) {
        key.partition(r);
        byBucket.computeIfAbsent(key.get(1, Integer.class), b -> new ArrayList<>()).add(r);
      }
      var append = table.newAppend();
      for (List<Record> bucket : byBucket.values()) {
        append.appendFile(write(table, bucket, region));
      }
      append.commit();
    }
    table.updateSpec().removeField("region").commit();
    PartitionKey last = new PartitionKey(table.spec(), table.schema());
    List<Record> tail = rows(table, 400, 420, "EU");
    java.util.Map<Object, List<Record>> tailBuckets = new java.util.LinkedHashMap<>();
    for (Record r : tail) {
      last.partition(r);
      tailBuckets.computeIfAbsent(last.get(0, Integer.class), b -> new ArrayList<>()).add(r);
    }
    var append = table.newAppend();
    for (List<Record> bucket : tailBuckets.values()) {
      append.appendFile(write(table, bucket, "EU"));
    }
    append.commit();

    // Iceberg's files metadata table: each data file's partition in the table's partition type.
    Table files =
        org.apache.iceberg.MetadataTableUtils.createMetadataTableInstance(
            table, org.apache.iceberg.MetadataTableType.FILES);
    int pathAt = files.schema().columns().indexOf(files.schema().findField("file_path"));
    int partitionAt = files.schema().columns().indexOf(files.schema().findField("partition"));
    java.util.Map<String, String> partitionOf = new java.util.HashMap<>();
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = files.newScan().planFiles()) {
      for (org.apache.iceberg.FileScanTask task : tasks) {
        try (CloseableIterable<org.apache.iceberg.StructLike> rows =
            ((org.apache.iceberg.DataTask) task).rows()) {
          for (org.apache.iceberg.StructLike row : rows) {
            org.apache.iceberg.StructLike p =
                row.get(partitionAt, org.apache.iceberg.StructLike.class);
            List<String> values = new ArrayList<>();
            for (int i = 0; i < p.size(); i++) {
              values.add(ArrowRows.text(p.get(i, Object.class)));
            }
            partitionOf.put(
                row.get(pathAt, CharSequence.class).toString(),
                "[" + String.join(",", values) + "]");
          }
        }
      }
    }
    assertEquals(1 + 8 + 4, partitionOf.size(), partitionOf.toString());

    Types.NestedField partition =
        org.apache.iceberg.MetadataColumns.metadataColumn(
            table, org.apache.iceberg.MetadataColumns.PARTITION_COLUMN_NAME);
    assertEquals(2, partition.type().asStructType().fields().size(), "region and the bucket");
    Schema projection =
        new Schema(
            table.schema().findField("id"),
            org.apache.iceberg.MetadataColumns.FILE_PATH,
            partition);
    int rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator,
                table.newScan().project(projection).planFiles(),
                projection,
                table.io(),
                dev.parrow.arrow.ReadOptions.builder().batchSize(50).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        org.apache.arrow.vector.util.ValueVectorUtility.validateFull(root.getVector("_partition"));
        for (int r = 0; r < root.getRowCount(); r++) {
          String file = root.getVector("_file").getObject(r).toString();
          assertEquals(
              partitionOf.get(file),
              ArrowRows.text(root.getVector("_partition"), r),
              "row " + root.getVector("id").getObject(r));
          rows++;
        }
      }
    }
    assertEquals(420, rows);
  }

  /** A data file in another format than Parquet is refused, naming the file and its format. */
  @Test
  void dataFilesOfOtherFormatsAreRefusedByName() throws Exception {
    Table table = table();
    DataFile parquet = write(table, rows(table, 0, 10, "EU"), "EU");
    DataFile avro =
        org.apache.iceberg.DataFiles.builder(table.spec())
            .copy(parquet)
            .withPath(table.locationProvider().newDataLocation("other.avro"))
            .withFormat(FileFormat.AVRO)
            .build();
    table.newAppend().appendFile(avro).commit();
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader = IcebergArrowReader.open(allocator, table.newScan())) {
      UnsupportedOperationException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              UnsupportedOperationException.class, reader::loadNextBatch);
      assertTrue(
          e.getMessage().contains("other.avro") && e.getMessage().contains("AVRO"), e.getMessage());
    }
  }

  @Test
  void deletionVectorsOfVersion3LeaveOutWhatIcebergLeavesOut() throws Exception {
    Table table = table(Map.of(TableProperties.FORMAT_VERSION, "3"));
    DataFile eu = write(table, rows(table, 0, 400, "EU"), "EU");
    table.newAppend().appendFile(eu).commit();
    org.apache.iceberg.deletes.BaseDVFileWriter dvs =
        new org.apache.iceberg.deletes.BaseDVFileWriter(
            org.apache.iceberg.io.OutputFileFactory.builderFor(table, 1, 1)
                .format(FileFormat.PUFFIN)
                .build(),
            path -> null);
    try (dvs) {
      for (long pos = 0; pos < 400; pos += 3) {
        dvs.delete(eu.location(), pos, table.spec(), eu.partition());
      }
    }
    var delta = table.newRowDelta();
    dvs.result().deleteFiles().forEach(delta::addDeletes);
    delta.commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    assertEquals(400 - 134, want.size());
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
  }

  /**
   * Columns added with an initial default (format version 3) hold it in the rows of files written
   * before them, as Iceberg's generic reader fills them, also where a filter tests them.
   */
  @Test
  void initialDefaultsFillColumnsOlderFilesLack() throws Exception {
    Table table = table(Map.of(TableProperties.FORMAT_VERSION, "3"));
    table.newAppend().appendFile(write(table, rows(table, 0, 150, "EU"), "EU")).commit();
    table
        .updateSchema()
        .addColumn("level", Types.IntegerType.get(), "a level", Literal.of(7))
        .addColumn("note", Types.StringType.get(), "a note", Literal.of("none"))
        .commit();
    table.newAppend().appendFile(write(table, rows(table, 150, 300, "US"), "US")).commit();
    for (Expression filter :
        List.of(
            Expressions.alwaysTrue(),
            Expressions.equal("level", 7),
            Expressions.greaterThan("level", 7),
            Expressions.notEqual("note", "none"),
            Expressions.or(Expressions.startsWith("note", "no"), Expressions.lessThan("id", 10L)),
            Expressions.not(Expressions.equal("level", 7)))) {
      List<String> want = icebergRows(table, filter);
      assertEquals(want, parrowRows(table, filter), filter.toString());
    }
    assertEquals(
        150 + 13, icebergRows(table, Expressions.equal("level", 7)).size(), "the default counts");
  }

  /**
   * The types of format version 3 a Parquet file holds as bytes or not at all: geometry and
   * geography (well-known binary) and unknown (null in every row), as Iceberg's generic reader
   * reads them.
   */
  @Test
  void geometryGeographyAndUnknownReadAsIcebergReadsThem() throws Exception {
    Schema schema =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "shape", Types.GeometryType.crs84()),
            Types.NestedField.optional(3, "place", Types.GeographyType.crs84()),
            Types.NestedField.optional(4, "nothing", Types.UnknownType.get()));
    Table table = unpartitionedVersion3(schema);
    List<Record> records = new ArrayList<>();
    for (long i = 0; i < 40; i++) {
      GenericRecord r = GenericRecord.create(schema);
      r.setField("id", i);
      // A WKB point (little-endian, type 1) at (i, -i).
      java.nio.ByteBuffer point =
          java.nio.ByteBuffer.allocate(21).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      point.put((byte) 1).putInt(1).putDouble(i).putDouble(-i).flip();
      r.setField("shape", i % 5 == 0 ? null : point);
      r.setField("place", i % 7 == 0 ? null : point.duplicate());
      records.add(r);
    }
    table.newAppend().appendFile(write(table, records, null)).commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    assertEquals(40, want.size());
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
  }

  /** Variants (format version 3), as Iceberg's generic writer writes them and its reader reads. */
  @Test
  void variantsReadAsIcebergReadsThem() throws Exception {
    Schema schema =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "doc", Types.VariantType.get()));
    Table table = unpartitionedVersion3(schema);
    List<Record> records = new ArrayList<>();
    for (long i = 0; i < 60; i++) {
      GenericRecord r = GenericRecord.create(schema);
      r.setField("id", i);
      org.apache.iceberg.variants.VariantValue value =
          i % 3 == 0
              ? org.apache.iceberg.variants.Variants.of("text " + i)
              : i % 3 == 1
                  ? org.apache.iceberg.variants.Variants.of((int) i * 1000)
                  : org.apache.iceberg.variants.Variants.of(i % 2 == 0);
      r.setField(
          "doc",
          i % 7 == 0
              ? null
              : org.apache.iceberg.variants.Variant.of(
                  org.apache.iceberg.variants.VariantMetadata.empty(), value));
      records.add(r);
    }
    table.newAppend().appendFile(write(table, records, null)).commit();
    List<String> want = icebergRows(table, Expressions.alwaysTrue());
    assertEquals(60, want.size());
    assertTrue(want.stream().anyMatch(r -> r.contains("text 3")), want.toString());
    assertEquals(want, parrowRows(table, Expressions.alwaysTrue()));
  }

  /**
   * Row lineage (format version 3): each row's {@code _row_id} and {@code
   * _last_updated_sequence_number}, inherited from its file's first row id and data sequence number
   * where the file does not hold them, as Iceberg's generic reader reads them; a file holding some
   * ids keeps those.
   */
  @Test
  void rowLineageIsWhatIcebergReads() throws Exception {
    Table table = table(Map.of(TableProperties.FORMAT_VERSION, "3"));
    table.newAppend().appendFile(write(table, rows(table, 0, 120, "EU"), "EU")).commit();
    table.newAppend().appendFile(write(table, rows(table, 120, 200, "US"), "US")).commit();
    // A file that holds row ids (as a compaction writes them), some of them null.
    Schema withIds =
        new Schema(
            table.schema().findField("id"),
            table.schema().findField("region"),
            org.apache.iceberg.MetadataColumns.ROW_ID);
    String path = table.locationProvider().newDataLocation("lineage.parquet");
    IcebergArrowAppender appender =
        IcebergArrowAppender.create(
            table.io().newOutputFile(path),
            withIds,
            org.apache.iceberg.MetricsConfig.forTable(table),
            dev.parrow.arrow.WriteOptions.defaults(),
            table.io());
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot batch =
            VectorSchemaRoot.create(IcebergSchemas.toArrow(withIds), allocator)) {
      for (int i = 0; i < 10; i++) {
        ((org.apache.arrow.vector.BigIntVector) batch.getVector(0)).setSafe(i, 1000 + i);
        ((org.apache.arrow.vector.VarCharVector) batch.getVector(1))
            .setSafe(i, "EU".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (i % 3 == 0) {
          batch.getVector(2).setNull(i);
        } else {
          ((org.apache.arrow.vector.BigIntVector) batch.getVector(2)).setSafe(i, 5000 + i);
        }
      }
      batch.setRowCount(10);
      try (appender) {
        appender.add(batch);
      }
    }
    table
        .newAppend()
        .appendFile(
            org.apache.iceberg.DataFiles.builder(table.spec())
                .withPath(path)
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(appender.length())
                .withMetrics(appender.metrics())
                .withPartitionPath("region=EU")
                .build())
        .commit();
    Schema projection =
        new Schema(
            table.schema().findField("id"),
            org.apache.iceberg.MetadataColumns.ROW_ID,
            org.apache.iceberg.MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER,
            org.apache.iceberg.MetadataColumns.ROW_POSITION);
    List<String> want = new ArrayList<>();
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(table).project(projection).build()) {
      for (Record r : records) {
        want.add(r.get(0) + "," + r.get(1) + "," + r.get(2) + "," + r.get(3));
      }
    }
    want.sort(null);
    List<String> got = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator,
                table.newScan().project(projection).planFiles(),
                projection,
                table.io(),
                dev.parrow.arrow.ReadOptions.builder().batchSize(50).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          got.add(
              root.getVector(0).getObject(r)
                  + ","
                  + root.getVector(1).getObject(r)
                  + ","
                  + root.getVector(2).getObject(r)
                  + ","
                  + root.getVector(3).getObject(r));
        }
      }
    }
    got.sort(null);
    assertEquals(210, want.size());
    assertTrue(want.contains("1001,5001,3,1"), "a row id the file holds: " + want);
    assertEquals(want, got);
  }

  @Test
  void positionsFilePathsAndPartitionValuesComeFromTheTask() throws Exception {
    Table table = table();
    DataFile eu = write(table, rows(table, 0, 300, "EU"), "EU");
    table.newAppend().appendFile(eu).commit();
    Schema projection =
        new Schema(
            table.schema().findField("id"),
            table.schema().findField("region"),
            org.apache.iceberg.MetadataColumns.ROW_POSITION,
            org.apache.iceberg.MetadataColumns.FILE_PATH);
    int rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator,
                table
                    .newScan()
                    .project(projection)
                    .filter(Expressions.greaterThan("id", 100))
                    .planFiles(),
                projection,
                table.io(),
                dev.parrow.arrow.ReadOptions.builder().batchSize(64).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          // The rows were written in id order: each row's position in its file is its id.
          assertEquals(root.getVector("id").getObject(r), root.getVector("_pos").getObject(r));
          assertEquals("EU", root.getVector("region").getObject(r).toString());
          assertEquals(eu.location(), root.getVector("_file").getObject(r).toString());
          rows++;
        }
      }
    }
    assertEquals(199, rows);
  }

  @Test
  void filesSplitIntoRowGroupsAreReadOnceEach() throws Exception {
    Table table =
        table(
            Map.of(
                TableProperties.FORMAT_VERSION,
                "2",
                TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES,
                "4096",
                TableProperties.SPLIT_SIZE,
                "8192"));
    DataFile file = write(table, rows(table, 0, 30_000, "EU"), "EU");
    assertTrue(file.splitOffsets().size() > 2, "row groups: " + file.splitOffsets());
    table.newAppend().appendFile(file).commit();
    // planTasks splits the file at its row groups (the split size is smaller than the file): the
    // split tasks, read one after another, give every row once.
    List<org.apache.iceberg.FileScanTask> tasks = new ArrayList<>();
    try (var combined = table.newScan().planTasks()) {
      combined.forEach(c -> tasks.addAll(c.files()));
    }
    assertTrue(tasks.size() > 1, "the file is split into " + tasks.size() + " tasks");
    List<String> got;
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator,
                tasks,
                table.schema(),
                table.io(),
                dev.parrow.arrow.ReadOptions.defaults())) {
      got = ArrowRows.rowsOf(reader);
    }
    assertEquals(icebergRows(table, Expressions.alwaysTrue()), got);
  }

  /**
   * A table's read decodes each batch into the buffers of the batch before (when nobody holds
   * them), as a file's read does, its tasks' files into the memory of those before, and fills a
   * task's constant columns once: over a read of 60 batches it allocates 0.32 of a batch's bytes
   * per batch (the first file's first batches, every fifth batch the caller keeps, lists' and
   * structs' validity), where moving each batch out of the file reader's root and filling the
   * constants again allocated 1.48. A batch whose buffers the caller keeps (retained as a zero-copy
   * consumer would) keeps its bytes.
   */
  @Test
  void aTableReadDecodesIntoTheBuffersOfBatchesNobodyHolds() throws Exception {
    Table table = table();
    table.newAppend().appendFile(write(table, rows(table, 0, 6_000, "EU"), "EU")).commit();
    table.newAppend().appendFile(write(table, rows(table, 6_000, 12_000, "US"), "US")).commit();
    java.util.concurrent.atomic.AtomicLong allocated = new java.util.concurrent.atomic.AtomicLong();
    org.apache.arrow.memory.AllocationListener counting =
        new org.apache.arrow.memory.AllocationListener() {
          @Override
          public void onAllocation(long size) {
            allocated.addAndGet(size);
          }
        };
    Map<org.apache.arrow.memory.ArrowBuf, byte[]> kept = new java.util.HashMap<>();
    int batches = 0;
    long largest = 0;
    List<String> got = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator(counting, Long.MAX_VALUE)) {
      try (IcebergArrowReader reader =
          IcebergArrowReader.open(
              allocator,
              table.newScan(),
              dev.parrow.arrow.ReadOptions.builder().batchSize(200).build())) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          got.add(root.getVector("id").getObject(0) + ":" + root.getRowCount());
          long bytes = 0;
          for (org.apache.arrow.vector.FieldVector v : root.getFieldVectors()) {
            bytes += v.getBufferSize();
            if (batches % 5 == 4) {
              keep(v, kept);
            }
          }
          largest = Math.max(largest, bytes);
          batches++;
        }
      }
      for (Map.Entry<org.apache.arrow.memory.ArrowBuf, byte[]> e : kept.entrySet()) {
        byte[] now = new byte[e.getValue().length];
        e.getKey().getBytes(0, now);
        org.junit.jupiter.api.Assertions.assertArrayEquals(
            e.getValue(), now, "a buffer the caller kept was decoded into");
        e.getKey().getReferenceManager().release();
      }
    }
    assertEquals(60, batches, got.toString());
    assertTrue(!kept.isEmpty());
    double perBatch = (double) allocated.get() / largest / batches;
    assertTrue(
        perBatch < 0.5,
        "allocated "
            + allocated.get()
            + " bytes over "
            + batches
            + " batches of at most "
            + largest
            + ": "
            + perBatch
            + " batches' bytes a batch");
  }

  /** Retains each buffer of {@code v} (at any depth) and notes its bytes. */
  private static void keep(
      org.apache.arrow.vector.FieldVector v, Map<org.apache.arrow.memory.ArrowBuf, byte[]> kept) {
    for (org.apache.arrow.memory.ArrowBuf b : v.getFieldBuffers()) {
      if (b != null && b.capacity() > 0 && !kept.containsKey(b)) {
        b.getReferenceManager().retain();
        byte[] bytes = new byte[(int) b.capacity()];
        b.getBytes(0, bytes);
        kept.put(b, bytes);
      }
    }
    for (org.apache.arrow.vector.FieldVector child : v.getChildrenFromFields()) {
      keep(child, kept);
    }
  }
}
