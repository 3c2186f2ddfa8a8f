package dev.parrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.storage.InputFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark file is real Parquet: Parrow reads its footer and DuckDB reads its values. */
class WideFileGeneratorTest {

  @Test
  void duckDbReadsWhatTheGeneratorWrote(@TempDir Path dir) throws Exception {
    int columns = 41;
    int groups = 3;
    Path file = dir.resolve("wide.parquet");
    WideFileGenerator.write(file, columns, groups);

    try (InputFile in = InputFile.of(file)) {
      Footer footer = FooterReader.read(in);
      assertEquals(columns, footer.schema().columnCount());
      assertEquals(groups, footer.metaData().rowGroups().size());
    }

    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      for (int column : new int[] {0, 1, 2, 3, 40}) {
        String name = WideFileGenerator.name(column);
        ResultSet rs = s.executeQuery("SELECT CAST(" + name + " AS VARCHAR) FROM '" + file + "'");
        for (int g = 0; g < groups; g++) {
          rs.next();
          long v = WideFileGenerator.value(column, g);
          String expected =
              switch (WideFileGenerator.typeOf(column)) {
                case DOUBLE -> Double.toString((double) v);
                case INT32 -> java.time.LocalDate.ofEpochDay(v % 100_000).toString();
                default -> Long.toString(v);
              };
          assertEquals(expected, rs.getString(1), name + " row " + g);
        }
      }
    }
    assertEquals(PhysicalType.BYTE_ARRAY, WideFileGenerator.typeOf(2));
  }
}
