package dev.parrow.codec.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WriterVersionTest {
  @Test
  void parsesTheUsualForms() {
    assertEquals(
        new WriterVersion("parquet-mr", 1, 8, 0),
        WriterVersion.parse("parquet-mr version 1.8.0 (build 0)"));
    assertEquals(
        new WriterVersion("parquet-cpp-arrow", 17, 0, 0),
        WriterVersion.parse("parquet-cpp-arrow version 17.0.0-SNAPSHOT"));
    assertEquals(
        new WriterVersion("impala", 1, 3, 0),
        WriterVersion.parse(
            "impala version 1.3.0-INTERNAL (build 8a48ddb1eff84592b3fc06bc6f51ec120e1fffc9)"));
    assertEquals(new WriterVersion("parquet-mr", 0, 0, 0), WriterVersion.parse("parquet-mr"));
    assertEquals(new WriterVersion("DuckDB", 0, 0, 0), WriterVersion.parse("DuckDB"));
    assertEquals(new WriterVersion("", 0, 0, 0), WriterVersion.parse(null));
    assertEquals(new WriterVersion("", 0, 0, 0), WriterVersion.parse("   "));
  }

  @Test
  void comparesVersions() {
    WriterVersion v = WriterVersion.parse("parquet-mr version 1.2.8");
    assertTrue(v.before(1, 2, 9));
    assertFalse(v.before(1, 2, 8));
    assertFalse(WriterVersion.parse("parquet-mr version 1.10.0").before(1, 2, 9));
    assertTrue(v.is("PARQUET-MR"));
  }
}
