package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector in Spark local mode ({@code local[2]}): round trips that Spark's own Parquet reader
 * and DuckDB read back equal, splits that read each row once, pushed filters that give the built-in
 * reader's rows and prune (seen in the scan's metrics), and a failed write that leaves nothing.
 */
class ParrowSparkIT {
  @TempDir static Path dir;
  static SparkSession spark;

  /**
   * Whether Spark's own Parquet source works on this JVM: it goes through Hadoop's FileSystem,
   * whose UserGroupInformation calls Subject.getSubject, which throws from Java 24 on (Spark 4.1
   * supports Java 17 and 21). format("parrow") needs no Hadoop and runs everywhere; on Java 24+ the
   * tests compare with Spark evaluating its own plan instead of with its Parquet reader.
   */
  static final boolean BUILT_IN_READER = Runtime.version().feature() < 24;

  @BeforeAll
  static void start() {
    spark = session();
    spark.sparkContext().setLogLevel("ERROR");
  }

  /** A local[2] session, UTC, without the UI or adaptive execution (plans stay as planned). */
  static SparkSession session() {
    SparkSession s =
        SparkSession.builder()
            .master("local[2]")
            .appName("parrow-spark-it")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.adaptive.enabled", "false")
            .getOrCreate();
    s.sparkContext().setLogLevel("ERROR");
    return s;
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Dataset<Row> sample(long rows) {
    return spark
        .range(0, rows)
        .selectExpr(
            "id",
            "CAST(id % 5 AS INT) AS k",
            "CASE WHEN id % 11 = 0 THEN NULL ELSE concat('s', id, '✓') END AS s",
            "CAST(id AS DECIMAL(12, 2)) / 4 AS d",
            "timestamp_micros(id * 1000003) AS ts",
            "CASE WHEN id % 7 = 0 THEN NULL ELSE id * 1.5 END AS f",
            "array(id, id + 1) AS arr",
            "named_struct('a', id, 'b', concat('x', id)) AS st",
            "date_add(DATE '2024-01-01', CAST(id % 30 AS INT)) AS day");
  }

  /** Rows of both frames, each as a sorted list of strings, compared. */
  static void assertSameRows(Dataset<Row> want, Dataset<Row> got) {
    assertEquals(sorted(want), sorted(got));
  }

  static List<String> sorted(Dataset<Row> df) {
    List<String> out = new ArrayList<>();
    for (Row r : df.collectAsList()) {
      out.add(text(r));
    }
    out.sort(null);
    return out;
  }

  /** A value as text, byte arrays as hex and maps in key order, so that equal values read equal. */
  static String text(Object v) {
    if (v instanceof byte[] b) {
      return java.util.HexFormat.of().formatHex(b);
    }
    if (v instanceof Row r) {
      StringBuilder s = new StringBuilder("[");
      for (int i = 0; i < r.length(); i++) {
        s.append(i == 0 ? "" : ",").append(text(r.get(i)));
      }
      return s.append(']').toString();
    }
    if (v instanceof scala.collection.Map<?, ?> m) {
      List<String> entries = new ArrayList<>();
      m.foreach(e -> entries.add(text(e._1()) + "->" + text(e._2())));
      entries.sort(null);
      return entries.toString();
    }
    if (v instanceof scala.collection.Iterable<?> seq) {
      List<String> items = new ArrayList<>();
      seq.foreach(x -> items.add(text(x)));
      return items.toString();
    }
    return String.valueOf(v);
  }

  @Test
  void arrowOnTheClassPathIsParrowsAndSparkReadsIt() {
    String version =
        org.apache.arrow.vector.VectorSchemaRoot.class.getPackage().getImplementationVersion();
    assertEquals(
        "19.0.0", version, "Spark 4.1 is built on Arrow 18.3; Parrow's 19.0 is the one loaded");
    // Spark's ArrowColumnVector over Arrow 19 vectors: every test here reads through it.
    Dataset<Row> df =
        spark.read().format("parrow").load(write("version", sample(10), List.of()).toString());
    assertEquals(10, df.count());
  }

  static Path write(String name, Dataset<Row> df, List<String> partitionBy) {
    Path out = dir.resolve(name);
    df.write()
        .format("parrow")
        .mode("overwrite")
        .partitionBy(partitionBy.toArray(new String[0]))
        .save(out.toString());
    return out;
  }

  @Test
  void roundTripReadsBackEqualInSparkParrowAndDuckDb() throws Exception {
    Dataset<Row> source = sample(20_000).repartition(3);
    Path out = write("round-trip", source, List.of("k"));
    Dataset<Row> columns = sample(20_000);
    String order = "id, k, s, d, ts, f, arr, st, day";
    if (BUILT_IN_READER) {
      assertSameRows(
          columns.selectExpr(order.split(", ")),
          spark.read().parquet(out.toString()).selectExpr(order.split(", ")));
    }
    assertSameRows(
        columns.selectExpr(order.split(", ")),
        spark.read().format("parrow").load(out.toString()).selectExpr(order.split(", ")));
    try (Stream<Path> files = Files.walk(out)) {
      List<Path> all = files.filter(Files::isRegularFile).toList();
      assertTrue(all.stream().allMatch(p -> p.toString().endsWith(".parquet")), all.toString());
      assertTrue(all.stream().anyMatch(p -> p.toString().contains("k=3")), all.toString());
    }
    Row sparkAgg =
        columns
            .selectExpr(
                "count(*)",
                "sum(id)",
                "CAST(sum(d) AS STRING)",
                "count(s)",
                "CAST(sum(f) AS STRING)")
            .first();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT count(*), sum(id), CAST(sum(d) AS VARCHAR), count(s), CAST(sum(f) AS VARCHAR) FROM read_parquet('"
                    + out
                    + "/**/*.parquet', hive_partitioning = true)")) {
      assertTrue(rs.next());
      assertEquals(sparkAgg.getLong(0), rs.getLong(1));
      assertEquals(sparkAgg.getLong(1), rs.getLong(2));
      assertEquals(
          new java.math.BigDecimal(sparkAgg.getString(2)).stripTrailingZeros(),
          new java.math.BigDecimal(rs.getString(3)).stripTrailingZeros());
      assertEquals(sparkAgg.getLong(3), rs.getLong(4));
      assertEquals(
          new java.math.BigDecimal(sparkAgg.getString(4)).stripTrailingZeros(),
          new java.math.BigDecimal(rs.getString(5)).stripTrailingZeros());
    }
    // Nested pruning: only the struct field the query needs is read.
    Dataset<Row> nested =
        spark.read().format("parrow").load(out.toString()).selectExpr("st.b", "id");
    BatchScanExec nestedScan =
        (BatchScanExec) nested.queryExecution().executedPlan().collectLeaves().head();
    assertEquals(
        "struct<id:bigint,st:struct<b:string>>", nestedScan.scan().readSchema().simpleString());
    assertSameRows(columns.selectExpr("st.b", "id"), nested);
    // An append adds the rows again; an overwrite replaces them.
    sample(100).write().format("parrow").mode("append").partitionBy("k").save(out.toString());
    assertEquals(20_100, spark.read().format("parrow").load(out.toString()).count());
  }

  /**
   * A VariantType column written with format("parrow") is a VARIANT column: Parrow's reader,
   * Spark's own reader and DuckDB read back the JSON Spark wrote.
   */
  @Test
  void variantsRoundTripAsVariant() throws Exception {
    Dataset<Row> source =
        spark
            .range(0, 500)
            .selectExpr(
                "id",
                "CASE WHEN id % 7 = 0 THEN NULL ELSE parse_json(concat('{\"a\":', id,"
                    + " ',\"b\":[1,\"x', id, '\"],\"c\":{\"d\":', id * 3, '}}')) END AS v");
    Path out = write("variants", source.repartition(2), List.of());
    Dataset<Row> want = source.selectExpr("id", "to_json(v) AS j");
    assertSameRows(
        want, spark.read().format("parrow").load(out.toString()).selectExpr("id", "to_json(v)"));
    if (BUILT_IN_READER) {
      assertSameRows(
          want, spark.read().parquet(out.toString()).selectExpr("id", "to_json(v) AS j"));
    }
    try (Stream<Path> files = Files.walk(out)) {
      Path file = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
      try (dev.parrow.arrow.ParquetFile pf = dev.parrow.arrow.ParquetFile.open(file)) {
        var group =
            pf.footer().schema().root().children().stream()
                .filter(n -> n.name().equals("v"))
                .findFirst()
                .orElseThrow();
        assertTrue(
            group.element().logicalType()
                instanceof dev.parrow.codec.metadata.LogicalType.VariantType,
            String.valueOf(group.element().logicalType()));
      }
    }
    List<String> duck = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT id, json_extract(v::JSON, '$.c.d')::VARCHAR FROM read_parquet('"
                    + out
                    + "/*.parquet') WHERE id % 7 <> 0")) {
      while (rs.next()) {
        duck.add(
            rs.getLong(1) + ":" + new java.math.BigDecimal(rs.getString(2)).stripTrailingZeros());
      }
    }
    List<String> sparkD = new ArrayList<>();
    for (Row r :
        source.where("id % 7 <> 0").selectExpr("id", "CAST(v:c.d AS STRING)").collectAsList()) {
      sparkD.add(
          r.getLong(0) + ":" + new java.math.BigDecimal(r.getString(1)).stripTrailingZeros());
    }
    duck.sort(null);
    sparkD.sort(null);
    assertEquals(sparkD, duck);
  }

  @Test
  void splitsReadEveryRowOnce() throws Exception {
    Path file = dir.resolve("many-groups.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT i AS id, md5(CAST(i AS VARCHAR)) AS h FROM range(300000) t(i)) TO '"
              + file
              + "' (FORMAT parquet, ROW_GROUP_SIZE 20000)");
    }
    Dataset<Row> df =
        spark.read().format("parrow").option("maxPartitionBytes", "1000000").load(file.toString());
    int partitions = df.rdd().getNumPartitions();
    assertTrue(partitions > 3, partitions + " partitions");
    assertEquals(300_000, df.count());
    assertEquals(300_000, df.select("id").distinct().count());
    Row sums = df.selectExpr("sum(id)", "count(h)").first();
    assertEquals(299_999L * 300_000 / 2, sums.getLong(0));
    assertEquals(300_000, sums.getLong(1));
  }

  /**
   * Strings whose values all lie in dictionary pages reach Spark as dictionary indices (two files
   * with different dictionaries, several row groups each, nulls among them): grouped, filtered and
   * hashed as DuckDB computes the same query on the same files.
   */
  @Test
  void dictionaryStringsGroupAsDuckDbGroupsThem() throws Exception {
    Path d = dir.resolve("dictionaries");
    Files.createDirectories(d);
    List<String> want = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT i, ['AIR', 'RAIL', NULL, 'SHIP'][i % 4 + 1] AS mode,"
              + " 'first-' || (i % 7) AS tag FROM range(0, 50000) t(i)) TO '"
              + d.resolve("a.parquet")
              + "' (FORMAT parquet, ROW_GROUP_SIZE 10000)");
      s.execute(
          "COPY (SELECT i, ['TRUCK', 'AIR'][i % 2 + 1] AS mode, 'second-' || (i % 3) AS tag"
              + " FROM range(50000, 80000) t(i)) TO '"
              + d.resolve("b.parquet")
              + "' (FORMAT parquet, ROW_GROUP_SIZE 10000)");
      try (ResultSet r =
          s.executeQuery(
              "SELECT mode, tag, count(*), sum(i), sum(length(tag)) FILTER (WHERE mode <> 'RAIL')"
                  + " FROM read_parquet('"
                  + d
                  + "/*.parquet') GROUP BY ALL")) {
        while (r.next()) {
          want.add(
              "["
                  + r.getString(1)
                  + ","
                  + r.getString(2)
                  + ","
                  + r.getLong(3)
                  + ","
                  + r.getLong(4)
                  + ","
                  + r.getString(5)
                  + "]");
        }
      }
    }
    want.sort(null);
    // The footers say every chunk of both string columns is dictionary pages only: the path the
    // connector takes for them.
    for (var column : dev.parrow.arrow.ParquetDataset.open(d.toString()).describe()) {
      assertEquals(
          !column.field().getName().equals("i"),
          column.dictionaryPagesOnly(),
          column.field().getName());
    }
    Dataset<Row> got =
        spark
            .read()
            .format("parrow")
            .load(d.toString())
            .groupBy("mode", "tag")
            .agg(
                org.apache.spark.sql.functions.count("*"),
                org.apache.spark.sql.functions.sum("i"),
                org.apache.spark.sql.functions.expr(
                    "sum(length(tag)) FILTER (WHERE mode <> 'RAIL')"));
    assertEquals(want, sorted(got));
  }

  @Test
  void pushedFiltersMatchTheBuiltInReaderAndPrune() throws Exception {
    Path file = dir.resolve("sorted.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT i AS id, i % 13 AS q, i % 11 AS r, ['AIR','RAIL','SHIP'][i % 3 + 1] AS mode,"
              + " CASE WHEN i % 17 = 0 THEN NULL ELSE i / 7.0 END AS x,"
              + " DATE '2020-01-01' + CAST(i // 1000 AS INTEGER) AS day,"
              + " CASE WHEN i < 100000 THEN 'a' ELSE 'b' END || (i % 5) AS tag"
              + " FROM range(200000) t(i)) TO '"
              + file
              + "' (FORMAT parquet, ROW_GROUP_SIZE 10000)");
    }
    List<String> wheres =
        List.of(
            "id BETWEEN 5000 AND 5100",
            "mode = 'AIR' AND q < 3",
            "x IS NULL OR id > 199990",
            "NOT (mode IN ('RAIL', 'SHIP')) AND day >= DATE '2020-06-01'",
            "x > 1000.5 AND mode <> 'SHIP'",
            "upper(mode) = 'RAIL' AND id < 100",
            // STARTS_WITH, CONTAINS and ENDS_WITH pushed down as LIKE patterns.
            "tag LIKE 'b%' AND q = 3",
            "mode LIKE '%AI%' AND id < 3000",
            "endswith(tag, '4') AND id > 190000",
            "NOT startswith(mode, 'S') AND tag LIKE 'a_' AND id < 500",
            // Two columns compared: pushed down where Spark has given them one type.
            "q < r AND id < 5000",
            "NOT (q = r) OR x IS NULL",
            "x > q AND id < 2000",
            // Null-safe equality, with a value and of two columns.
            "x <=> 100.0 OR q <=> 3 AND id < 100",
            "NOT (q <=> r) AND id < 3000");
    // Spark's own evaluation of each condition, on the rows read whole (a checkpoint cuts the
    // plan, so nothing is pushed down), and its built-in Parquet reader where it runs.
    Dataset<Row> whole = spark.read().format("parrow").load(file.toString()).localCheckpoint();
    for (String where : wheres) {
      Dataset<Row> parrow = spark.read().format("parrow").load(file.toString()).where(where);
      assertSameRows(whole.where(where), parrow);
      if (BUILT_IN_READER) {
        assertSameRows(spark.read().parquet(file.toString()).where(where), parrow);
      }
    }
    // Column comparisons and null-safe equality are pushed down (the scan holds them).
    String pair = scanDescription(file, "q < r");
    assertTrue(pair.contains("\"q\" < \"r\""), pair);
    String nullSafe = scanDescription(file, "q <=> 3");
    assertTrue(nullSafe.contains("\"q\" = 3 AND NOT (\"q\" IS NULL)"), nullSafe);
    // One partition per row group: the statistics in the footers leave 19 of the 20 without a
    // task, and the one task reads its one row group.
    Dataset<Row> narrow =
        spark
            .read()
            .format("parrow")
            .option("maxPartitionBytes", "1")
            .load(file.toString())
            .where("id BETWEEN 5000 AND 5100");
    assertEquals(101, narrow.collectAsList().size());
    BatchScanExec scan =
        (BatchScanExec) narrow.queryExecution().executedPlan().collectLeaves().head();
    assertEquals(1, scan.inputPartitions().size());
    assertEquals(1, scan.metrics().apply("parrowRowGroups").value());
    assertEquals(1, scan.metrics().apply("parrowRowGroupsRead").value());
    // A value between a row group's bounds but in no row of it: the statistics keep the ten row
    // groups of tags a0..a4 (and rule out b0..b4 before any task), and each task rules its row
    // group out by the chunk's dictionary, reading no page; the metrics count them.
    Dataset<Row> absent =
        spark
            .read()
            .format("parrow")
            .option("maxPartitionBytes", "1")
            .load(file.toString())
            .where("tag = 'a2x'");
    assertEquals(0, absent.collectAsList().size());
    BatchScanExec absentScan =
        (BatchScanExec) absent.queryExecution().executedPlan().collectLeaves().head();
    assertEquals(10, absentScan.inputPartitions().size());
    assertEquals(10, absentScan.metrics().apply("parrowRowGroups").value());
    assertEquals(0, absentScan.metrics().apply("parrowRowGroupsRead").value());
    Dataset<Row> all =
        spark.read().format("parrow").option("maxPartitionBytes", "1").load(file.toString());
    BatchScanExec wholeScan =
        (BatchScanExec) all.queryExecution().executedPlan().collectLeaves().head();
    assertEquals(20, wholeScan.inputPartitions().size());
  }

  /** The description of the Parrow scan of {@code file} under {@code where}: its pushed filter. */
  private static String scanDescription(Path file, String where) {
    BatchScanExec scan =
        (BatchScanExec)
            spark
                .read()
                .format("parrow")
                .load(file.toString())
                .where(where)
                .queryExecution()
                .executedPlan()
                .collectLeaves()
                .head();
    return scan.scan().description();
  }

  /**
   * Follows the jobs of one job group through Spark's listener bus: whether they have ended, and
   * how many of their tasks started and ended. Scoped to the group, so that no other job's late
   * events count.
   */
  static final class JobGroupTasks extends SparkListener {
    private final String group;
    private final java.util.Set<Integer> stages =
        java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.Set<Integer> jobs = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger started =
        new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger ended =
        new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger jobsEnded =
        new java.util.concurrent.atomic.AtomicInteger();

    JobGroupTasks(String group) {
      this.group = group;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      if (group.equals(start.properties().getProperty("spark.jobGroup.id"))) {
        jobs.add(start.jobId());
        start.stageIds().foreach(id -> stages.add((Integer) id));
      }
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd end) {
      if (jobs.contains(end.jobId())) {
        jobsEnded.incrementAndGet();
      }
    }

    @Override
    public void onTaskStart(SparkListenerTaskStart start) {
      if (stages.contains(start.stageId())) {
        started.incrementAndGet();
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      if (stages.contains(end.stageId())) {
        ended.incrementAndGet();
      }
    }

    /** Whether every job of the group has ended and every task it started has ended too. */
    boolean settled() {
      return !jobs.isEmpty() && jobsEnded.get() == jobs.size() && started.get() == ended.get();
    }

    @Override
    public String toString() {
      return jobs.size()
          + " jobs, "
          + jobsEnded.get()
          + " ended; "
          + started.get()
          + " tasks started, "
          + ended.get()
          + " ended";
    }
  }

  @Test
  void aFailedWriteLeavesNothing() {
    Path out = dir.resolve("failed");
    spark
        .udf()
        .register(
            "boom",
            (UDF1<Long, Long>)
                id -> {
                  if (id == 12_345) {
                    throw new IllegalStateException("injected failure");
                  }
                  return id;
                },
            DataTypes.LongType);
    Dataset<Row> df =
        spark
            .range(0, 20_000)
            .repartition(4)
            .selectExpr("boom(id) AS id", "CAST(id % 3 AS INT) AS k");
    JobGroupTasks tasks = new JobGroupTasks("failed-write");
    spark.sparkContext().addSparkListener(tasks);
    spark.sparkContext().setJobGroup("failed-write", "a write with an injected failure", false);
    try {
      assertThrows(
          Exception.class,
          () ->
              df.write().format("parrow").mode("overwrite").partitionBy("k").save(out.toString()));
      // The job fails at its first failed task; the others run on (Spark does not interrupt them)
      // until they see they were killed or their commit is denied, and drop what they wrote: wait
      // until every task of the write has ended.
      for (int i = 0; i < 1200 && !tasks.settled(); i++) {
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      assertTrue(tasks.settled(), "the failed write has not settled after 60 s: " + tasks);
    } finally {
      spark.sparkContext().clearJobGroup();
      spark.sparkContext().removeSparkListener(tasks);
    }
    if (Files.exists(out)) {
      try (Stream<Path> files = Files.walk(out)) {
        List<Path> left = files.filter(Files::isRegularFile).toList();
        assertEquals(List.of(), left);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /**
   * The race a failed job leaves: a task authorised to commit finishes after the driver aborted the
   * job and removed the staging directory. Played in order on the connector's own objects: the late
   * commit fails and removes its files, and nothing is left.
   */
  @Test
  void aTaskCommittingAfterTheJobAbortedLeavesNothing() throws Exception {
    Path out = dir.resolve("late");
    org.apache.spark.sql.types.StructType schema =
        new org.apache.spark.sql.types.StructType().add("id", DataTypes.LongType, false);
    org.apache.spark.sql.connector.write.LogicalWriteInfo info =
        new org.apache.spark.sql.connector.write.LogicalWriteInfo() {
          @Override
          public org.apache.spark.sql.util.CaseInsensitiveStringMap options() {
            return org.apache.spark.sql.util.CaseInsensitiveStringMap.empty();
          }

          @Override
          public String queryId() {
            return "late-query";
          }

          @Override
          public org.apache.spark.sql.types.StructType schema() {
            return schema;
          }
        };
    ParrowBatchWrite job = new ParrowBatchWrite(out.toString(), info, List.of(), false);
    var factory = job.createBatchWriterFactory(() -> 2);
    var early = factory.createWriter(0, 1);
    var late = factory.createWriter(1, 2);
    for (long id = 0; id < 1000; id++) {
      early.write(
          new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(new Object[] {id}));
      late.write(
          new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(new Object[] {id}));
    }
    // The early task commits before the job fails: its files are complete when the abort removes
    // the staging directory.
    early.commit();
    early.close();
    job.abort(new org.apache.spark.sql.connector.write.WriterCommitMessage[0]);
    // The late one finishes afterwards.
    java.io.IOException e = assertThrows(java.io.IOException.class, late::commit);
    assertTrue(e.getMessage().contains("ended before this task committed"), e.getMessage());
    late.close();
    if (Files.exists(out)) {
      try (Stream<Path> files = Files.walk(out)) {
        assertEquals(List.of(), files.filter(Files::isRegularFile).toList());
      }
    }
  }

  /**
   * {@code _metadata} as Spark's Parquet source gives it: each row's position in its file (against
   * DuckDB's file_row_number, and Spark's own reader where it runs), file name and size, in
   * partitions that split files by row group, with a pushed filter and without any data column.
   */
  @Test
  void metadataColumnGivesEachRowsFileAndPosition() throws Exception {
    Path out = dir.resolve("metadata");
    Files.createDirectories(out);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      for (int f = 0; f < 3; f++) {
        s.execute(
            "COPY (SELECT CAST(i * 3 + "
                + f
                + " AS BIGINT) AS id, 'v' || i AS v FROM range(10000) t(i)) TO '"
                + out.resolve("part-" + f + ".parquet")
                + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
      }
    }
    List<String> want = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT id, file_row_number, filename FROM read_parquet('"
                    + out
                    + "/*.parquet', file_row_number = true, filename = true) WHERE id % 7 = 2")) {
      while (rs.next()) {
        Path file = Path.of(rs.getString(3));
        want.add(
            rs.getLong(1)
                + " "
                + rs.getLong(2)
                + " "
                + file.getFileName()
                + " "
                + Files.size(file));
      }
    }
    want.sort(null);
    Dataset<Row> parrow =
        spark
            .read()
            .format("parrow")
            .option("maxPartitionBytes", "8192")
            .load(out.toString())
            .where("id % 7 = 2")
            .selectExpr(
                "concat_ws(' ', id, _metadata.row_index, _metadata.file_name, _metadata.file_size)");
    List<String> got = new ArrayList<>();
    for (Row r : parrow.collectAsList()) {
      got.add(r.getString(0));
    }
    got.sort(null);
    assertEquals(want, got);
    // Without a data column, and with the path and modification time.
    Row counted =
        spark
            .read()
            .format("parrow")
            .option("maxPartitionBytes", "8192")
            .load(out.toString())
            .selectExpr(
                "count(*)",
                "sum(_metadata.row_index)",
                "count(DISTINCT _metadata.file_path)",
                "min(_metadata.file_modification_time) > TIMESTAMP '2020-01-01'")
            .first();
    assertEquals(30_000L, counted.getLong(0));
    assertEquals(3L * 9_999 * 10_000 / 2, counted.getLong(1));
    assertEquals(3L, counted.getLong(2));
    assertTrue(counted.getBoolean(3));
    if (BUILT_IN_READER) {
      assertSameRows(
          spark
              .read()
              .parquet(out.toString())
              .where("id % 7 = 2")
              .selectExpr(
                  "id", "_metadata.row_index", "_metadata.file_path", "_metadata.file_size"),
          spark
              .read()
              .format("parrow")
              .load(out.toString())
              .where("id % 7 = 2")
              .selectExpr(
                  "id", "_metadata.row_index", "_metadata.file_path", "_metadata.file_size"));
    }
  }

  /**
   * Field ids between Spark and Parrow: the ids Spark writes ({@code parquet.field.id} in a field's
   * metadata) are the {@code PARQUET:field_id} Parrow reads, at depth, as DuckDB sees them; and
   * Spark, matching columns by id, finds them in a file Parrow wrote under other names.
   */
  @Test
  void fieldIdsPassBetweenSparkAndParrow() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        BUILT_IN_READER, "Spark's own Parquet source needs Java 17 or 21");
    org.apache.spark.sql.types.StructType schema =
        new org.apache.spark.sql.types.StructType()
            .add("id", DataTypes.LongType, false, withId(1))
            .add(
                "s",
                new org.apache.spark.sql.types.StructType()
                    .add("a", DataTypes.IntegerType, true, withId(3))
                    .add("b", DataTypes.StringType, true, withId(4)),
                true,
                withId(2));
    Path sparkOut = dir.resolve("spark-ids");
    spark
        .createDataFrame(
            List.of(
                org.apache.spark.sql.RowFactory.create(
                    1L, org.apache.spark.sql.RowFactory.create(10, "x"))),
            schema)
        .coalesce(1)
        .write()
        .parquet(sparkOut.toString());
    Path part;
    try (Stream<Path> files = Files.list(sparkOut)) {
      part = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    org.apache.arrow.vector.types.pojo.Schema read;
    try (dev.parrow.arrow.ParquetFile file = dev.parrow.arrow.ParquetFile.open(part)) {
      read = file.arrowSchema();
    }
    org.apache.arrow.vector.types.pojo.Field s = read.findField("s");
    assertEquals(
        List.of(1, 2, 3, 4),
        List.of(
            dev.parrow.types.FieldIds.of(read.findField("id")),
            dev.parrow.types.FieldIds.of(s),
            dev.parrow.types.FieldIds.of(s.getChildren().get(0)),
            dev.parrow.types.FieldIds.of(s.getChildren().get(1))));
    List<Integer> duck = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT field_id FROM parquet_schema('" + part + "') WHERE field_id IS NOT NULL")) {
      while (rs.next()) {
        duck.add(rs.getInt(1));
      }
    }
    assertEquals(List.of(1, 2, 3, 4), duck);

    // Parrow writes ids under old names; Spark reads them by id under new ones.
    org.apache.arrow.vector.types.pojo.Schema old =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "old_name",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true),
                        null,
                        java.util.Map.of(dev.parrow.types.FieldIds.KEY, "7")),
                    null)));
    Path parrowOut = dir.resolve("parrow-ids.parquet");
    try (org.apache.arrow.memory.BufferAllocator allocator =
            new org.apache.arrow.memory.RootAllocator();
        org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(old, allocator);
        dev.parrow.arrow.ParquetArrowWriter writer =
            dev.parrow.arrow.ParquetArrowWriter.create(
                parrowOut, old, dev.parrow.arrow.WriteOptions.defaults())) {
      org.apache.arrow.vector.BigIntVector v =
          (org.apache.arrow.vector.BigIntVector) root.getVector(0);
      v.allocateNew(3);
      for (int i = 0; i < 3; i++) {
        v.set(i, 40L + i);
      }
      root.setRowCount(3);
      writer.write(root);
    }
    spark.conf().set("spark.sql.parquet.fieldId.read.enabled", "true");
    try {
      List<Row> rows =
          spark
              .read()
              .schema(
                  new org.apache.spark.sql.types.StructType()
                      .add("new_name", DataTypes.LongType, true, withId(7)))
              .parquet(parrowOut.toString())
              .collectAsList();
      assertEquals(List.of(40L, 41L, 42L), rows.stream().map(r -> r.getLong(0)).toList());
    } finally {
      spark.conf().unset("spark.sql.parquet.fieldId.read.enabled");
    }
  }

  /** Spark's field metadata for a Parquet field id. */
  private static org.apache.spark.sql.types.Metadata withId(int id) {
    return new org.apache.spark.sql.types.MetadataBuilder().putLong("parquet.field.id", id).build();
  }

  /** The test KMS's master keys, as parquet.encryption.key.list gives them. */
  private static final String KEY_LIST =
      "kf:"
          + java.util.Base64.getEncoder()
              .encodeToString(
                  "0123456789012345".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
          + ", kc1:"
          + java.util.Base64.getEncoder()
              .encodeToString(
                  "1234567890123450".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

  /** The table at {@code path} read through format("parrow") with the test KMS as options. */
  private static Dataset<Row> parrowWithTestKms(Path path) {
    return spark
        .read()
        .format("parrow")
        .option(
            "parquet.encryption.kms.client.class",
            "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS")
        .option("parquet.encryption.key.list", KEY_LIST)
        .load(path.toString());
  }

  /**
   * Runs {@code action} with Spark's own Parquet source set to parquet-java's key tools over the
   * test KMS ({@link #KEY_LIST}), and these settings more.
   */
  private static void withParquetJavaKeyTools(java.util.Map<String, String> more, Runnable action) {
    var conf = spark.sparkContext().hadoopConfiguration();
    java.util.Map<String, String> settings = new java.util.HashMap<>(more);
    settings.put(
        "parquet.crypto.factory.class",
        "org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory");
    settings.put("parquet.encryption.kms.client.class", ParquetJavaTestKms.class.getName());
    settings.put("parquet.encryption.key.list", KEY_LIST);
    // parquet-java caches KMS clients by access token: this test's own token, its own keys.
    settings.put("parquet.encryption.key.access.token", "ParrowSparkIT");
    settings.forEach(conf::set);
    try {
      action.run();
    } finally {
      settings.keySet().forEach(conf::unset);
    }
  }

  /**
   * Encrypted tables Spark writes through parquet-java's key tools (its
   * PropertiesDrivenCryptoFactory, a footer key and column keys from a KMS, double wrapping), key
   * material in the files or beside each ({@code _KEY_MATERIAL_FOR_<file>.json}), read through
   * format("parrow") with the same properties as options: the rows Spark wrote.
   */
  @Test
  void encryptedTablesSparkWritesReadWithTheSameProperties() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        BUILT_IN_READER, "Spark's own Parquet source needs Java 17 or 21");
    for (boolean internal : new boolean[] {true, false}) {
      Path out = dir.resolve("encrypted-" + internal);
      withParquetJavaKeyTools(
          java.util.Map.of(
              "parquet.encryption.key.material.store.internally", String.valueOf(internal)),
          () ->
              sample(3_000)
                  .write()
                  .option("parquet.encryption.footer.key", "kf")
                  .option("parquet.encryption.column.keys", "kc1:s,d")
                  .parquet(out.toString()));
      if (!internal) {
        try (Stream<Path> files = Files.list(out)) {
          assertTrue(
              files.anyMatch(f -> f.getFileName().toString().startsWith("_KEY_MATERIAL_FOR_")),
              "external key material");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      String order = "id, k, s, d, ts, f, arr, st, day";
      assertSameRows(
          sample(3_000).selectExpr(order.split(", ")),
          parrowWithTestKms(out).selectExpr(order.split(", ")));
      // Without the keys: a clear error.
      Exception e =
          assertThrows(
              Exception.class, () -> spark.read().format("parrow").load(out.toString()).count());
      assertTrue(
          String.valueOf(e.getMessage()).contains("encrypted"), String.valueOf(e.getMessage()));
    }
  }

  /**
   * The connector writes encrypted tables with the key tools' properties as options (a footer key,
   * column keys, in-file key material wrapped through the KMS): Spark's own reader (parquet-java)
   * reads them with the same settings, and so does the connector.
   */
  @Test
  void encryptedTablesTheConnectorWritesSparkReads() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        BUILT_IN_READER, "Spark's own Parquet source needs Java 17 or 21");
    Path out = dir.resolve("parrow-encrypted");
    sample(3_000)
        .write()
        .format("parrow")
        .option(
            "parquet.encryption.kms.client.class",
            "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS")
        .option("parquet.encryption.key.list", KEY_LIST)
        .option("parquet.encryption.footer.key", "kf")
        .option("parquet.encryption.column.keys", "kc1:s,d")
        .mode("overwrite")
        .save(out.toString());
    String order = "id, k, s, d, ts, f, arr, st, day";
    withParquetJavaKeyTools(
        java.util.Map.of(),
        () ->
            assertSameRows(
                sample(3_000).selectExpr(order.split(", ")),
                spark.read().parquet(out.toString()).selectExpr(order.split(", "))));
    assertSameRows(
        sample(3_000).selectExpr(order.split(", ")),
        parrowWithTestKms(out).selectExpr(order.split(", ")));
    // Without the keys Spark's reader cannot read the files.
    assertThrows(Exception.class, () -> spark.read().parquet(out.toString()).collectAsList());
    // Key material beside each file is read, not written, by the connector: refused up front.
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                sample(10)
                    .write()
                    .format("parrow")
                    .option(
                        "parquet.encryption.kms.client.class",
                        "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS")
                    .option("parquet.encryption.key.list", KEY_LIST)
                    .option("parquet.encryption.footer.key", "kf")
                    .option("parquet.encryption.column.keys", "kc1:s")
                    .option("parquet.encryption.key.material.store.internally", "false")
                    .mode("overwrite")
                    .save(dir.resolve("parrow-external").toString()));
    assertTrue(
        String.valueOf(e.getMessage()).contains("store.internally"),
        String.valueOf(e.getMessage()));
  }
}
