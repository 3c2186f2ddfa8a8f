package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Choosing a nested leaf (or group) by its dotted path returns the path to it with only the chosen
 * children, holding the same values as the whole field read (which FixtureReadIT checks against
 * Arrow C++ and DuckDB), at batch sizes that cut rows anywhere.
 */
class NestedProjectionIT {
  private static final Path FILE = FixturesIT.projectTestdata().resolve("nested_zstd.parquet");

  @Test
  void aLeafInsideAListOfStructsKeepsThePathToIt() throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns whole = CorpusReadIT.readWithParrow(FILE, allocator, ReadOptions.defaults());
      for (int batch : new int[] {7, 1000}) {
        Columns a =
            CorpusReadIT.readWithParrow(
                FILE,
                allocator,
                ReadOptions.builder().columns("l_struct.list.element.a").batchSize(batch).build());
        assertEquals(List.of("l_struct"), List.copyOf(a.values.keySet()));
        assertEquals(
            "l_struct: List<element: Struct<a: Int(64, true)>>",
            a.fields.get("l_struct").toString());
        assertEquals(
            keep(whole.values.get("l_struct"), Set.of("a")),
            a.values.get("l_struct"),
            "batch " + batch);
      }
    }
  }

  @Test
  void twoLeavesOfAStructAndAWholeMap() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(FILE)) {
      Columns whole = CorpusReadIT.readWithParrow(FILE, allocator, ReadOptions.defaults());
      Columns xsAndN =
          CorpusReadIT.readWithParrow(
              FILE,
              allocator,
              ReadOptions.builder().columns("s_list_map.n", "s_list_map.xs").batchSize(33).build());
      assertEquals(
          List.of("xs", "n"),
          xsAndN.fields.get("s_list_map").getChildren().stream().map(f -> f.getName()).toList());
      assertEquals(
          keep(whole.values.get("s_list_map"), Set.of("xs", "n")), xsAndN.values.get("s_list_map"));
      // A map's value alone still brings its keys: a map without them would be another type.
      Columns value =
          CorpusReadIT.readWithParrow(
              FILE,
              allocator,
              ReadOptions.builder().columns("m_list.key_value.value.list.element").build());
      assertEquals(whole.values.get("m_list"), value.values.get("m_list"));
      assertEquals(file.arrowSchema().findField("m_list"), value.fields.get("m_list"));
    }
  }

  /** The values with every struct (a Java Map) cut down to {@code names}, at any depth. */
  @SuppressWarnings("unchecked")
  private static Object keep(Object value, Set<String> names) {
    if (value instanceof List<?> list) {
      return list.stream().map(v -> keep(v, names)).toList();
    }
    if (value instanceof Map<?, ?> struct) {
      Map<String, Object> out = new LinkedHashMap<>();
      ((Map<String, Object>) struct)
          .forEach(
              (k, v) -> {
                if (names.contains(k)) {
                  out.put(k, v);
                }
              });
      return out;
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> keep(List<Object> column, Set<String> names) {
    return (List<Object>) keep((Object) column, names);
  }
}
