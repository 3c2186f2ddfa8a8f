package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.filter.FilterSyntaxException;
import dev.parrow.types.DictionaryMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.*;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered reads against DuckDB's WHERE: a few hundred random predicates over every flat type of
 * the write-back table (with its edge values: integer extremes, NaN, ±0.0, ±Infinity, empty and
 * multi-byte strings, decimals at their limits), combined with AND, OR and NOT, on a file written
 * by Parrow in several row groups and small pages. The rows Parrow returns (by an id column) must
 * be the rows DuckDB returns, in file order, and their values those of the unfiltered read.
 */
class FilterIT {
  @TempDir static Path dir;
  static Path file;

  /** Column name -> the Java literal of each row's value (null where the value is null). */
  static final Map<String, List<Object>> literals = new LinkedHashMap<>();

  static final List<String> COLUMNS =
      List.of(
          "bool",
          "i8",
          "u8",
          "i16",
          "u16",
          "i32",
          "u32",
          "i64",
          "u64",
          "f32",
          "f64",
          "dec5",
          "dec9",
          "dec18",
          "dec30",
          "dec38",
          "utf8",
          "large_utf8",
          "binary",
          "fsb5",
          "date32",
          "date64",
          "time_s",
          "time_ms",
          "time_us",
          "time_ns",
          "ts_s_ny",
          "ts_ms",
          "ts_us_utc",
          "ts_ns");

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("filter.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot data = WriteReadBackIT.data(allocator);
        BigIntVector id = new BigIntVector("id", allocator)) {
      int rows = data.getRowCount();
      id.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        id.set(i, i);
      }
      id.setValueCount(rows);
      List<FieldVector> vectors = new ArrayList<>();
      vectors.add(id);
      for (String c : COLUMNS) {
        vectors.add(data.getVector(c));
      }
      vectors.add(data.getVector("interval"));
      VectorSchemaRoot root =
          new VectorSchemaRoot(vectors.stream().map(FieldVector::getField).toList(), vectors, rows);
      for (String c : COLUMNS) {
        List<Object> values = new ArrayList<>();
        FieldVector v = data.getVector(c);
        for (int i = 0; i < rows; i++) {
          values.add(v.isNull(i) ? null : literal(v, i));
        }
        literals.put(c, values);
      }
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              // The interval column as INTERVAL, which has no order (the tests of bad filters).
              WriteOptions.builder()
                  .rowGroupRows(400)
                  .pageRows(50)
                  .monthDayNanoAsInterval(true)
                  .build())) {
        w.write(root);
      }
    }
  }

  /** The value as a filter literal of the Java type a caller would use for the column. */
  static Object literal(FieldVector v, int i) {
    if (v instanceof UInt1Vector || v instanceof UInt2Vector || v instanceof UInt4Vector) {
      return ((BaseIntVector) v).getValueAsLong(i);
    }
    if (v instanceof UInt8Vector u) {
      return u.getObjectNoOverflow(i);
    }
    if (v instanceof BigIntVector || v instanceof IntVector) {
      return v.getObject(i);
    }
    if (v instanceof TinyIntVector || v instanceof SmallIntVector) {
      return ((Number) v.getObject(i)).longValue();
    }
    if (v instanceof BitVector b) {
      return b.get(i) == 1;
    }
    if (v instanceof Float4Vector || v instanceof Float8Vector || v instanceof DecimalVector) {
      return v.getObject(i);
    }
    if (v instanceof VarCharVector || v instanceof LargeVarCharVector) {
      return v.getObject(i).toString();
    }
    if (v instanceof VarBinaryVector || v instanceof FixedSizeBinaryVector) {
      return v.getObject(i);
    }
    if (v instanceof DateDayVector d) {
      return LocalDate.ofEpochDay(d.get(i));
    }
    if (v instanceof DateMilliVector d) {
      return LocalDate.ofEpochDay(Math.floorDiv(d.get(i), 86_400_000L));
    }
    if (v instanceof TimeSecVector t) {
      return LocalTime.ofSecondOfDay(t.get(i));
    }
    if (v instanceof TimeMilliVector t) {
      return LocalTime.ofNanoOfDay(t.get(i) * 1_000_000L);
    }
    if (v instanceof TimeMicroVector t) {
      return LocalTime.ofNanoOfDay(t.get(i) * 1_000L);
    }
    if (v instanceof TimeNanoVector t) {
      return LocalTime.ofNanoOfDay(t.get(i));
    }
    if (v instanceof TimeStampVector t) {
      long raw = t.getDataBuffer().getLong((long) i * 8);
      ArrowType.Timestamp type = (ArrowType.Timestamp) t.getField().getType();
      Instant instant =
          switch (type.getUnit()) {
            case SECOND -> Instant.ofEpochSecond(raw);
            case MILLISECOND -> Instant.ofEpochMilli(raw);
            case MICROSECOND ->
                Instant.ofEpochSecond(
                    Math.floorDiv(raw, 1_000_000L), Math.floorMod(raw, 1_000_000L) * 1000);
            case NANOSECOND ->
                Instant.ofEpochSecond(
                    Math.floorDiv(raw, 1_000_000_000L), Math.floorMod(raw, 1_000_000_000L));
          };
      LocalDateTime t0 = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
      // Years DuckDB's timestamp range and ISO text both take.
      return t0.getYear() < 1 || t0.getYear() > 9999 ? null : t0;
    }
    throw new AssertionError(v.getClass().getSimpleName());
  }

  /** A random predicate over the table, most literals taken from its values. */
  static Filter randomFilter(Random r, int depth) {
    return randomFilter(r, depth, COLUMNS);
  }

  static Filter randomFilter(Random r, int depth, List<String> columnsToUse) {
    if (depth > 0 && r.nextInt(3) == 0) {
      int n = 2 + r.nextInt(2);
      Filter[] children = new Filter[n];
      for (int k = 0; k < n; k++) {
        children[k] = randomFilter(r, depth - 1, columnsToUse);
      }
      return switch (r.nextInt(3)) {
        case 0 -> Filter.and(children);
        case 1 -> Filter.or(children);
        default -> Filter.not(Filter.and(children));
      };
    }
    String column = columnsToUse.get(r.nextInt(columnsToUse.size()));
    int kind = r.nextInt(12);
    if (kind == 0) {
      return Filter.isNull(column);
    }
    if (kind == 1) {
      return Filter.isNotNull(column);
    }
    if (kind == 5 && (column.equals("utf8") || column.equals("large_utf8"))) {
      return randomLike(r, (String) pick(r, column), column);
    }
    Object a = pick(r, column);
    if (kind == 2 || kind == 3) {
      List<Object> values = new ArrayList<>();
      int n = 1 + r.nextInt(4);
      for (int k = 0; k < n; k++) {
        values.add(pick(r, column));
      }
      return Filter.in(column, values);
    }
    if (kind == 4) {
      return Filter.between(column, a, pick(r, column));
    }
    Filter.Op op = Filter.Op.values()[r.nextInt(Filter.Op.values().length)];
    return new Filter.Compare(column, op, a);
  }

  /**
   * A LIKE pattern made from a value: a prefix, suffix or middle of it between {@code %}s, some
   * characters made {@code _}, sometimes negated, sometimes with an escape character taking a
   * {@code %} or {@code _} as itself, sometimes an ILIKE with characters in another case.
   */
  static Filter randomLike(Random r, String value, String column) {
    int[] points = value.codePoints().toArray();
    int from = r.nextInt(points.length + 1);
    int to = from + r.nextInt(points.length - from + 1);
    StringBuilder pattern = new StringBuilder();
    boolean escaped = r.nextInt(4) == 0;
    if (from > 0 || r.nextInt(3) == 0) {
      pattern.append(r.nextBoolean() ? "%" : "_".repeat(Math.min(from, 1 + r.nextInt(2))));
    }
    for (int i = from; i < to; i++) {
      int c = points[i];
      if (r.nextInt(6) == 0) {
        pattern.append('_');
      } else if (c == '%' || c == '_' || c == '!') {
        pattern.append(escaped ? "!" : "").appendCodePoint(c);
      } else {
        pattern.appendCodePoint(c);
      }
    }
    if (to < points.length || r.nextInt(3) == 0) {
      pattern.append(r.nextBoolean() ? "%" : "_");
    }
    if (escaped && r.nextBoolean()) {
      pattern.append("!%");
    }
    boolean ignoreCase = r.nextInt(4) == 0;
    String text = pattern.toString();
    if (ignoreCase) {
      // Some characters in another case, which only ILIKE matches.
      StringBuilder mixed = new StringBuilder();
      text.codePoints()
          .forEach(c -> mixed.appendCodePoint(r.nextBoolean() ? Character.toUpperCase(c) : c));
      text = mixed.toString();
    }
    Filter like = new Filter.Like(column, text, escaped ? '!' : null, ignoreCase);
    return r.nextInt(4) == 0 ? Filter.not(like) : like;
  }

  /** A value of the column: usually one of its rows', sometimes nudged off them. */
  static Object pick(Random r, String column) {
    List<Object> values = literals.get(column);
    Object v = null;
    while (v == null) {
      v = values.get(r.nextInt(values.size()));
    }
    if (r.nextInt(4) == 0) {
      if (v instanceof Long l && !column.startsWith("u")) {
        return l + (r.nextBoolean() ? 1 : -1) * (long) r.nextInt(3);
      }
      if (v instanceof BigDecimal d) {
        return d.add(BigDecimal.ONE.movePointLeft(d.scale()));
      }
      if (v instanceof String s) {
        return s + "a";
      }
    }
    return v;
  }

  @Test
  void randomPredicatesAgreeWithDuckDb() throws Exception {
    Random r = new Random(7);
    List<String> failures = new ArrayList<>();
    int nonEmpty = 0;
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      duck.execute("SET TimeZone = 'UTC'");
      Map<Long, List<Object>> all = rowsById(pf, allocator, ReadOptions.defaults());
      List<String> reversed = new ArrayList<>();
      try (ParquetArrowReader reader = pf.newReader(allocator, ReadOptions.defaults())) {
        reader
            .getVectorSchemaRoot()
            .getSchema()
            .getFields()
            .forEach(f -> reversed.add(0, f.getName()));
      }
      for (int n = 0; n < 300; n++) {
        Filter filter = randomFilter(r, 2);
        List<Long> expected = duckDbIds(duck, file, filter);
        // Five ways to read: everything, only the id (the filter columns read on the side) in
        // small batches, strings as one dictionary for the file or one per row group, and every
        // column in the reverse of the file's order.
        List<ReadOptions> variants =
            List.of(
                ReadOptions.builder().filter(filter).build(),
                ReadOptions.builder().filter(filter).columns("id").batchSize(97).build(),
                ReadOptions.builder()
                    .filter(filter)
                    .types(t -> t.dictionaryColumns("utf8", "binary"))
                    .batchSize(300)
                    .build(),
                ReadOptions.builder()
                    .filter(filter)
                    .types(
                        t ->
                            t.dictionaryColumns("utf8", "large_utf8")
                                .dictionaryMode(DictionaryMode.PER_ROW_GROUP))
                    .batchSize(170)
                    .build(),
                ReadOptions.builder()
                    .filter(filter)
                    .columns(reversed)
                    .requestedOrder(true)
                    .batchSize(211)
                    .build());
        for (ReadOptions options : variants) {
          Map<Long, List<Object>> got = rowsById(pf, allocator, options);
          List<Long> ids = new ArrayList<>(got.keySet());
          if (!ids.equals(expected)) {
            failures.add(filter + " -> DuckDB " + expected.size() + " rows, Parrow " + ids.size());
            continue;
          }
          if (options.columns().isEmpty() || options.requestedOrder()) {
            for (var e : got.entrySet()) {
              List<Object> want = new ArrayList<>(all.get(e.getKey()));
              if (options.requestedOrder()) {
                java.util.Collections.reverse(want);
              }
              assertEquals(want, e.getValue(), "row " + e.getKey() + " of " + filter);
            }
          }
        }
        nonEmpty += expected.isEmpty() ? 0 : 1;
      }
    }
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " predicates differ:\n"
            + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
    assertTrue(nonEmpty > 100, "only " + nonEmpty + " predicates matched rows");
  }

  /**
   * The same table written by DuckDB (its own statistics, dictionaries and page layout): Parrow's
   * filtered reads of DuckDB's file select the rows DuckDB's WHERE does.
   */
  @Test
  void duckDbWrittenFileFiltersAlike() throws Exception {
    Path duckFile = dir.resolve("filter_duckdb.parquet");
    Random r = new Random(99);
    List<String> failures = new ArrayList<>();
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator()) {
      duck.execute("SET TimeZone = 'UTC'");
      duck.execute(
          "COPY (SELECT * EXCLUDE (interval) FROM read_parquet("
              + DuckDb.literal(file)
              + ")) TO "
              + DuckDb.literal(duckFile)
              + " (FORMAT parquet, ROW_GROUP_SIZE 300)");
      // A literal with nanoseconds: DuckDB keeps the nanosecond times Parrow writes (local TIME,
      // which it reads as TIME_NS) and rewrites them exactly, so both find the row that holds it.
      // (DuckDB casts a literal to the column's unit, Parrow compares it exactly: the random
      // comparisons below leave the nanosecond columns out.)
      String withNanos = "08:48:53.687967746";
      long duckDbMatches =
          ((Number)
                  duck.query(
                          "SELECT count(*) AS n FROM read_parquet("
                              + DuckDb.literal(duckFile)
                              + ") WHERE time_ns = '"
                              + withNanos
                              + "'")
                      .get(0)
                      .get("n"))
              .longValue();
      List<String> columns = new ArrayList<>(COLUMNS);
      columns.removeAll(List.of("time_ns", "ts_ns"));
      try (ParquetFile pf = ParquetFile.open(duckFile)) {
        assertTrue(duckDbMatches > 0, "DuckDB finds the row");
        assertEquals(
            duckDbMatches,
            rowsById(
                    pf,
                    allocator,
                    ReadOptions.builder().filter(Filter.eq("time_ns", withNanos)).build())
                .size());
        failures.addAll(compareWithDuckDb(duck, pf, duckFile, allocator, r, columns, 150));
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /**
   * The same table written by Arrow C++ (arrow-dataset's file writer, fed Parrow's reader over the
   * C Data Interface): Parrow's filtered reads select the rows DuckDB's WHERE does on that file.
   */
  @Test
  void arrowCppWrittenFileFiltersAlike() throws Exception {
    Path out = dir.resolve("arrowcpp");
    List<String> columns = new ArrayList<>(COLUMNS);
    columns.add(0, "id");
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFile pf = ParquetFile.open(file);
          ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().columns(columns).build())) {
        org.apache.arrow.dataset.file.DatasetFileWriter.write(
            allocator,
            reader,
            org.apache.arrow.dataset.file.FileFormat.PARQUET,
            out.toUri().toString());
      }
      // Arrow C++ lets go of the last batches it was handed a little after write returns.
      for (int wait = 0; wait < 100 && allocator.getAllocatedMemory() > 0; wait++) {
        Thread.sleep(50);
      }
    }
    Path cppFile;
    try (var files = java.nio.file.Files.list(out)) {
      cppFile = files.filter(java.nio.file.Files::isRegularFile).findFirst().orElseThrow();
    }
    Random r = new Random(123);
    List<String> failures = new ArrayList<>();
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(cppFile)) {
      duck.execute("SET TimeZone = 'UTC'");
      failures.addAll(compareWithDuckDb(duck, pf, cppFile, allocator, r, COLUMNS, 150));
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /**
   * Runs {@code n} random predicates over {@code columns} on a file with Parrow and with DuckDB's
   * WHERE; returns those whose ids differ.
   */
  private static List<String> compareWithDuckDb(
      DuckDb duck,
      ParquetFile pf,
      Path path,
      BufferAllocator allocator,
      Random r,
      List<String> columns,
      int n)
      throws Exception {
    List<String> failures = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      Filter filter = randomFilter(r, 2, columns);
      List<Long> expected = duckDbIds(duck, path, filter);
      List<Long> got = ids(pf, allocator, ReadOptions.builder().filter(filter).build());
      if (!got.equals(expected)) {
        failures.add(filter + " -> DuckDB " + expected.size() + " rows, Parrow " + got.size());
      }
    }
    return failures;
  }

  /** The ids of the rows a read returns, in order; every batch fully validated. */
  static List<Long> ids(ParquetFile pf, BufferAllocator allocator, ReadOptions options)
      throws Exception {
    List<Long> out = new ArrayList<>();
    try (ParquetArrowReader reader = pf.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        root.getFieldVectors().forEach(VectorChecks::validateFull);
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          out.add(id.get(i));
        }
      }
    }
    return out;
  }

  /** Rows by id, in the order read, each as canonical values of every column. */
  static Map<Long, List<Object>> rowsById(
      ParquetFile pf, BufferAllocator allocator, ReadOptions options) throws Exception {
    Map<Long, List<Object>> out = new LinkedHashMap<>();
    try (ParquetArrowReader reader = pf.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        root.getFieldVectors().forEach(VectorChecks::validateFull);
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.add(Canonical.value(v, i, reader));
          }
          out.put(id.get(i), row);
        }
      }
    }
    return out;
  }

  @Test
  void pruneOnlyKeepsEveryMatchingRow() throws Exception {
    Filter filter = Filter.between("id", 450, 460);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      var exact = rowsById(pf, allocator, ReadOptions.builder().filter(filter).build());
      assertEquals(11, exact.size());
      var pruned =
          rowsById(pf, allocator, ReadOptions.builder().filter(filter).pruneOnly(true).build());
      assertTrue(pruned.keySet().containsAll(exact.keySet()));
      // Pages of 50 rows: only the page of ids 450..499 can hold ids 450..460.
      assertEquals(50, pruned.size());
    }
  }

  @Test
  void statisticsAndPageIndexPrune() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader =
            pf.newReader(
                allocator,
                ReadOptions.builder().filter("id >= 1000 AND id < 1010").columns("utf8").build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(10, rows);
      ReadStats stats = reader.stats();
      assertEquals(4, stats.rowGroups());
      assertEquals(1, stats.rowGroupsRead());
      // Pages of 50 rows: the page index leaves rows 1000..1049 of the row group's 400.
      assertEquals(50, stats.rowsScanned());
      assertEquals(10, stats.rows());
      // Of the two columns' 16 pages in the row group, one each is read.
      assertEquals(16, stats.pages());
      assertEquals(2, stats.pagesRead());
    }
  }

  @Test
  void comparisonsAreExactInTheColumnsType() throws Exception {
    Function<Filter, Long> count =
        f -> {
          try (BufferAllocator allocator = new RootAllocator();
              ParquetFile pf = ParquetFile.open(file)) {
            return (long) rowsById(pf, allocator, ReadOptions.builder().filter(f).build()).size();
          } catch (Exception e) {
            throw new RuntimeException(e);
          }
        };
    // Between two integers: 2.5 is neither, so = finds nothing and > is >= 3.
    assertEquals(0L, count.apply(Filter.eq("id", 2.5)));
    assertEquals(
        count.apply(Filter.gte("id", 3)), count.apply(Filter.gt("id", new BigDecimal("2.5"))));
    // Beyond a column's range: every non-null value is below 300 in an int8 column.
    assertEquals(count.apply(Filter.isNotNull("i8")), count.apply(Filter.lt("i8", 300)));
    assertEquals(0L, count.apply(Filter.gt("u64", new BigInteger("18446744073709551615"))));
    // A timestamp literal finer than the column's unit compares exactly, not rounded.
    LocalDateTime t =
        (LocalDateTime)
            literals.get("ts_ms").stream().skip(10).filter(v -> v != null).findFirst().get();
    assertEquals(0L, count.apply(Filter.eq("ts_ms", t.plusNanos(1))));
    assertEquals(
        count.apply(Filter.gt("ts_ms", t)), count.apply(Filter.gt("ts_ms", t.plusNanos(1))));
    // NaN equals NaN and is above everything; -0.0 equals 0.0.
    long nans = count.apply(Filter.eq("f64", Double.NaN));
    assertTrue(nans > 0);
    assertEquals(nans, count.apply(Filter.gt("f64", Double.POSITIVE_INFINITY)));
    assertEquals(count.apply(Filter.eq("f64", 0.0)), count.apply(Filter.eq("f64", -0.0)));
  }

  @Test
  void badFiltersFailBeforeReading() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      var unknown =
          assertThrows(
              IllegalArgumentException.class,
              () -> pf.newReader(allocator, ReadOptions.builder().filter("nope = 1").build()));
      assertTrue(unknown.getMessage().contains("filter.parquet"), unknown.getMessage());
      assertTrue(unknown.getMessage().contains("'nope'"), unknown.getMessage());
      var type =
          assertThrows(
              IllegalArgumentException.class,
              () -> pf.newReader(allocator, ReadOptions.builder().filter("i32 = 'abc'").build()));
      assertTrue(type.getMessage().contains("'i32'"), type.getMessage());
      var interval =
          assertThrows(
              IllegalArgumentException.class,
              () -> pf.newReader(allocator, ReadOptions.builder().filter("interval < 3").build()));
      assertTrue(interval.getMessage().contains("IS NULL"), interval.getMessage());
      var syntax =
          assertThrows(FilterSyntaxException.class, () -> Filter.parse("id > 3 AND (i8 < 2"));
      assertEquals(18, syntax.position());
      var op = assertThrows(FilterSyntaxException.class, () -> Filter.parse("id >> 3"));
      assertEquals(4, op.position());
    }
  }

  /**
   * IS [NOT] TRUE / FALSE, IS [NOT] DISTINCT FROM (a value or a column), the string functions and
   * constant arithmetic, as typed: DuckDB runs the same text, negated too (the IS forms are never
   * unknown).
   */
  @Test
  void sqlFormsSelectDuckDbsRows() throws Exception {
    Object i32 = literals.get("i32").stream().filter(v -> v != null).findFirst().orElseThrow();
    String s =
        (String)
            literals.get("utf8").stream().filter(v -> v != null).skip(3).findFirst().orElseThrow();
    String head = s.substring(0, Math.min(2, s.length())).replace("'", "''");
    List<String> wheres =
        List.of(
            "bool IS TRUE",
            "bool IS NOT TRUE",
            "bool IS FALSE",
            "bool IS NOT FALSE",
            "i32 IS DISTINCT FROM " + i32,
            "i32 IS NOT DISTINCT FROM " + i32,
            "i8 IS DISTINCT FROM i16",
            "i8 IS NOT DISTINCT FROM i8",
            "utf8 IS DISTINCT FROM large_utf8",
            "utf8 IS NOT DISTINCT FROM large_utf8",
            "starts_with(utf8, '" + head + "')",
            "prefix(large_utf8, '')",
            "ends_with(utf8, '" + head + "')",
            "suffix(utf8, 'é')",
            "contains(large_utf8, '%')",
            "contains(utf8, '" + head + "') AND i32 IS NOT DISTINCT FROM i32",
            "i32 BETWEEN i8 AND i64",
            "date32 NOT BETWEEN date64 AND DATE '2000-01-01'",
            // Constant arithmetic, as TPC-H writes its conditions.
            "date32 <= DATE '2000-12-01' - INTERVAL '90' DAY",
            "date32 >= DATE '1994-01-01' AND date32 < DATE '1994-01-01' + INTERVAL 1 YEAR",
            "ts_us_utc < TIMESTAMP '2000-01-01 10:00:00' + INTERVAL 90 MINUTE",
            "date64 > '1970-01-01'::DATE + 3",
            "dec9 BETWEEN 0.06 - 0.01 AND 0.06 + 100",
            "i32 < 7 * 1000 - 5 OR i64 > (2 + 3) * -4",
            "f64 > 1 / 3",
            "\"binary\" = '\\x61'::BLOB OR \"binary\" < '\\x62\\x00'::BLOB");
    assertSelectsAsDuckDb(wheres, true);
  }

  /**
   * Values computed from columns (arithmetic, string and date functions, casts, coalesce, regular
   * expressions, NULL) select the rows DuckDB's WHERE does, and their negations too. The conditions
   * keep clear of what DuckDB refuses (arithmetic past a column's width: Parrow computes in 64
   * bits) and of what Parrow does not compute (a decimal past 18 digits).
   */
  @Test
  void computedValuesSelectDuckDbsRows() throws Exception {
    assertSelectsAsDuckDb(
        List.of(
            "i16 + 100000 - i8 > 100000",
            "i32 % 7 = 3",
            "i64 // 3 < -5",
            "-(i16 + 100000) < -100005",
            "abs(i8 + 1000) > 1100",
            "u8 * 1000 > 200000",
            "u32 - 1 < 100",
            "dec9 * 2 > 10",
            "dec9 + dec5 > 1",
            "dec18 / 3 > 1",
            "dec5 % 2 = 1",
            "f32 * 2 > 1",
            "f32 + 0.1 > 0.5",
            "f64 / 3 < 0.5",
            "abs(f64) > 1",
            "-f64 >= 0",
            "i32 / 2 > 1000",
            "i32 + f64 > 0",
            "coalesce(i32, i16, 0) > 0",
            "coalesce(dec9, 1.5) > 1",
            "i32 + NULL > 0",
            "lower(utf8) = utf8",
            "upper(utf8) LIKE '%A%'",
            "length(utf8) > 3",
            "strlen(utf8) > length(large_utf8)",
            "substring(utf8, 2, 3) < 'm'",
            "substring(utf8, -2) > 'a'",
            "substring(utf8, 0, 2) = left(utf8, 1)",
            "substr(large_utf8, 3, -2) >= 'b'",
            "left(large_utf8, 1) = 'a' OR right(utf8, 2) < 'm'",
            "left(utf8, -1) || right(utf8, -1) > 'b'",
            "trim(utf8) <> utf8",
            "ltrim(utf8) > rtrim(large_utf8)",
            "utf8 || large_utf8 > 'm'",
            "concat(utf8, NULL, 'x') LIKE '%x'",
            "lower(utf8) ILIKE '%E%'",
            "regexp_matches(utf8, '[0-9]')",
            "utf8 SIMILAR TO '[a-z]+'",
            "utf8 ~~ '%a%'",
            "utf8 !~~* '%A%'",
            "utf8 GLOB '*a?'",
            "starts_with(lower(utf8), 'a')",
            "year(date32) > 2000",
            "month(date32) = 2 OR day(date32) = 29",
            "dayofweek(date32) = 0",
            "isodow(date64) = 7",
            "dayofyear(date32) > 300",
            "week(date32) = 1 OR week(date32) >= 52",
            "quarter(date64) = 4",
            "extract(year FROM ts_ms) < 1970",
            "date_part('month', ts_ns) = 12",
            "hour(ts_ms) > 12",
            "minute(ts_ns) = 0",
            "second(time_s) > 30 AND hour(time_us) < 12",
            "ts_ms::DATE = date32",
            "CAST(ts_ns AS DATE) > DATE '2000-01-01'",
            "date32 + 1 > date64",
            "date32 - date64 > 0",
            "TRUE",
            "FALSE",
            "NULL",
            "1 = 1",
            "1 < 2 AND i8 > 0",
            "i32 = NULL",
            "i32 IN (1, NULL)",
            "i32 IN (i16, i8 + 1000)",
            "utf8 NOT IN ('a', NULL)",
            "i32 // 0 IS NULL",
            "lower(utf8) IS NOT NULL",
            "(i8 + 0.5) * 2 > i64",
            "round(dec9, 1) > 1.5",
            "round(dec18) = 0",
            "round(f64) = 1 OR round(f64, 2) < 0.5",
            "round(i32, -2) > 1000",
            "round(f32, 1) = 0.5",
            "floor(dec9) = ceil(dec9)",
            "floor(f32) < ceil(f32)",
            "sign(i64) = -1 OR sign(f64) = 0",
            "sqrt(abs(f64)) > 2",
            "ln(abs(f64) + 1) > 1",
            "log10(u32 + 0.5) > 3",
            "exp(f32) > 2",
            "power(i8, 2) > 100",
            "CAST(dec9 AS INTEGER) = 1",
            "CAST(dec18 AS DOUBLE) > 1.5",
            "i32::DOUBLE / 3 > 5",
            "CAST(i16 AS VARCHAR) LIKE '1%'",
            "CAST(dec5 AS VARCHAR) > '1'",
            "CAST(date32 AS VARCHAR) < '2000'",
            "CAST(bool AS VARCHAR) = 'true'",
            "CAST(i8 AS SMALLINT) > 5",
            "CAST(utf8 AS VARCHAR) = utf8",
            "greatest(i8, i16, 0) > 100",
            "least(utf8, large_utf8) < 'b'",
            "greatest(date32, date64) > DATE '2000-01-01'",
            "nullif(i8, 0) IS NULL",
            "coalesce(nullif(utf8, ''), 'x') = 'x'",
            "replace(utf8, 'a', 'xy') LIKE '%xy%'",
            "strpos(utf8, 'a') > 1",
            "position('b' IN utf8) = 0",
            "reverse(utf8) < utf8",
            "date_trunc('month', date32) < date32",
            "date_trunc('year', ts_ns) = date_trunc('year', date32)",
            "date_trunc('hour', ts_ms) <> ts_ms",
            "date_trunc('quarter', date64) >= DATE '2000-01-01'",
            "date_trunc('week', date32) = date32",
            "lower(utf8) IS DISTINCT FROM utf8",
            "i8 + 0.5 IS NOT DISTINCT FROM i16 + 0.5",
            "regexp_matches(utf8, 'a') IS NOT TRUE",
            "coalesce(bool, FALSE) IS TRUE",
            "date32 + INTERVAL 1 MONTH > date64",
            "ts_ms - INTERVAL '1 month 1 day' < TIMESTAMP '2000-01-01'",
            "ts_us_utc + INTERVAL 90 MINUTE > TIMESTAMPTZ '2000-01-01 00:00:00+00'",
            "INTERVAL 1 DAY + date32 = date32 + 1",
            "date64 - INTERVAL '1 year 2 months 3 days 4 hours' < date32",
            "date_diff('day', date32, date64) > 0",
            "date_diff('month', date32, ts_ms) < 0",
            "datediff('year', date64, DATE '2000-01-01') = 0",
            "date_diff('hour', ts_ms, ts_ns) > 5",
            "date_diff('week', date32, date64) <> 0",
            "date_diff('quarter', date32, date64) = 1",
            "date_diff('second', ts_ms, ts_ns) > 1000",
            "date_diff('minute', ts_ns, ts_ms) < 0",
            "date32 < current_date AND ts_ms < now()",
            // Past 64 bits: decimals of 30 and 38 digits, uint64 past 2^63, products that grow.
            "dec38 / 2 > dec30",
            "dec30 + 1 > 0",
            "abs(dec38) > 1000",
            "-dec30 < 0",
            "round(dec38, 2) > 0 OR floor(dec30) = ceil(dec30)",
            "CAST(dec38 AS DOUBLE) > 1e10",
            "CAST(dec30 AS VARCHAR) LIKE '-%'",
            "greatest(dec30, dec30 + 1) > 0",
            "coalesce(dec38, 0) < 0",
            "nullif(dec30, dec30) IS NULL",
            "u64 + 1 > 9223372036854775807",
            "u64 // 2 > 4611686018427387904",
            "dec18 * dec9 > 1",
            "sign(dec38) = -1",
            "dec9 % 7 = 1",
            "dec38 > 12345678901234567890.5",
            "CASE WHEN i8 > 0 THEN i16 ELSE i32 END > 100",
            "CASE WHEN utf8 LIKE 'a%' THEN 'x' WHEN utf8 IS NULL THEN NULL ELSE utf8 END < 'm'",
            "CASE i8 WHEN 1 THEN 'one' WHEN 2 THEN 'two' END = 'one'",
            "CASE WHEN f64 > 1 OR bool THEN dec9 END IS NULL",
            "CASE WHEN date32 > DATE '2000-01-01' THEN date32 ELSE date64 END < DATE '1990-01-01'",
            "CASE WHEN i32 % 2 = 0 THEN TRUE ELSE FALSE END",
            "coalesce(CASE WHEN i16 > 0 THEN dec38 END, dec30) > 0",
            "coalesce(NULL, i32, 0) > 0 AND greatest(NULL, i8, 2) = 2"),
        false);
  }

  /** Each condition and its negation select the rows by id that DuckDB's do. */
  private static void assertSelectsAsDuckDb(List<String> wheres, boolean isFormsTotal)
      throws Exception {
    List<String> failures = new ArrayList<>();
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      long rows = pf.footer().metaData().numRows();
      for (String where : wheres) {
        long selected = 0;
        for (String w : List.of(where, "NOT (" + where + ")")) {
          List<Long> expected;
          try {
            expected = duckDbIds(duck, file, w);
          } catch (java.sql.SQLException e) {
            failures.add(
                w + " -> DuckDB refuses it: " + e.getMessage().lines().findFirst().orElse(""));
            continue;
          }
          List<Long> got =
              ids(pf, allocator, ReadOptions.builder().filter(w).columns("id").build());
          if (!got.equals(expected)) {
            failures.add(w + " -> DuckDB " + expected.size() + " rows, Parrow " + got.size());
          }
          selected += got.size();
        }
        if (isFormsTotal && where.contains(" IS ") && !where.contains("(")) {
          // The IS forms are true or false, never unknown: a form and its negation select every
          // row between them (a function of a null string is unknown).
          assertEquals(rows, selected, where);
        }
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /**
   * A column the ARROW:schema hint reads as a duration (its INT64 counts in the hint's unit): a
   * filter compares the counts, IS NULL tests its nulls (both threw before, found by
   * FilterFuzzTest).
   */
  @Test
  void aDurationColumnFiltersByItsCounts() throws Exception {
    Path path = dir.resolve("durations.parquet");
    long[] counts = {1, 5, 0, 10, -3, 7};
    try (BufferAllocator allocator = new RootAllocator();
        DurationVector d =
            new DurationVector(
                "d",
                org.apache.arrow.vector.types.pojo.FieldType.nullable(
                    new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.MICROSECOND)),
                allocator)) {
      for (int i = 0; i < counts.length; i++) {
        if (i == 2) {
          d.setNull(i);
        } else {
          d.setSafe(i, counts[i]);
        }
      }
      d.setValueCount(counts.length);
      VectorSchemaRoot root = VectorSchemaRoot.of(d);
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(path, root.getSchema(), WriteOptions.defaults())) {
        w.write(root);
      }
      try (ParquetFile pf = ParquetFile.open(path)) {
        for (var where :
            List.of(
                Map.entry("d > 4", List.of(5L, 10L, 7L)),
                Map.entry("d IS NULL OR d < 0", List.of(-3L)),
                Map.entry("d IS NOT NULL AND d <> 5", List.of(1L, 10L, -3L, 7L)))) {
          List<Long> got = new ArrayList<>();
          int nulls = 0;
          try (ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().filter(where.getKey()).build())) {
            while (reader.loadNextBatch()) {
              DurationVector read = (DurationVector) reader.getVectorSchemaRoot().getVector("d");
              for (int i = 0; i < reader.getVectorSchemaRoot().getRowCount(); i++) {
                if (read.isNull(i)) {
                  nulls++;
                } else {
                  got.add(DurationVector.get(read.getDataBuffer(), i));
                }
              }
            }
          }
          assertEquals(where.getValue(), got, where.getKey());
          assertEquals(where.getKey().startsWith("d IS NULL") ? 1 : 0, nulls, where.getKey());
        }
      }
    }
  }

  /**
   * Two top-level fields of one name (as pyarrow writes a table with repeated column names): a
   * filter means the one it can test, here the int8 beside a list, also when only another column is
   * read; two testable ones are refused as ambiguous before reading.
   */
  @Test
  void aNameTwoTopLevelFieldsShare() throws Exception {
    Path path = dir.resolve("same_names.parquet");
    Path ambiguous = dir.resolve("same_names_twice.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.complex.ListVector list =
            org.apache.arrow.vector.complex.ListVector.empty("u8", allocator);
        TinyIntVector u8 = new TinyIntVector("u8", allocator);
        TinyIntVector other = new TinyIntVector("u8", allocator);
        VarCharVector x = new VarCharVector("x", allocator)) {
      var writer = list.getWriter();
      for (int i = 0; i < 4; i++) {
        writer.setPosition(i);
        writer.startList();
        writer.tinyInt().writeTinyInt((byte) (10 + i));
        writer.endList();
        u8.setSafe(i, new byte[] {1, -1, 2, 0}[i]);
        other.setSafe(i, i);
        x.setSafe(i, new byte[] {(byte) ('a' + i)});
      }
      list.setValueCount(4);
      u8.setNull(3);
      u8.setValueCount(4);
      other.setValueCount(4);
      x.setValueCount(4);
      for (var vectors :
          List.of(List.<FieldVector>of(list, u8, x), List.<FieldVector>of(u8, other, x))) {
        VectorSchemaRoot root =
            new VectorSchemaRoot(vectors.stream().map(FieldVector::getField).toList(), vectors, 4);
        try (ParquetArrowWriter w =
            ParquetArrowWriter.create(
                vectors.get(0) == list ? path : ambiguous,
                root.getSchema(),
                WriteOptions.defaults())) {
          w.write(root);
        }
      }
      try (ParquetFile pf = ParquetFile.open(path)) {
        for (ReadOptions options :
            List.of(
                ReadOptions.builder().filter("u8 > 0").build(),
                ReadOptions.builder().filter("u8 > 0").columns("x").build())) {
          List<String> xs = new ArrayList<>();
          try (ParquetArrowReader reader = pf.newReader(allocator, options)) {
            while (reader.loadNextBatch()) {
              VarCharVector read = (VarCharVector) reader.getVectorSchemaRoot().getVector("x");
              for (int i = 0; i < reader.getVectorSchemaRoot().getRowCount(); i++) {
                xs.add(read.getObject(i).toString());
              }
            }
          }
          assertEquals(List.of("a", "c"), xs, options.toString());
        }
      }
      try (ParquetFile pf = ParquetFile.open(ambiguous)) {
        var e =
            assertThrows(
                IllegalArgumentException.class,
                () -> pf.newReader(allocator, ReadOptions.builder().filter("u8 > 0").build()));
        assertTrue(e.getMessage().contains("names 2 columns"), e.getMessage());
      }
    }
  }

  /**
   * LIKE (and NOT LIKE, with and without ESCAPE) selects the rows DuckDB's does, on this file and
   * on DuckDB's copy of it, whatever the dictionary choice; patterns with a fixed prefix prune row
   * groups by their bounds and those without one by dictionaries.
   */
  @Test
  void likeAgreesWithDuckDbAndPrunes() throws Exception {
    Random r = new Random(11);
    List<String> failures = new ArrayList<>();
    int matched = 0;
    Path duckFile = dir.resolve("like-duckdb.parquet");
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      duck.execute(
          "COPY (SELECT id, utf8, large_utf8 FROM read_parquet("
              + DuckDb.literal(file)
              + ")) TO "
              + DuckDb.literal(duckFile)
              + " (FORMAT parquet, ROW_GROUP_SIZE 300)");
      try (ParquetFile theirs = ParquetFile.open(duckFile)) {
        for (int n = 0; n < 200; n++) {
          String column = r.nextBoolean() ? "utf8" : "large_utf8";
          Filter filter = randomLike(r, (String) pick(r, column), column);
          if (r.nextInt(4) == 0) {
            filter = Filter.or(filter, randomFilter(r, 0, List.of("utf8", "large_utf8")));
          }
          for (Path path : List.of(file, duckFile)) {
            List<Long> expected = duckDbIds(duck, path, filter);
            ParquetFile read = path.equals(file) ? pf : theirs;
            for (ReadOptions options :
                List.of(
                    ReadOptions.builder().filter(filter).build(),
                    ReadOptions.builder()
                        .filter(filter)
                        .types(t -> t.dictionaryColumns("utf8", "large_utf8"))
                        .batchSize(150)
                        .build())) {
              List<Long> got = ids(read, allocator, options);
              if (!got.equals(expected)) {
                failures.add(
                    path.getFileName()
                        + ": "
                        + filter
                        + " -> DuckDB "
                        + expected.size()
                        + " rows, Parrow "
                        + got.size());
              }
            }
            matched += expected.isEmpty() ? 0 : 1;
          }
        }
      }
    }
    assertTrue(
        failures.isEmpty(), String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
    assertTrue(matched > 150, "only " + matched + " patterns matched rows");

    // Sorted strings, each ten times, in row groups of 100: a prefix keeps the row groups whose
    // bounds can hold it; a pattern without one is decided by each row group's dictionary.
    Path sorted = dir.resolve("like-sorted.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector s = new VarCharVector("s", allocator)) {
      s.allocateNew(1000);
      for (int i = 0; i < 1000; i++) {
        s.setSafe(
            i,
            String.format("k%02d-%s", i / 10, i / 10 % 25 == 7 ? "needle" : "hay")
                .getBytes(StandardCharsets.UTF_8));
      }
      s.setValueCount(1000);
      VectorSchemaRoot root = VectorSchemaRoot.of(s);
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              sorted, root.getSchema(), WriteOptions.builder().rowGroupRows(100).build())) {
        w.write(root);
      }
    }
    var prefix = FilterCorpusIT.filteredRead(sorted, "s LIKE 'k25%'");
    assertEquals(10, prefix.rows());
    assertEquals(1, prefix.stats().rowGroupsRead(), "pruned by the bounds");
    var needle = FilterCorpusIT.filteredRead(sorted, "s LIKE '%needle'");
    assertEquals(40, needle.rows());
    assertEquals(4, needle.stats().rowGroupsRead(), "pruned by the dictionaries");
    var none = FilterCorpusIT.filteredRead(sorted, "s NOT LIKE 'k%'");
    assertEquals(0, none.rows());
    assertEquals(0, none.stats().rowGroupsRead(), "every dictionary entry matches");
  }

  /** The ids of the rows DuckDB's WHERE selects, in order. */
  static List<Long> duckDbIds(DuckDb duck, Path path, Filter filter) throws Exception {
    return duckDbIds(duck, path, filter.toString());
  }

  /** The ids of the rows DuckDB selects with this WHERE text, in order. */
  static List<Long> duckDbIds(DuckDb duck, Path path, String where) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (var row :
        duck.query(
            "SELECT id FROM read_parquet("
                + DuckDb.literal(path)
                + ") WHERE "
                + where
                + " ORDER BY id")) {
      ids.add(((Number) row.get("id")).longValue());
    }
    return ids;
  }
}
