package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * Filtered reads of files other writers made: for every corpus file that Parrow and DuckDB both
 * read, random predicates over its top-level primitive columns (literals drawn from its own values)
 * must select exactly the rows DuckDB's WHERE selects, by DuckDB's file_row_number, with the values
 * of Parrow's unfiltered read. This covers statistics and page indexes as parquet-mr, parquet-cpp,
 * Impala, Hive and others wrote them, including the legacy min/max fields.
 */
class FilterCorpusIT {
  private static final int PREDICATES_PER_FILE = 6;

  @Test
  void corpusFilesFilterAsDuckDbDoes() throws Exception {
    List<String> failures = new ArrayList<>();
    int files = 0;
    int predicates = 0;
    Random random = new Random(11);
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      List<Path> all = new ArrayList<>(Corpus.allParquetFiles());
      Path interop = Corpus.shared().resolve("interop");
      if (Files.isDirectory(interop)) {
        try (var walk = Files.walk(interop)) {
          walk.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(all::add);
        }
      }
      for (Path file : all) {
        if (Corpus.isEncrypted(file) || Corpus.isBadData(file) || Files.size(file) > 20 << 20) {
          continue;
        }
        Table table = read(file);
        if (table == null || table.literals.isEmpty() || table.rows.isEmpty()) {
          continue;
        }
        files++;
        // DuckDB's WHERE over a table it loaded, not over the file: its own pruning misjudges some
        // of these files (fixed_length_decimal_legacy: "value = 1.00" finds no row, by the legacy
        // statistics it trusts), and the oracle here is its comparison semantics.
        if (!loaded(duck, file)) {
          continue;
        }
        for (int n = 0; n < PREDICATES_PER_FILE; n++) {
          Filter filter = table.randomFilter(random);
          List<List<Object>> want = duckDbRows(duck, table, filter);
          if (want == null) {
            continue; // DuckDB cannot read the file or take the literal: nothing to compare with
          }
          predicates++;
          try {
            List<List<Object>> got = rows(file, ReadOptions.builder().filter(filter).build());
            if (!got.equals(want)) {
              failures.add(
                  file.getFileName()
                      + ": "
                      + filter
                      + " -> DuckDB "
                      + want.size()
                      + " rows, Parrow "
                      + got.size());
            }
          } catch (Exception e) {
            failures.add(file.getFileName() + ": " + filter + " -> " + e);
          }
        }
      }
    }
    assertNoneDiffer(failures, predicates);
    assertTrue(files > 30, "only " + files + " corpus files had columns to filter");
    assertTrue(predicates > 150, "only " + predicates + " predicates compared");
  }

  /**
   * List columns of files other writers made (the corpus, arrow-rs's and nanoparquet's files:
   * lists, large lists, fixed-size lists, legacy lists): their length, nulls, elements by index and
   * membership of values drawn from their own elements select the rows DuckDB's WHERE does, with
   * the values of the unfiltered read, the list read for the filter alone or with the rows.
   */
  @Test
  void corpusListsFilterAsDuckDbDoes() throws Exception {
    List<String> failures = new ArrayList<>();
    int predicates = 0;
    java.util.Set<String> lists = new java.util.TreeSet<>();
    Random random = new Random(29);
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      for (Path file : filesToFilter()) {
        Table table = read(file);
        if (table == null || table.elements.isEmpty() || table.rows.isEmpty()) {
          continue;
        }
        if (!loaded(duck, file)) {
          continue;
        }
        for (int n = 0; n < 12; n++) {
          String column =
              new ArrayList<>(table.elements.keySet()).get(random.nextInt(table.elements.size()));
          Filter filter = table.randomListFilter(random, column);
          List<List<Object>> want = duckDbRows(duck, table, filter);
          if (want == null) {
            continue; // DuckDB does not take the literal for these elements
          }
          predicates++;
          lists.add(file.getFileName() + ":" + column);
          try {
            List<List<Object>> got = rows(file, ReadOptions.builder().filter(filter).build());
            // The list read for the filter alone, beside another column.
            List<List<Object>> alone =
                table.names.size() < 2
                    ? List.of()
                    : rows(
                        file,
                        ReadOptions.builder()
                            .filter(filter)
                            .columns(table.names.get(table.names.get(0).equals(column) ? 1 : 0))
                            .batchSize(97)
                            .build());
            if (!got.equals(want) || table.names.size() >= 2 && alone.size() != want.size()) {
              failures.add(
                  file.getFileName()
                      + ": "
                      + filter
                      + " -> DuckDB "
                      + want.size()
                      + " rows, Parrow "
                      + got.size()
                      + " (filter-only "
                      + alone.size()
                      + ")");
            }
          } catch (Exception e) {
            failures.add(file.getFileName() + ": " + filter + " -> " + e);
          }
        }
      }
    }
    assertNoneDiffer(failures, predicates);
    assertTrue(lists.size() >= 30, "only these lists were filtered: " + lists);
    assertTrue(predicates > 200, "only " + predicates + " predicates compared");
  }

  /** Loads {@code file} into DuckDB's table t with its row numbers; false where DuckDB cannot. */
  private static boolean loaded(DuckDb duck, Path file) {
    try {
      duck.execute(
          "CREATE OR REPLACE TEMP TABLE t AS SELECT * FROM read_parquet("
              + DuckDb.literal(file)
              + ", file_row_number = true)");
      return true;
    } catch (java.sql.SQLException e) {
      return false;
    }
  }

  /**
   * The rows of {@code table} (Parrow's unfiltered read) that DuckDB's WHERE selects from t, in
   * order; null where DuckDB refuses the filter.
   */
  private static List<List<Object>> duckDbRows(DuckDb duck, Table table, Filter filter) {
    List<List<Object>> rows = new ArrayList<>();
    try {
      for (var row :
          duck.query(
              "SELECT file_row_number FROM t WHERE " + filter + " ORDER BY file_row_number")) {
        rows.add(table.rows.get(((Number) row.get("file_row_number")).intValue()));
      }
    } catch (java.sql.SQLException e) {
      return null;
    }
    return rows;
  }

  private static void assertNoneDiffer(List<String> failures, int predicates) {
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " of "
            + predicates
            + " predicates differ:\n"
            + String.join("\n", failures));
  }

  /** The corpus and interop files that are neither encrypted, bad data nor large. */
  private static List<Path> filesToFilter() throws java.io.IOException {
    List<Path> all = new ArrayList<>();
    for (Path file : Corpus.allParquetFiles()) {
      if (!Corpus.isEncrypted(file) && !Corpus.isBadData(file) && Files.size(file) <= 20 << 20) {
        all.add(file);
      }
    }
    Path interop = Corpus.shared().resolve("interop");
    if (Files.isDirectory(interop)) {
      try (var walk = Files.walk(interop)) {
        walk.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(all::add);
      }
    }
    return all;
  }

  /**
   * Every corpus file, bad data included, read with a filter on each of its columns outside lists
   * (IS NOT NULL, which every column takes) and with a row slice: the read either succeeds, with
   * the rows an unfiltered read has where the column is not null, or fails with a
   * ParquetFormatException, as an unfiltered read of the file does.
   */
  @Test
  void everyFileFiltersOrFailsAsItReads() throws Exception {
    int reads = 0;
    for (Path file : Corpus.allParquetFiles()) {
      if (Corpus.isEncrypted(file) || Files.size(file) > 20 << 20) {
        continue;
      }
      List<List<Object>> all;
      try {
        all = rows(file, ReadOptions.defaults());
      } catch (dev.parrow.codec.ParquetFormatException e) {
        all = null;
      }
      List<String> columns = new ArrayList<>();
      List<String> fieldNames = new ArrayList<>();
      try (ParquetFile pf = ParquetFile.open(file)) {
        pf.arrowSchema().getFields().forEach(f -> fieldNames.add(f.getName()));
        for (var c : pf.parquetSchema().columns()) {
          if (c.maxRepetitionLevel() == 0) {
            columns.add(c.dottedPath());
          }
        }
      } catch (dev.parrow.codec.ParquetFormatException e) {
        continue;
      }
      for (String column : columns.subList(0, Math.min(4, columns.size()))) {
        for (ReadOptions options :
            List.of(
                ReadOptions.builder().filter(Filter.isNotNull(column)).batchSize(100).build(),
                ReadOptions.builder()
                    .filter(Filter.isNotNull(column))
                    .pruneOnly(true)
                    .rowOffset(5)
                    .rowLimit(1000)
                    .build())) {
          try {
            List<List<Object>> got = rows(file, options);
            reads++;
            int field = fieldNames.indexOf(column);
            if (all != null && !options.pruneOnly() && field >= 0) {
              // A top-level column: exactly the rows where it is not null.
              List<List<Object>> expected =
                  all.stream().filter(row -> row.get(field) != null).toList();
              assertEquals(expected, got, Corpus.name(file) + " where " + column + " IS NOT NULL");
            }
          } catch (dev.parrow.codec.ParquetFormatException e) {
            assertTrue(
                all == null || Corpus.isBadData(file),
                Corpus.name(file) + " fails filtered on " + column + " but reads whole: " + e);
          }
        }
      }
    }
    assertTrue(reads > 100, reads + " filtered reads");
  }

  /** A file's rows and the literals of its filterable columns. */
  private static final class Table {
    final List<List<Object>> rows = new ArrayList<>();
    final Map<String, List<Object>> literals = new LinkedHashMap<>();

    /** The top-level fields' names. */
    final List<String> names = new ArrayList<>();

    /** Top-level list column -> literals of some of its elements (null for a null element). */
    final Map<String, List<Object>> elements = new LinkedHashMap<>();

    /** A test of a list: its length, its nulls, an element, or whether it holds a value. */
    Filter randomListFilter(Random r, String column) {
      dev.parrow.arrow.filter.Expression list = dev.parrow.arrow.filter.Expression.column(column);
      List<Object> values = elements.get(column);
      Object v = values.isEmpty() ? null : values.get(r.nextInt(values.size()));
      dev.parrow.arrow.filter.Expression value = dev.parrow.arrow.filter.Expression.literal(v);
      dev.parrow.arrow.filter.Expression index =
          dev.parrow.arrow.filter.Expression.literal((long) (r.nextInt(6) - 2));
      Filter f =
          switch (r.nextInt(7)) {
            case 0 ->
                Filter.compute(
                    dev.parrow.arrow.filter.Expression.call("length", list),
                    Filter.Op.values()[r.nextInt(Filter.Op.values().length)],
                    dev.parrow.arrow.filter.Expression.literal((long) r.nextInt(4)));
            case 1 -> r.nextBoolean() ? Filter.isNull(column) : Filter.isNotNull(column);
            case 2 ->
                Filter.test(
                    dev.parrow.arrow.filter.Expression.call(
                        "is_null",
                        dev.parrow.arrow.filter.Expression.call("list_extract", list, index)));
            case 3, 4 ->
                Filter.test(dev.parrow.arrow.filter.Expression.call("list_contains", list, value));
            case 5 ->
                Filter.compute(
                    dev.parrow.arrow.filter.Expression.call("list_extract", list, index),
                    Filter.Op.EQ,
                    value);
            default ->
                Filter.compute(
                    dev.parrow.arrow.filter.Expression.call("list_position", list, value),
                    Filter.Op.LE,
                    dev.parrow.arrow.filter.Expression.literal(2L));
          };
      return r.nextInt(4) == 0 ? Filter.not(f) : f;
    }

    Filter randomFilter(Random r) {
      List<String> columns = new ArrayList<>(literals.keySet());
      Filter[] parts = new Filter[1 + r.nextInt(2)];
      for (int k = 0; k < parts.length; k++) {
        String column = columns.get(r.nextInt(columns.size()));
        List<Object> values = literals.get(column);
        Object v = values.isEmpty() ? null : values.get(r.nextInt(values.size()));
        if (v == null) {
          parts[k] = r.nextBoolean() ? Filter.isNull(column) : Filter.isNotNull(column);
          continue;
        }
        Filter.Op op = Filter.Op.values()[r.nextInt(Filter.Op.values().length)];
        parts[k] = r.nextInt(5) == 0 ? Filter.in(column, v) : new Filter.Compare(column, op, v);
      }
      return parts.length == 1 ? parts[0] : r.nextBoolean() ? Filter.and(parts) : Filter.or(parts);
    }
  }

  /** The whole file by Parrow, or null when Parrow cannot read it. */
  private static Table read(Path file) {
    Table table = new Table();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader = pf.newReader(allocator)) {
      reader
          .getVectorSchemaRoot()
          .getSchema()
          .getFields()
          .forEach(f -> table.names.add(f.getName()));
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.add(Canonical.value(v, i, reader));
            if (v.getField().getDictionary() == null
                && v instanceof org.apache.arrow.vector.complex.BaseListVector list
                && list.getChildrenFromFields().size() == 1
                && filterable(list.getChildrenFromFields().get(0))
                && !v.isNull(i)
                && table.rows.size() % 5 == 0) {
              FieldVector element = list.getChildrenFromFields().get(0);
              List<Object> literals =
                  table.elements.computeIfAbsent(v.getName(), k -> new ArrayList<>());
              for (int j = list.getElementStartIndex(i); j < list.getElementEndIndex(i); j++) {
                try {
                  literals.add(element.isNull(j) ? null : FilterIT.literal(element, j));
                } catch (AssertionError e) {
                  break;
                }
              }
            }
            if (filterable(v) && table.rows.size() % 7 == 0) {
              Object literal = null;
              try {
                literal = v.isNull(i) ? null : FilterIT.literal(v, i);
              } catch (AssertionError e) {
                continue;
              }
              table.literals.computeIfAbsent(v.getName(), k -> new ArrayList<>()).add(literal);
            }
          }
          table.rows.add(row);
        }
      }
    } catch (Exception e) {
      return null;
    }
    return table;
  }

  private static boolean filterable(FieldVector v) {
    ArrowType t = v.getField().getType();
    return v.getField().getDictionary() == null
        && !(t instanceof ArrowType.Struct
            || t instanceof ArrowType.List
            || t instanceof ArrowType.LargeList
            || t instanceof ArrowType.FixedSizeList
            || t instanceof ArrowType.Map
            || t instanceof ArrowType.Union
            || t instanceof ArrowType.Interval
            || t instanceof ArrowType.Null
            || t instanceof ArrowType.ExtensionType
            || t instanceof ArrowType.Duration
            || (t instanceof ArrowType.FloatingPoint f
                && f.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.HALF));
  }

  /** The rows a filtered read of a file gives, counted batch by batch, and the reader's stats. */
  record FilteredRead(long rows, dev.parrow.arrow.ReadStats stats) {}

  /** Reads {@code file} whole with {@code filter} (SQL). */
  static FilteredRead filteredRead(Path file, String filter) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().filter(filter).build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      return new FilteredRead(rows, reader.stats());
    }
  }

  static List<List<Object>> rows(Path file, ReadOptions options) throws Exception {
    try (ParquetFile pf = ParquetFile.open(file)) {
      return rows(pf, options);
    }
  }

  /** Every row a read of {@code pf} with {@code options} gives, as canonical values. */
  static List<List<Object>> rows(ParquetFile pf, ReadOptions options) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader = pf.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.add(Canonical.value(v, i, reader));
          }
          out.add(row);
        }
      }
    }
    return out;
  }
}
