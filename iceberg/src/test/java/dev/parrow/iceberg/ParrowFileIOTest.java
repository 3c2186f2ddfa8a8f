package dev.parrow.iceberg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParrowFileIO} as Iceberg's own Parquet code uses a FileIO: a file written through it by
 * Iceberg's writer (parquet-java) reads back through it by Iceberg's reader and by Parrow; a file
 * appears only when its stream closes; {@code create} refuses a file that exists; lengths,
 * existence and deletes.
 */
class ParrowFileIOTest {
  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "name", Types.StringType.get()));

  @Test
  void icebergWritesAndReadsThroughItAndParrowReadsWhatItWrote() throws Exception {
    ParrowFileIO io = new ParrowFileIO();
    io.initialize(Map.of());
    String location = dir.resolve("data.parquet").toUri().toString();
    try (FileAppender<Record> writer =
        Parquet.write(io.newOutputFile(location))
            .schema(SCHEMA)
            .createWriterFunc(GenericParquetWriter::create)
            .build()) {
      for (long i = 0; i < 5000; i++) {
        GenericRecord r = GenericRecord.create(SCHEMA);
        r.setField("id", i);
        r.setField("name", i % 7 == 0 ? null : "name-" + i);
        writer.add(r);
      }
    }
    assertEquals(Files.size(dir.resolve("data.parquet")), io.newInputFile(location).getLength());
    List<String> iceberg = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        Parquet.read(io.newInputFile(location))
            .project(SCHEMA)
            .createReaderFunc(s -> GenericParquetReaders.buildReader(SCHEMA, s))
            .build()) {
      rows.forEach(r -> iceberg.add(r.getField("id") + ":" + r.getField("name")));
    }
    List<String> parrow = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(new IcebergInputFile(io.newInputFile(location)));
        ParquetArrowReader reader =
            file.newReader(
                allocator, ReadOptions.builder().readAs(IcebergSchemas.toArrow(SCHEMA)).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          Object name = root.getVector("name").getObject(i);
          parrow.add(root.getVector("id").getObject(i) + ":" + (name == null ? null : name));
        }
      }
    }
    assertEquals(5000, iceberg.size());
    assertEquals(iceberg, parrow);
  }

  @Test
  void aFileAppearsWhenItsStreamClosesAndCreateRefusesOneThatExists() throws Exception {
    ParrowFileIO io = new ParrowFileIO();
    String location = dir.resolve("f.bin").toString();
    assertFalse(io.newInputFile(location).exists());
    assertThrows(NotFoundException.class, () -> io.newInputFile(location).getLength());
    PositionOutputStream out = io.newOutputFile(location).create();
    out.write(new byte[] {1, 2, 3});
    assertEquals(3, out.getPos());
    assertFalse(Files.exists(dir.resolve("f.bin")), "nothing before the stream closes");
    out.close();
    assertTrue(io.newInputFile(location).exists());
    assertEquals(3, io.newInputFile(location).getLength());
    assertThrows(AlreadyExistsException.class, () -> io.newOutputFile(location).create());
    try (PositionOutputStream again = io.newOutputFile(location).createOrOverwrite()) {
      again.write(new byte[] {9});
    }
    try (var in = io.newInputFile(location).newStream()) {
      assertEquals(9, in.read());
      assertEquals(-1, in.read());
    }
    io.deleteFile(location);
    assertFalse(io.newInputFile(location).exists());
  }

  /**
   * ParrowFileIO as a catalog's {@code io-impl} (a Hadoop catalog, whose own metadata pointer needs
   * Hadoop's file system: Java below 24): the catalog writes a new table's metadata through it into
   * directories nobody made (made as HadoopFileIO makes them), Iceberg's writer its data files, and
   * Iceberg's generic reader and Parrow read the committed table equal.
   */
  @Test
  void aCatalogWithItAsItsFileIoWritesAndReadsTablesEndToEnd() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Runtime.version().feature() < 24, "Hadoop's file system needs Java < 24");
    Path warehouse = dir.resolve("warehouse");
    org.apache.iceberg.hadoop.HadoopCatalog catalog = new org.apache.iceberg.hadoop.HadoopCatalog();
    catalog.setConf(new org.apache.hadoop.conf.Configuration());
    catalog.initialize(
        "parrow",
        Map.of(
            org.apache.iceberg.CatalogProperties.FILE_IO_IMPL,
            ParrowFileIO.class.getName(),
            org.apache.iceberg.CatalogProperties.WAREHOUSE_LOCATION,
            warehouse.toString()));
    org.apache.iceberg.catalog.TableIdentifier id =
        org.apache.iceberg.catalog.TableIdentifier.of("db", "events");
    org.apache.iceberg.Table table =
        catalog.createTable(
            id,
            IcebergReadTest.FIRST,
            org.apache.iceberg.PartitionSpec.builderFor(IcebergReadTest.FIRST)
                .identity("region")
                .build());
    assertTrue(table.io() instanceof ParrowFileIO, table.io().getClass().getName());
    table
        .newAppend()
        .appendFile(IcebergReadTest.write(table, IcebergReadTest.rows(table, 0, 1500, "EU"), "EU"))
        .appendFile(
            IcebergReadTest.write(table, IcebergReadTest.rows(table, 1500, 2000, "US"), "US"))
        .commit();
    try (var files = Files.walk(warehouse)) {
      List<String> names = files.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.stream().anyMatch(n -> n.endsWith(".metadata.json")), names.toString());
      assertEquals(2, names.stream().filter(n -> n.endsWith(".parquet")).count(), names.toString());
    }
    org.apache.iceberg.Table loaded = catalog.loadTable(id);
    List<String> iceberg =
        IcebergReadTest.icebergRows(
            loaded, org.apache.iceberg.expressions.Expressions.alwaysTrue());
    assertEquals(2000, iceberg.size());
    assertEquals(
        iceberg,
        IcebergReadTest.parrowRows(
            loaded, org.apache.iceberg.expressions.Expressions.alwaysTrue()));
  }
}
