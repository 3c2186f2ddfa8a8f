package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB's fixed-size ARRAY columns: DuckDB writes a null array as its size's level entries, the
 * ones after the first continuing a list that is not there (pyarrow fails on such files). Parrow
 * reads them as DuckDB does, at every depth and batch size.
 */
class DuckDbArraysIT {
  @TempDir Path dir;

  private static final String ARRAYS =
      """
      SELECT i,
        (CASE WHEN i % 4 = 1 THEN NULL ELSE [i, NULL, i + 1] END)::INTEGER[3] AS ints,
        (CASE WHEN i % 5 = 2 THEN NULL
              ELSE [CASE WHEN i % 3 = 0 THEN NULL ELSE ['a' || i, NULL] END, ['b', 'c' || i]] END
        )::VARCHAR[2][2] AS strings,
        (CASE WHEN i % 6 = 3 THEN NULL ELSE [{'a': i, 'b': 'x' || i}, NULL] END
        )::STRUCT(a INTEGER, b VARCHAR)[2] AS structs,
        (CASE WHEN i % 7 = 4 THEN NULL
              ELSE list_slice([[i, i], NULL, [NULL, -i]], 1, i % 4) END)::INTEGER[2][] AS list_of_arrays,
        (CASE WHEN i % 8 = 5 THEN NULL
              ELSE [list_slice([i, NULL, i], 1, i % 4), NULL] END)::INTEGER[][2] AS array_of_lists,
        {'arr': (CASE WHEN i % 3 = 2 THEN NULL ELSE [i * 1.5, NULL] END)::DOUBLE[2]} AS struct_of_array
      FROM range(1000) t(i)
      """;

  @Test
  void nullArraysReadAsDuckDbReadsThem() throws Exception {
    for (String options :
        new String[] {
          "ROW_GROUP_SIZE 300", "ROW_GROUP_SIZE 300, PARQUET_VERSION V2, COMPRESSION zstd"
        }) {
      Path file = dir.resolve("arrays.parquet");
      try (DuckDb duck = new DuckDb()) {
        duck.execute(
            "COPY ("
                + ARRAYS
                + ") TO "
                + DuckDb.literal(file)
                + " (FORMAT parquet, OVERWRITE_OR_IGNORE, "
                + options
                + ")");
      }
      try (BufferAllocator allocator = new RootAllocator()) {
        Columns duckdb = DuckDbArrow.read(file, allocator);
        assertEquals(1000, duckdb.rows);
        // Some arrays are null: the file has the entries this is about.
        assertTrue(duckdb.values.get("ints").contains(null));
        for (int batch : new int[] {1, 7, 1024}) {
          Columns parrow =
              CorpusReadIT.readWithParrow(
                  file, allocator, ReadOptions.builder().batchSize(batch).build());
          FixtureReadIT.assertSame("DuckDB (" + options + ", batch " + batch + ")", duckdb, parrow);
        }
      }
    }
  }
}
