package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.WriteOptions;
import dev.parrow.iceberg.IcebergArrowAppender;
import dev.parrow.iceberg.IcebergSchemas;
import dev.parrow.iceberg.ParrowFileIO;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Schema;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.SeekableInputStream;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParrowFileIO} against a real S3-compatible server (s3proxy), configured with Iceberg's
 * S3FileIO property names: a data file appended by {@link IcebergArrowAppender} through it lands as
 * one object that DuckDB reads back equal to the rows written, with the metrics Iceberg records;
 * its streams seek and read by position; {@code create} refuses an object that exists; deletes
 * remove it.
 */
class IcebergObjectStoreIT {
  @TempDir static Path dir;
  static S3Server s3;

  @BeforeAll
  static void start() throws Exception {
    s3 = new S3Server(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  private static ParrowFileIO io() {
    ParrowFileIO io = new ParrowFileIO();
    io.initialize(
        Map.of(
            "s3.endpoint",
            s3.endpoint.toString(),
            "s3.access-key-id",
            S3Server.ACCESS,
            "s3.secret-access-key",
            S3Server.SECRET,
            "client.region",
            "us-east-1",
            "s3.path-style-access",
            "true"));
    return io;
  }

  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "name", Types.StringType.get()));

  @Test
  void dataFilesWrittenThroughItReadBackFromTheStore() throws Exception {
    ParrowFileIO io = io();
    String location = "s3://bucket/iceberg/data/part-0.parquet";
    int rows = 50_000;
    Metrics metrics;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root =
            VectorSchemaRoot.create(IcebergSchemas.toArrow(SCHEMA), allocator)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      id.allocateNew(rows);
      name.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        id.set(i, i);
        if (i % 10 != 3) {
          name.setSafe(i, ("n" + i % 100).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(rows);
      IcebergArrowAppender appender =
          IcebergArrowAppender.create(
              io.newOutputFile(location),
              SCHEMA,
              MetricsConfig.getDefault(),
              WriteOptions.defaults(),
              io);
      try (appender) {
        appender.add(root);
      }
      metrics = appender.metrics();
      assertEquals(rows, metrics.recordCount());
      assertEquals(rows / 10, metrics.nullValueCounts().get(2));
      InputFile in = io.newInputFile(location);
      assertTrue(in.exists());
      assertEquals(appender.length(), in.getLength());
      try (SeekableInputStream stream = in.newStream()) {
        byte[] magic = new byte[4];
        stream.seek(in.getLength() - 4);
        assertEquals(4, stream.read(magic, 0, 4));
        assertArrayEquals("PAR1".getBytes(StandardCharsets.US_ASCII), magic);
      }
    }
    // The object as the store holds it, read by DuckDB.
    Path local = s3.download("iceberg/data/part-0.parquet", dir);
    try (var db = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var rs =
            db.createStatement()
                .executeQuery(
                    "SELECT count(*), sum(id), count(name), min(name), max(name) FROM '"
                        + local
                        + "'")) {
      rs.next();
      assertEquals(rows, rs.getLong(1));
      assertEquals((long) rows * (rows - 1) / 2, rs.getLong(2));
      assertEquals(rows - rows / 10, rs.getLong(3));
      assertEquals("n0", rs.getString(4));
      assertEquals("n99", rs.getString(5));
    }

    assertThrows(AlreadyExistsException.class, () -> io.newOutputFile(location).create());
    io.deleteFile(location);
    assertFalse(io.newInputFile(location).exists());
    assertEquals(List.of(), s3.keys("iceberg/"));
  }
}
