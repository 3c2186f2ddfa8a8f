package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.delta.ParrowEngine;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.Operation;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta tables written by Spark (delta-spark, local mode) read through Delta Kernel with {@link
 * ParrowEngine} as Spark and Kernel's default engine read them, row for row: partitioned, with
 * deletion vectors (deletes and updates), column mapping by name (a renamed column), an added
 * column, checkpoints Spark wrote, and a compaction; and a table Parrow writes and commits is read
 * equal by Spark, which appends to it, and Parrow reads Spark's append. Java 17 and 21 only
 * (Spark's Delta writers need Hadoop).
 */
class DeltaSparkIT {
  @TempDir static Path dir;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        ParrowSparkIT.BUILT_IN_READER, "Spark's Delta writers need Hadoop, which needs Java < 24");
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("parrow-delta")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
            .config(
                "spark.sql.catalog.spark_catalog",
                "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  /** Spark's rows of the Delta table at {@code path}, each value as Java's text, sorted. */
  private static List<String> sparkRows(String path) {
    List<String> out = new ArrayList<>();
    for (org.apache.spark.sql.Row r : spark.read().format("delta").load(path).collectAsList()) {
      List<String> values = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        Object v = r.get(i);
        values.add(v instanceof java.sql.Date d ? d.toLocalDate().toString() : String.valueOf(v));
      }
      out.add(String.join("|", values));
    }
    out.sort(null);
    return out;
  }

  /**
   * The rows Kernel reads of the table through ParrowEngine, in the same text, sorted; checked
   * equal to what Kernel's default engine reads of it first.
   */
  private static List<String> parrowRows(String path) throws Exception {
    List<String> parrow;
    try (BufferAllocator allocator = new RootAllocator()) {
      parrow =
          kernelRows(
              ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults()),
              path);
    }
    assertEquals(
        kernelRows(
            io.delta.kernel.defaults.engine.DefaultEngine.create(
                new org.apache.hadoop.conf.Configuration()),
            path),
        parrow,
        "Parrow reads what the default engine reads");
    return parrow;
  }

  /** The rows Kernel reads of the table with {@code engine}, in the same text, sorted. */
  private static List<String> kernelRows(Engine engine, String path) throws Exception {
    return dev.parrow.delta.KernelScan.rows(engine, path, null, DeltaSparkIT::text);
  }

  /** A value through Kernel's getters, as Java's text of the value Spark's Row holds. */
  private static String text(ColumnVector v, int r) {
    if (v.isNullAt(r)) {
      return "null";
    }
    DataType t = v.getDataType();
    if (t instanceof LongType) {
      return Long.toString(v.getLong(r));
    } else if (t instanceof IntegerType) {
      return Integer.toString(v.getInt(r));
    } else if (t instanceof DoubleType) {
      return Double.toString(v.getDouble(r));
    } else if (t instanceof DecimalType) {
      return v.getDecimal(r).toString();
    } else if (t instanceof StringType) {
      return v.getString(r);
    } else if (t instanceof io.delta.kernel.types.TimestampNTZType) {
      long micros = v.getLong(r);
      return java.time.LocalDateTime.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L),
              (int) Math.floorMod(micros, 1_000_000L) * 1000,
              java.time.ZoneOffset.UTC)
          .toString();
    } else if (t instanceof DateType) {
      return java.time.LocalDate.ofEpochDay(v.getInt(r)).toString();
    }
    throw new IllegalArgumentException("no text for " + t);
  }

  private static void insert(String path, long from, long to, boolean extra) {
    spark
        .range(from, to)
        .selectExpr(
            "id",
            "CASE WHEN id % 11 = 0 THEN NULL ELSE concat('n', id % 97) END AS name",
            "CAST(id % 13 AS INT) AS qty",
            "CAST(CAST(id AS DECIMAL(12, 2)) / 8 AS DECIMAL(12, 2)) AS price",
            "CASE WHEN id % 6 = 0 THEN NULL ELSE CAST(id * 1.5 AS DOUBLE) END AS score",
            "date_add(DATE'2024-01-01', CAST(id % 50 AS INT)) AS day",
            "CASE WHEN id % 3 = 0 THEN 'EU' ELSE 'US' END AS region")
        .selectExpr(extra ? new String[] {"*", "concat('e', id) AS extra"} : new String[] {"*"})
        .write()
        .format("delta")
        .mode("append")
        .save(path);
  }

  /**
   * Spark's table through its life: inserts, a delete and an update (deletion vectors), an added
   * column, a renamed one (column mapping by name), checkpoints and a compaction; after each step
   * Parrow reads what Spark reads.
   */
  @Test
  void tablesSparkWritesReadAsSparkReadsThem() throws Exception {
    String path = dir.resolve("events").toString();
    spark.sql(
        "CREATE TABLE delta.`"
            + path
            + "` (id BIGINT, name STRING, qty INT, price DECIMAL(12, 2), score DOUBLE, day DATE,"
            + " region STRING) USING delta PARTITIONED BY (region) TBLPROPERTIES"
            + " ('delta.enableDeletionVectors' = 'true', 'delta.columnMapping.mode' = 'name',"
            + " 'delta.checkpointInterval' = '3')");
    insert(path, 0, 4000, false);
    insert(path, 4000, 6000, false);
    List<String> want = sparkRows(path);
    assertEquals(6000, want.size());
    assertEquals(want, parrowRows(path), "after inserts");

    spark.sql("DELETE FROM delta.`" + path + "` WHERE id % 7 = 0");
    spark.sql("UPDATE delta.`" + path + "` SET name = upper(name) WHERE id % 5 = 0");
    want = sparkRows(path);
    assertEquals(6000 - 858, want.size());
    assertEquals(want, parrowRows(path), "after a delete and an update (deletion vectors)");

    spark.sql("ALTER TABLE delta.`" + path + "` ADD COLUMNS (extra STRING)");
    insert(path, 6000, 7000, true);
    spark.sql("ALTER TABLE delta.`" + path + "` RENAME COLUMN qty TO quantity");
    want = sparkRows(path);
    assertEquals(want, parrowRows(path), "after an added and a renamed column");
    assertTrue(
        java.nio.file.Files.list(Path.of(path, "_delta_log"))
            .anyMatch(p -> p.toString().endsWith(".checkpoint.parquet")),
        "Spark wrote a checkpoint");

    spark.sql("OPTIMIZE delta.`" + path + "`");
    want = sparkRows(path);
    assertEquals(want, parrowRows(path), "after a compaction");
  }

  /**
   * A table whose columns' types Spark widened (Delta's type widening): files written before read
   * as the wider types, as Spark and Kernel's own engine read them (int to long and to double, a
   * decimal to more digits and fraction digits, a date to a timestamp without zone).
   */
  @Test
  void widenedTypesReadAsSparkReadsThem() throws Exception {
    String path = dir.resolve("widened").toString();
    spark.sql(
        "CREATE TABLE delta.`"
            + path
            + "` (id BIGINT, qty INT, small INT, price DECIMAL(10, 2), day DATE) USING delta"
            + " TBLPROPERTIES ('delta.enableTypeWidening' = 'true',"
            + " 'delta.feature.timestampNtz' = 'supported')");
    String[] columns = {
      "id",
      "CAST(id % 13 - 6 AS INT) AS qty",
      "CAST(id * 7919 % 100003 - 50000 AS INT) AS small",
      "CAST(CAST(id AS DECIMAL(10, 2)) / 8 - 30 AS DECIMAL(10, 2)) AS price",
      "date_add(DATE'2024-01-01', CAST(id % 50 AS INT)) AS day"
    };
    spark.range(0, 700).selectExpr(columns).write().format("delta").mode("append").save(path);
    for (String change :
        List.of(
            "qty TYPE BIGINT",
            "small TYPE DOUBLE",
            "price TYPE DECIMAL(14, 4)",
            "day TYPE TIMESTAMP_NTZ")) {
      spark.sql("ALTER TABLE delta.`" + path + "` ALTER COLUMN " + change);
    }
    spark
        .range(700, 1000)
        .selectExpr(
            "id",
            "CAST(id % 13 AS BIGINT) AS qty",
            "CAST(id AS DOUBLE) / 3 AS small",
            "CAST(id / 7 AS DECIMAL(14, 4)) AS price",
            "CAST(date_add(DATE'2024-01-01', CAST(id % 50 AS INT)) AS TIMESTAMP_NTZ) AS day")
        .write()
        .format("delta")
        .mode("append")
        .save(path);
    List<String> want = sparkRows(path);
    assertEquals(1000, want.size());
    assertEquals(want, parrowRows(path));
  }

  /** A table Parrow writes and commits: Spark reads it equal, appends, and Parrow reads that. */
  @Test
  void tablesParrowWritesReadInSpark() throws Exception {
    String path = dir.resolve("written").toString();
    StructType schema =
        new StructType().add("id", LongType.LONG, false).add("name", StringType.STRING, true);
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine engine =
          ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      for (int commit = 0; commit < 2; commit++) {
        var builder =
            commit == 0
                ? Table.forPath(engine, path)
                    .createTransactionBuilder(engine, "parrow-it", Operation.CREATE_TABLE)
                    .withSchema(engine, schema)
                : Table.forPath(engine, path)
                    .createTransactionBuilder(engine, "parrow-it", Operation.WRITE);
        Transaction txn = builder.build(engine);
        Row state = txn.getTransactionState(engine);
        try (VectorSchemaRoot root =
            VectorSchemaRoot.create(
                new org.apache.arrow.vector.types.pojo.Schema(
                    List.of(
                        org.apache.arrow.vector.types.pojo.Field.notNullable(
                            "id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                        org.apache.arrow.vector.types.pojo.Field.nullable(
                            "name", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE))),
                allocator)) {
          BigIntVector id = (BigIntVector) root.getVector(0);
          VarCharVector name = (VarCharVector) root.getVector(1);
          id.allocateNew(1000);
          name.allocateNew(1000);
          for (int i = 0; i < 1000; i++) {
            long v = commit * 1000L + i;
            id.set(i, v);
            if (v % 9 != 2) {
              name.setSafe(i, ("p" + v).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
          }
          root.setRowCount(1000);
          var context = Transaction.getWriteContext(engine, state, Map.of());
          CloseableIterator<DataFileStatus> files =
              engine
                  .getParquetHandler()
                  .writeParquetFiles(
                      context.getTargetDirectory(),
                      Transaction.transformLogicalData(
                          engine,
                          state,
                          Utils.singletonCloseableIterator(
                              new FilteredColumnarBatch(
                                  ParrowEngine.columnarBatch(root, schema), Optional.empty())),
                          Map.of()),
                      context.getStatisticsColumns());
          txn.commit(
              engine,
              CloseableIterable.inMemoryIterable(
                  Transaction.generateAppendActions(engine, state, files, context)));
        }
      }
    }
    List<String> spark1 = sparkRows(path);
    assertEquals(2000, spark1.size());
    assertEquals(spark1, parrowRows(path));
    spark
        .range(2000, 2500)
        .selectExpr("id", "concat('s', id) AS name")
        .write()
        .format("delta")
        .mode("append")
        .save(path);
    List<String> spark2 = sparkRows(path);
    assertEquals(2500, spark2.size());
    assertEquals(spark2, parrowRows(path));
  }
}
