package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on list columns against DuckDB's WHERE: lengths, nulls, elements by index and membership
 * (len, IS NULL, l[i], list_contains, list_position) over lists of every flat type, a list inside a
 * struct that is itself null in some rows, and a list of structs, on a file DuckDB wrote and on
 * Parrow's copy of it in small pages and row groups. The rows must be DuckDB's, in order, with the
 * values of the unfiltered read, whether the list is read for the rows or for the filter alone, in
 * batches of every size.
 */
class ListFilterIT {
  @TempDir static Path dir;
  static Path duckFile;
  static Path parrowFile;

  @BeforeAll
  static void write() throws Exception {
    duckFile = dir.resolve("lists-duckdb.parquet");
    parrowFile = dir.resolve("lists-parrow.parquet");
    try (DuckDb duck = new DuckDb()) {
      // r(i, k, n): a value in [0, n) for row i, drawn by k.
      duck.execute("CREATE MACRO r(i, k, n) AS (hash(i, k) % n)::INTEGER");
      duck.execute("CREATE MACRO pick(i, k, options) AS options[1 + r(i, k, len(options))]");
      duck.execute("CREATE MACRO maybe(i, k, v) AS CASE WHEN r(i, k, 9) = 0 THEN NULL ELSE v END");
      duck.execute(
          "COPY (SELECT i AS id,"
              + " CASE WHEN r(i, 1, 11) = 0 THEN NULL ELSE list_value(maybe(i, 2, r(i, 3, 11) - 5),"
              + "   maybe(i, 4, r(i, 5, 11) - 5), r(i, 6, 11) - 5, r(i, 7, 11) - 5)[1:r(i, 8, 5)]"
              + "   END AS ints,"
              + " CASE WHEN r(i, 10, 11) = 0 THEN NULL ELSE list_value("
              + "   maybe(i, 11, pick(i, 12, ['a', 'b', 'c', 'dd', 'é', ''])),"
              + "   pick(i, 13, ['a', 'b', 'c', 'dd', 'é', '']),"
              + "   pick(i, 14, ['a', 'b', 'c', 'dd', 'é', '']))[1:r(i, 15, 4)] END AS strs,"
              + " CASE WHEN r(i, 20, 11) = 0 THEN NULL ELSE list_value("
              + "   maybe(i, 21, pick(i, 22, [0.5, 1.0, -0.0, 0.0, 'nan'::DOUBLE, 2.25,"
              + "     'inf'::DOUBLE])),"
              + "   pick(i, 23, [0.5, 1.0, -0.0, 2.25]))[1:r(i, 24, 3)] END AS dbls,"
              + " CASE WHEN r(i, 30, 11) = 0 THEN NULL ELSE list_value("
              + "   maybe(i, 31, ((r(i, 32, 601) - 300) / 100)::DECIMAL(9, 2)),"
              + "   ((r(i, 33, 601) - 300) / 100)::DECIMAL(9, 2))[1:r(i, 34, 3)] END AS decs,"
              + " CASE WHEN r(i, 40, 11) = 0 THEN NULL ELSE list_value("
              + "   maybe(i, 41, DATE '2020-01-01' + r(i, 42, 6)),"
              + "   DATE '2020-01-01' + r(i, 43, 6))[1:r(i, 44, 3)] END AS dates,"
              + " CASE WHEN r(i, 50, 11) = 0 THEN NULL ELSE list_value("
              + "   maybe(i, 51, r(i, 52, 2) = 1), r(i, 53, 2) = 1)[1:r(i, 54, 3)] END AS bools,"
              + " list_value(4611686018427387904, -7, r(i, 60, 3))[1:r(i, 61, 4)] AS big,"
              + " CASE WHEN r(i, 70, 9) = 0 THEN NULL ELSE {'tags': CASE WHEN r(i, 71, 7) = 0"
              + "   THEN NULL ELSE list_value(pick(i, 72, ['a', 'b']), pick(i, 73, ['a', 'b']))"
              + "   [1:r(i, 74, 3)] END, 'k': r(i, 75, 4)} END AS s,"
              + " CASE WHEN r(i, 80, 8) = 0 THEN NULL ELSE list_value("
              + "   {'a': r(i, 81, 5), 'b': pick(i, 82, ['x', 'y'])},"
              + "   {'a': r(i, 83, 5), 'b': NULL})[1:r(i, 84, 3)] END AS recs,"
              + " CASE WHEN r(i, 100, 9) = 0 THEN NULL ELSE map_from_entries(list_value("
              + "   {'k': 'a', 'v': maybe(i, 101, r(i, 102, 5))},"
              + "   {'k': pick(i, 103, ['b', 'c', 'd']), 'v': r(i, 104, 5)})[1:r(i, 105, 3)]) END"
              + "   AS attrs,"
              + " {'m': CASE WHEN r(i, 110, 5) = 0 THEN NULL ELSE map_from_entries(list_value("
              + "   {'k': r(i, 111, 4), 'v': pick(i, 112, ['x', 'y'])})[1:r(i, 113, 2)]) END,"
              + "   'z': 1} AS s2,"
              + " maybe(i, 90, r(i, 91, 13) - 6) AS idx,"
              + " maybe(i, 92, r(i, 93, 11) - 5) AS x"
              + " FROM range(6000) t(i))"
              + " TO "
              + DuckDb.literal(duckFile)
              + " (FORMAT parquet, ROW_GROUP_SIZE 2048)");
    }
    // Parrow's copy: its own writer, in pages of 50 rows and row groups of 700.
    copy(duckFile, parrowFile, WriteOptions.builder().rowGroupRows(700).pageRows(50).build());
  }

  /** {@code from} read and written to {@code to} by Parrow. */
  static void copy(Path from, Path to, WriteOptions options) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(from);
        ParquetArrowReader reader = pf.newReader(allocator);
        ParquetArrowWriter w =
            ParquetArrowWriter.create(to, reader.getVectorSchemaRoot().getSchema(), options)) {
      while (reader.loadNextBatch()) {
        w.write(reader.getVectorSchemaRoot());
      }
    }
  }

  static final List<String> CONDITIONS =
      List.of(
          "list_contains(ints, 3)",
          "list_contains(ints, NULL)",
          "list_contains(ints, x)",
          "list_contains(ints, '2')",
          "array_contains(ints, 1) AND list_has(strs, 'b')",
          "len(ints) = 0",
          "len(ints) > 2",
          "length(ints) = x",
          "array_length(ints) = 3",
          "ints IS NULL",
          "ints[1] = 2",
          "ints[-1] = 2",
          "ints[0] IS NULL",
          "ints[idx] > 0",
          "ints[idx] IS NULL",
          "list_extract(ints, 2) = 1",
          "ints[1] + ints[2] > 3",
          "coalesce(ints[1], 0) = 0",
          "list_position(ints, 2) = 2",
          "list_position(ints, NULL) = 1",
          "list_position(ints, x) = 1",
          "CASE WHEN len(ints) > 2 THEN ints[3] ELSE 0 END = 1",
          "list_contains(strs, 'a')",
          "list_contains(strs, '')",
          "strs[2] = 'dd'",
          "upper(strs[1]) = 'É'",
          "list_element(strs, -1) LIKE 'd%'",
          "list_position(strs, 'c') = 3",
          "list_contains(dbls, 0.0)",
          "list_contains(dbls, 'nan')",
          "list_contains(dbls, 'inf'::DOUBLE)",
          "dbls[1] > 0.7",
          "list_contains(decs, 1.5)",
          "list_contains(decs, 1)",
          "decs[1] * 2 > 1",
          "list_contains(dates, DATE '2020-01-03')",
          "list_contains(dates, '2020-01-03')",
          "year(dates[1]) = 2020 AND day(dates[-1]) > 3",
          "list_contains(bools, true)",
          "bools[1]",
          "NOT bools[2]",
          "list_contains(big, 4611686018427387904)",
          "big[3] = 1",
          "list_contains(s.tags, 'a')",
          "len(s.tags) = 1",
          "s.tags IS NULL",
          "s.tags[1] = 'b' OR s.k = 2",
          "len(recs) = 2",
          "recs IS NULL",
          "len(recs) > 0 AND list_contains(ints, 0)",
          "list_has_any(ints, [1, 2])",
          "list_has_any(ints, [1, NULL])",
          "list_has_any(ints, [x, idx])",
          "list_has_all(ints, [x, 1])",
          "list_has_all(ints, [NULL])",
          "list_has_all(ints, [])",
          "array_has_any(strs, ['a', 'dd'])",
          "array_has_all(strs, ['a', 'b'])",
          "list_has_any(decs, [1.5, -2])",
          "list_has_any(s.tags, ['b'])",
          "list_min(ints) = -5",
          "list_max(ints) > 3 AND list_min(ints) < 0",
          "list_sum(ints) > 3",
          "list_count(ints) = 2",
          "list_count(ints) IS NULL OR list_sum(ints) IS NULL",
          "list_max(strs) = 'é'",
          "list_min(dbls) = 0 OR list_max(dbls) = 'nan'",
          "list_sum(dbls) > 2",
          "list_sum(decs) > 1.5",
          "list_max(dates) = DATE '2020-01-05'",
          "list_max(bools)",
          "list_sum(big) > 9223372036854775807",
          "list_max(s.tags) = 'b'",
          "attrs['a'] = 1",
          "attrs['a'] IS NULL",
          "attrs['b'] > 2 OR attrs['zz'] IS NOT NULL",
          "attrs['a'] IN (1, 2)",
          "attrs['a'] + attrs['b'] > 4",
          "attrs['a'] = x",
          "map_extract_value(attrs, 'c') = 0",
          "map_contains(attrs, 'd')",
          "map_contains_value(attrs, 3)",
          "cardinality(attrs) = 2",
          "attrs IS NULL",
          "s2.m[1] = 'x'",
          "s2['m']['2'] = 'y'",
          "s2.m[x] = 'x'",
          "map_contains(s2.m, x)",
          "s2.m IS NULL OR cardinality(s2.m) = 0");

  /** The string elements, read as dictionaries in one of the reads. */
  static final String[] DICTIONARY_ELEMENTS = {"strs.list.element", "s.tags.list.element"};

  @Test
  void stringElementsReadAsDictionaries() throws Exception {
    try (ParquetFile pf = ParquetFile.open(parrowFile)) {
      var schema =
          pf.arrowSchema(
              ReadOptions.builder().types(t -> t.dictionaryColumns(DICTIONARY_ELEMENTS)).build());
      assertTrue(
          schema.findField("strs").getChildren().get(0).getDictionary() != null, schema.toString());
    }
  }

  @Test
  void listFiltersSelectDuckDbsRows() throws Exception {
    List<String> failures = new ArrayList<>();
    int compared = 0;
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator()) {
      for (Path file : List.of(duckFile, parrowFile)) {
        try (ParquetFile pf = ParquetFile.open(file)) {
          Map<Long, List<Object>> all = FilterIT.rowsById(pf, allocator, ReadOptions.defaults());
          assertEquals(6000, all.size());
          for (String condition : CONDITIONS) {
            for (String where : List.of(condition, "NOT (" + condition + ")")) {
              List<Long> expected = FilterIT.duckDbIds(duck, file, where);
              // The lists read with the rows, in batches of 97; read for the filter alone.
              Map<Long, List<Object>> rows =
                  FilterIT.rowsById(
                      pf, allocator, ReadOptions.builder().filter(where).batchSize(97).build());
              List<Long> alone =
                  FilterIT.ids(
                      pf, allocator, ReadOptions.builder().filter(where).columns("id").build());
              // Strings as dictionary ids, the elements looked up through the dictionary.
              List<Long> coded =
                  FilterIT.ids(
                      pf,
                      allocator,
                      ReadOptions.builder()
                          .filter(where)
                          .types(t -> t.dictionaryColumns(DICTIONARY_ELEMENTS))
                          .build());
              compared++;
              if (!new ArrayList<>(rows.keySet()).equals(expected)
                  || !alone.equals(expected)
                  || !coded.equals(expected)) {
                failures.add(
                    file.getFileName()
                        + ": "
                        + where
                        + " -> DuckDB "
                        + expected.size()
                        + " rows, Parrow "
                        + rows.size()
                        + " (filter-only "
                        + alone.size()
                        + ", strings as dictionaries "
                        + coded.size()
                        + ")");
                continue;
              }
              for (long id : expected) {
                if (!rows.get(id).equals(all.get(id))) {
                  failures.add(file.getFileName() + ": " + where + " -> row " + id + " differs");
                  break;
                }
              }
            }
          }
        }
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
    assertEquals(CONDITIONS.size() * 4, compared);
  }

  /**
   * list_contains(l, v) skips the row groups and pages whose elements' statistics rule out v (and
   * list_has_any, list_has_all, l[i] = v and l[i] >= v theirs), and still selects DuckDB's rows; a
   * negation skips nothing.
   */
  @Test
  void listContainsPrunesByItsElements() throws Exception {
    Path duckClustered = dir.resolve("clustered-duckdb.parquet");
    Path parrowClustered = dir.resolve("clustered-parrow.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, ['t' || lpad((i // 100)::VARCHAR, 4, '0'), 'common'] AS tags,"
              + " [i, i + 1] AS nums FROM range(100000) t(i)) TO "
              + DuckDb.literal(duckClustered)
              + " (FORMAT parquet, ROW_GROUP_SIZE 20480)");
    }
    copy(
        duckClustered,
        parrowClustered,
        WriteOptions.builder().rowGroupRows(20000).pageRows(1000).build());
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator()) {
      for (Path file : List.of(duckClustered, parrowClustered)) {
        try (ParquetFile pf = ParquetFile.open(file)) {
          int groups = pf.metadata().rowGroups().size();
          for (String where :
              List.of(
                  "list_contains(tags, 't0500')",
                  "list_contains(nums, 55555)",
                  "list_contains(nums, -1)",
                  "list_has_any(nums, [55555, 55556])",
                  "list_has_all(nums, [55555, 55556])",
                  "nums[1] = 55555",
                  "nums[-1] >= 99999",
                  "list_max(nums) < 3",
                  "list_min(nums) = 55555",
                  "NOT list_contains(nums, 55555)")) {
            List<Long> expected = FilterIT.duckDbIds(duck, file, where);
            List<Long> got = new ArrayList<>();
            dev.parrow.arrow.ReadStats stats;
            try (ParquetArrowReader reader =
                pf.newReader(allocator, ReadOptions.builder().filter(where).build())) {
              while (reader.loadNextBatch()) {
                var id =
                    (org.apache.arrow.vector.BigIntVector)
                        reader.getVectorSchemaRoot().getVector("id");
                for (int i = 0; i < id.getValueCount(); i++) {
                  got.add(id.get(i));
                }
              }
              stats = reader.stats();
            }
            assertEquals(expected, got, file.getFileName() + ": " + where);
            if (where.startsWith("NOT")) {
              assertEquals(groups, stats.rowGroupsRead(), where + ": " + stats);
            } else {
              assertTrue(stats.rowGroupsRead() <= 1, where + ": " + stats);
              if (file == parrowClustered && where.contains("nums") && !expected.isEmpty()) {
                // Pages of 1,000 rows: only those whose bounds hold the value (the tags' pages
                // all hold 'common' below, so their bounds rule out less).
                assertTrue(stats.rowsScanned() <= 2000, where + ": " + stats);
              }
            }
          }
        }
      }
    }
  }

  /**
   * A dataset whose second file lacks the lists and maps: its rows have them null, as DuckDB's
   * union_by_name reads them.
   */
  @Test
  void aFileWithoutTheListsReadsThemAsNull() throws Exception {
    Path dataset = dir.resolve("dataset");
    java.nio.file.Files.createDirectories(dataset);
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT * FROM read_parquet("
              + DuckDb.literal(duckFile)
              + ") WHERE id < 500) TO "
              + DuckDb.literal(dataset.resolve("a.parquet"))
              + " (FORMAT parquet)");
      duck.execute(
          "COPY (SELECT id, x FROM range(500, 700) t(id), (SELECT 1 AS x)) TO "
              + DuckDb.literal(dataset.resolve("b.parquet"))
              + " (FORMAT parquet)");
      List<String> failures = new ArrayList<>();
      for (String where :
          List.of(
              "list_contains(ints, 3)",
              "NOT list_contains(ints, 3)",
              "ints IS NULL",
              "len(strs) = 2",
              "ints[1] = 2",
              "list_has_any(ints, [1, 2])",
              "attrs['a'] = 1",
              "attrs['a'] IS NULL",
              "map_extract_value(attrs, 'a') = 1",
              "map_contains(attrs, 'b')",
              "cardinality(attrs) = 1",
              "s2.m[1] = 'x'")) {
        List<Long> expected = new ArrayList<>();
        for (var row :
            duck.query(
                "SELECT id FROM read_parquet("
                    + DuckDb.literal(dataset.resolve("*.parquet"))
                    + ", union_by_name = true) WHERE "
                    + where
                    + " ORDER BY id")) {
          expected.add(((Number) row.get("id")).longValue());
        }
        List<Long> got = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
            var reader =
                dev.parrow.arrow.ParquetDataset.open(dataset.toString())
                    .newReader(allocator, ReadOptions.builder().filter(where).build())) {
          while (reader.loadNextBatch()) {
            var id = reader.getVectorSchemaRoot().getVector("id");
            for (int i = 0; i < id.getValueCount(); i++) {
              got.add(((Number) id.getObject(i)).longValue());
            }
          }
        }
        got.sort(null);
        if (!got.equals(expected)) {
          failures.add(where + " -> DuckDB " + expected.size() + " rows, Parrow " + got.size());
        }
      }
      assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
  }

  /** What a filter cannot do with a list is an error naming the file and the list. */
  @Test
  void listMisusesAreClearErrors() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(duckFile)) {
      for (String[] c :
          new String[][] {
            {"ints = 3", "'ints' is a list; a filter tests it through len(...)"},
            {"lower(ints) = 'a'", "lower does not take a list"},
            {"list_contains(x, 3)", "list_contains takes a list, not an integer"},
            {"ints[1.5] = 1", "list_extract takes an integer index, not a decimal"},
            {"list_contains(recs, 1)", "reads the elements of a list of structs"},
            {"coalesce(ints, ints) IS NULL", "coalesce does not take a list"},
            {"attrs = 1", "'attrs' is a map; a filter tests it through ['key']"},
            {"lower(attrs) = 'a'", "lower does not take a map"},
            {"len(attrs) = 1", "length takes a string, not a map"},
            {"map_contains(ints, 1)", "map_contains takes a map, not a list"},
            {"list_contains(ints, 'abc')", "it compares an integer with 'abc'"}
          }) {
        IllegalArgumentException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> FilterIT.ids(pf, allocator, ReadOptions.builder().filter(c[0]).build()),
                c[0]);
        assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("lists-duckdb.parquet"), e.getMessage());
      }
    }
  }
}
