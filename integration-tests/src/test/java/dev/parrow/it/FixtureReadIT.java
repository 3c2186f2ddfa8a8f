package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.it.fixtures.Fixture;
import dev.parrow.it.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every testdata/ fixture (DuckDB-written: every flat type DuckDB writes x every codec it offers,
 * and the nested tables) reads with Parrow to the same values as Arrow C++ and DuckDB read, and the
 * same at batch sizes 1, 7 and 1024.
 */
class FixtureReadIT {

  @TestFactory
  Stream<DynamicTest> everyFixture() {
    return Fixtures.ALL.stream().map(f -> DynamicTest.dynamicTest(f.file(), () -> compare(f)));
  }

  private static void compare(Fixture fixture) throws Exception {
    Path file = FixturesIT.projectTestdata().resolve(fixture.file());
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions options = ReadOptions.defaults();
      Columns parrow = CorpusReadIT.readWithParrow(file, allocator, options);
      for (int batch : new int[] {1, 7, 1024}) {
        Columns again =
            CorpusReadIT.readWithParrow(
                file, allocator, options.toBuilder().batchSize(batch).build());
        assertEquals(parrow.values, again.values, "batch size " + batch);
      }
      String limitation = arrowCppLimitation(fixture);
      if (limitation != null) {
        // A file Arrow C++ cannot read: DuckDB checks it alone, and the test notices if Arrow C++
        // learns.
        RuntimeException e =
            assertThrows(RuntimeException.class, () -> ArrowCpp.read(file, allocator));
        assertTrue(e.getMessage().contains(limitation), e.getMessage());
      } else {
        assertSame("Arrow C++", ArrowCpp.read(file, allocator), parrow);
      }
      if (fixture == dev.parrow.it.fixtures.Fixtures.VARIANTS) {
        // DuckDB exports no VARIANT to Arrow: its JSON of each variant is compared instead.
        VariantIT.assertSameJsonAsDuckDb(file, List.of("doc", "mixed", "small"));
      } else {
        assertSame("DuckDB", DuckDbArrow.read(file, allocator), parrow);
      }
    }
  }

  /**
   * What keeps Arrow C++ (arrow-dataset 18.3.0 JNI) from reading a fixture, or null: its build has
   * no Brotli, it rejects the 33-bit DELTA_BINARY_PACKED widths DuckDB writes for INT32 columns,
   * and it knows no VARIANT group.
   */
  private static String arrowCppLimitation(Fixture fixture) {
    if (fixture == dev.parrow.it.fixtures.Fixtures.VARIANTS) {
      return "Variant cannot be applied to group";
    }
    if (fixture.options().contains("brotli")) {
      return "brotli";
    }
    if (fixture.options().contains("PARQUET_VERSION V2")) {
      return "delta bit width larger than integer bit width";
    }
    return null;
  }

  static void assertSame(String oracle, Columns expected, Columns actual) {
    assertEquals(expected.rows, actual.rows, oracle + ": rows");
    assertEquals(expected.values.keySet(), actual.values.keySet(), oracle + ": columns");
    for (String column : actual.values.keySet()) {
      ArrowType theirs = expected.types.get(column);
      ArrowType ours = actual.types.get(column);
      Field theirField = expected.fields.get(column);
      Field ourField = actual.fields.get(column);
      List<Object> e = expected.values.get(column);
      List<Object> a = actual.values.get(column);
      for (int row = 0; row < a.size(); row++) {
        Object want = comparable(e.get(row), theirField, ourField);
        Object got = comparable(a.get(row), ourField, theirField);
        if (!Objects.equals(want, got)) {
          fail(
              oracle
                  + ": "
                  + column
                  + " row "
                  + row
                  + ": "
                  + oracle
                  + " ("
                  + theirs
                  + ") has "
                  + e.get(row)
                  + ", Parrow ("
                  + ours
                  + ") has "
                  + a.get(row));
        }
      }
    }
  }

  /**
   * {@link #comparable(Object, ArrowType, ArrowType)} at any depth: list elements (a Java List) and
   * struct fields (a Java Map by name) are followed down the two fields side by side.
   */
  @SuppressWarnings("unchecked")
  private static Object comparable(Object value, Field field, Field other) {
    if (value instanceof List<?> elements
        && !field.getChildren().isEmpty()
        && !other.getChildren().isEmpty()) {
      Field element = field.getChildren().get(0);
      Field otherElement = other.getChildren().get(0);
      return elements.stream().map(x -> comparable(x, element, otherElement)).toList();
    }
    if (value instanceof Map<?, ?> struct) {
      Map<String, Object> out = new LinkedHashMap<>();
      int i = 0;
      for (Map.Entry<String, Object> e : ((Map<String, Object>) struct).entrySet()) {
        boolean both = i < field.getChildren().size() && i < other.getChildren().size();
        out.put(
            e.getKey(),
            both
                ? comparable(e.getValue(), field.getChildren().get(i), other.getChildren().get(i))
                : e.getValue());
        i++;
      }
      return out;
    }
    return comparable(value, field.getType(), other.getType());
  }

  /**
   * Values two readers represent differently but mean the same: INTERVAL as raw bytes (Arrow C++)
   * and UUIDs as strings (DuckDB), brought to Parrow's form.
   */
  private static Object comparable(Object value, ArrowType type, ArrowType other) {
    if (value == null) {
      return null;
    }
    if (type instanceof ArrowType.ExtensionType ext) {
      // arrow.uuid: its values are its storage's.
      type = ext.storageType();
    }
    if (type instanceof ArrowType.FixedSizeBinary f
        && f.getByteWidth() == 12
        && other instanceof ArrowType.Interval) {
      return Canonical.intervalFromBytes(value);
    }
    if (type instanceof ArrowType.FixedSizeBinary f
        && f.getByteWidth() == 16
        && other instanceof ArrowType.Utf8) {
      byte[] b = HexFormat.of().parseHex(((String) value).substring(4));
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b);
      return new UUID(buf.getLong(), buf.getLong()).toString();
    }
    return value;
  }
}
