package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.it.fixtures.Fixture;
import dev.parrow.it.fixtures.FixtureGenerator;
import dev.parrow.it.fixtures.Fixtures;
import dev.parrow.storage.InputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed testdata/ files are what the generator makes: regenerated into a temporary folder,
 * each has the same schema and row groups, and DuckDB finds the same rows in both (any DuckDB
 * version may write different bytes, so bytes are not compared).
 */
class FixturesIT {
  @TempDir static Path fresh;

  @TestFactory
  Stream<DynamicTest> committedFixturesMatchTheGenerator() throws Exception {
    FixtureGenerator.generate(fresh, Fixtures.ALL);
    return Fixtures.ALL.stream().map(f -> DynamicTest.dynamicTest(f.file(), () -> compare(f)));
  }

  private static void compare(Fixture fixture) throws Exception {
    Path committed = projectTestdata().resolve(fixture.file());
    Path regenerated = fresh.resolve(fixture.file());
    assertTrue(
        Files.exists(committed),
        committed + " is missing: run the generator (see testdata/README.md)");
    Footer a = footer(committed);
    Footer b = footer(regenerated);
    assertEquals(b.metaData().schema(), a.metaData().schema(), "schema");
    assertEquals(rows(b.metaData().rowGroups()), rows(a.metaData().rowGroups()), "row groups");
    try (DuckDb duckdb = new DuckDb()) {
      for (String[] pair :
          new String[][] {{"committed", "regenerated"}, {"regenerated", "committed"}}) {
        Path left = pair[0].equals("committed") ? committed : regenerated;
        Path right = pair[0].equals("committed") ? regenerated : committed;
        List<Map<String, Object>> extra =
            duckdb.query(
                "SELECT count(*) AS n FROM (SELECT * FROM "
                    + DuckDb.literal(left)
                    + " EXCEPT ALL SELECT * FROM "
                    + DuckDb.literal(right)
                    + ")");
        assertEquals(
            0L,
            ((Number) extra.get(0).get("n")).longValue(),
            "rows only in the " + pair[0] + " file");
      }
      List<Map<String, Object>> count =
          duckdb.query("SELECT count(*) AS n FROM " + DuckDb.literal(committed));
      assertEquals(a.metaData().numRows(), ((Number) count.get(0).get("n")).longValue());
    }
  }

  /** The project's testdata/ (tests run in integration-tests/). */
  static Path projectTestdata() {
    Path here = Path.of("").toAbsolutePath();
    Path candidate = here.resolveSibling("testdata");
    return Files.isDirectory(candidate) ? candidate : here.resolve("testdata");
  }

  private static Footer footer(Path file) throws Exception {
    try (InputFile in = InputFile.of(file)) {
      return FooterReader.read(in);
    }
  }

  private static List<Long> rows(List<RowGroup> groups) {
    return groups.stream().map(RowGroup::numRows).toList();
  }
}
