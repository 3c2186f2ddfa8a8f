package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.iceberg.ArrowRows;
import dev.parrow.iceberg.IcebergArrowReader;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Iceberg tables written by Spark (Iceberg's Spark runtime, local mode): after inserts, deletes and
 * updates (merge-on-read: position delete files), schema changes and a compaction, Parrow's Iceberg
 * reader ({@link IcebergArrowReader}) reads each table as Spark reads it, row for row, with and
 * without a filter. Java 17 and 21 only (Hadoop).
 */
class IcebergSparkIT {
  @TempDir static Path dir;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    // Iceberg's Spark catalog and writers go through Hadoop, whose UserGroupInformation calls
    // Subject.getSubject, which throws from Java 24 on (as Spark's own Parquet reader does:
    // ParrowSparkIT.BUILT_IN_READER). The tables cannot be written there; Parrow's Iceberg reader
    // needs no Hadoop and its other tests (module iceberg) run on every JDK.
    org.junit.jupiter.api.Assumptions.assumeTrue(
        ParrowSparkIT.BUILT_IN_READER,
        "Spark's Iceberg writers need Hadoop, which needs Java < 24");
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("parrow-iceberg")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config(
                "spark.sql.extensions",
                "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
            .config("spark.sql.catalog.local", "org.apache.iceberg.spark.SparkCatalog")
            .config("spark.sql.catalog.local.type", "hadoop")
            .config("spark.sql.catalog.local.warehouse", dir.resolve("warehouse").toString())
            .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  /** Spark's rows of the table, as text, sorted. */
  private static List<String> sparkRows(String table, String where) {
    return ParrowSparkIT.sorted(
        spark.sql("SELECT * FROM " + table + (where == null ? "" : " WHERE " + where)));
  }

  /** Parrow's rows of the table, through its Iceberg reader, as text, sorted. */
  private static List<String> parrowRows(String name, Expression filter) throws Exception {
    Table table = Spark3Util.loadIcebergTable(spark, name);
    table.refresh();
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(allocator, table.newScan().filter(filter))) {
      return ArrowRows.rowsOf(reader);
    }
  }

  @Test
  void tablesSparkWroteReadAsSparkReadsThem() throws Exception {
    String t = "local.db.events";
    spark.sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, name STRING, count INT, price DECIMAL(10, 2), day DATE,"
            + " tags ARRAY<STRING>, point STRUCT<x: DOUBLE, y: FLOAT>, attrs MAP<STRING, INT>,"
            + " region STRING) USING iceberg PARTITIONED BY (region) TBLPROPERTIES"
            + " ('format-version' = '2', 'write.delete.mode' = 'merge-on-read',"
            + " 'write.update.mode' = 'merge-on-read')");
    String rows =
        "SELECT id, IF(id % 9 = 4, NULL, concat('n', id % 13)) AS name, CAST(id AS INT) AS count,"
            + " CAST(id * 7 + 1 AS DECIMAL(10, 2)) / 100 AS price,"
            + " date_add(DATE '2024-01-01', CAST(id % 40 AS INT)) AS day,"
            + " IF(id % 5 = 0, array(), array(concat('t', id % 3), concat('u', id))) AS tags,"
            + " named_struct('x', id * 0.5D, 'y', IF(id % 4 = 0, NULL, CAST(id AS FLOAT))) AS point,"
            + " IF(id % 7 = 0, map(), map('a', CAST(id AS INT), 'b', CAST(id % 3 AS INT))) AS attrs,"
            + " IF(id % 2 = 0, 'EU', 'US') AS region FROM range(FIRST, END) r(id)";
    spark.sql("INSERT INTO " + t + " " + rows.replace("FIRST", "0").replace("END", "3000"));
    spark.sql("INSERT INTO " + t + " " + rows.replace("FIRST", "3000").replace("END", "4000"));
    spark.sql("DELETE FROM " + t + " WHERE id % 10 = 3");
    spark.sql("UPDATE " + t + " SET name = 'changed', count = -1 WHERE id < 100");
    assertEquals(sparkRows(t, null), parrowRows(t, Expressions.alwaysTrue()));

    spark.sql("ALTER TABLE " + t + " RENAME COLUMN name TO title");
    spark.sql("ALTER TABLE " + t + " ALTER COLUMN count TYPE BIGINT");
    spark.sql("ALTER TABLE " + t + " ADD COLUMN extra STRING");
    spark.sql(
        "INSERT INTO "
            + t
            + " SELECT id, 'late', id, NULL, NULL, array(), NULL, map(), 'EU', concat('e', id)"
            + " FROM range(4000, 4500) r(id)");
    spark.sql("DELETE FROM " + t + " WHERE id BETWEEN 4100 AND 4110");
    List<String> want = sparkRows(t, null);
    assertTrue(want.size() > 3000, "rows: " + want.size());
    assertEquals(want, parrowRows(t, Expressions.alwaysTrue()));
    assertEquals(
        sparkRows(t, "id > 2500 AND title IS NOT NULL AND title <> 'n3'"),
        parrowRows(
            t,
            Expressions.and(
                Expressions.greaterThan("id", 2500),
                Expressions.and(
                    Expressions.notNull("title"), Expressions.notEqual("title", "n3")))));

    // Compaction: the data files rewritten with the deletes applied, read the same.
    spark.sql(
        "CALL local.system.rewrite_data_files(table => 'db.events', options =>"
            + " map('rewrite-all', 'true'))");
    assertEquals(want, parrowRows(t, Expressions.alwaysTrue()));
  }

  /**
   * What Parrow writes and commits reads in Spark: a Spark-written table's batches, read by Parrow,
   * appended by {@link dev.parrow.iceberg.IcebergArrowAppender} to a second table in one commit
   * (two files, with Iceberg's metrics), which Spark reads equal to the first; Spark then deletes
   * from it (a position delete file on Parrow's files) and Parrow reads what Spark reads.
   */
  @Test
  void tablesParrowAppendsToReadInSpark() throws Exception {
    String columns =
        " (id BIGINT, name STRING, price DECIMAL(10, 2), tags ARRAY<STRING>,"
            + " point STRUCT<x: DOUBLE, y: FLOAT>, attrs MAP<STRING, INT>) USING iceberg"
            + " TBLPROPERTIES ('format-version' = '2', 'write.delete.mode' = 'merge-on-read')";
    spark.sql("CREATE TABLE local.db.source" + columns);
    spark.sql("CREATE TABLE local.db.copy" + columns);
    spark.sql(
        "INSERT INTO local.db.source SELECT id, IF(id % 9 = 4, NULL, concat('n', id % 13)),"
            + " CAST(id * 7 + 1 AS DECIMAL(10, 2)) / 100,"
            + " IF(id % 5 = 0, array(), array(concat('t', id % 3), concat('u', id))),"
            + " named_struct('x', id * 0.5D, 'y', IF(id % 4 = 0, NULL, CAST(id AS FLOAT))),"
            + " IF(id % 7 = 0, map(), map('a', CAST(id AS INT))) FROM range(0, 5000) r(id)");
    Table source = Spark3Util.loadIcebergTable(spark, "local.db.source");
    Table copy = Spark3Util.loadIcebergTable(spark, "local.db.copy");
    org.apache.iceberg.AppendFiles append = copy.newAppend();
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator,
                source.newScan(),
                dev.parrow.arrow.ReadOptions.builder().batchSize(2500).build())) {
      int file = 0;
      while (reader.loadNextBatch()) {
        String path = copy.locationProvider().newDataLocation("parrow-" + file++ + ".parquet");
        dev.parrow.iceberg.IcebergArrowAppender appender =
            dev.parrow.iceberg.IcebergArrowAppender.create(
                copy.io().newOutputFile(path),
                copy.schema(),
                org.apache.iceberg.MetricsConfig.forTable(copy),
                dev.parrow.arrow.WriteOptions.defaults(),
                copy.io());
        try (appender) {
          appender.add(reader.getVectorSchemaRoot());
        }
        append.appendFile(
            org.apache.iceberg.DataFiles.builder(copy.spec())
                .withPath(path)
                .withFormat(org.apache.iceberg.FileFormat.PARQUET)
                .withFileSizeInBytes(appender.length())
                .withMetrics(appender.metrics())
                .withSplitOffsets(appender.splitOffsets())
                .build());
      }
      assertTrue(file >= 2, file + " files");
    }
    append.commit();
    List<String> want = sparkRows("local.db.source", null);
    assertEquals(5000, want.size());
    assertEquals(want, sparkRows("local.db.copy", null), "Spark reads Parrow's files");
    assertEquals(
        sparkRows("local.db.source", "id > 4000 AND name = 'n3'"),
        sparkRows("local.db.copy", "id > 4000 AND name = 'n3'"),
        "Spark filters by Parrow's metrics and reads the same rows");
    spark.sql("DELETE FROM local.db.copy WHERE id % 10 = 3");
    List<String> after = sparkRows("local.db.copy", null);
    assertEquals(4500, after.size());
    assertEquals(after, parrowRows("local.db.copy", Expressions.alwaysTrue()));
  }
}
