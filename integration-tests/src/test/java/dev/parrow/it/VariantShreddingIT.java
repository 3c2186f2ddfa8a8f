package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.VariantShreddingSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variants written shredded: DuckDB's variants (testdata/variants_snappy.parquet: objects with
 * typed fields, a list and a nested object; mixed values; small integers) written by Parrow
 * shredded to the schema {@link VariantShreddingSchema#infer} proposes, and every valid case of
 * parquet-testing's shredded_variant corpus (objects, arrays and primitives of every type at any
 * depth) likewise: Parrow and DuckDB read them back as the same values, and the shredded fields are
 * columns of their own with statistics. A caller's schema shreds as it says, and a value of another
 * type stays in the value column.
 */
class VariantShreddingIT {
  @TempDir Path dir;

  /** Every variant column of {@code source}, read whole: name to values. */
  private static Map<String, List<VariantIT.Variant>> variants(Path source) throws Exception {
    Map<String, List<VariantIT.Variant>> out = new java.util.LinkedHashMap<>();
    try (ParquetFile pf = ParquetFile.open(source)) {
      for (Field f : pf.arrowSchema().getFields()) {
        if (dev.parrow.types.VariantArrow.isVariant(f)) {
          out.put(f.getName(), VariantIT.read(source, f.getName(), 4096));
        }
      }
    }
    return out;
  }

  /** Writes {@code source}'s rows again, its variant columns shredded as inferred from them. */
  private static Path rewriteShredded(Path source, Path target, Map<String, Field> schemas)
      throws Exception {
    Map<String, List<VariantIT.Variant>> columns = variants(source);
    WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(1000);
    for (Map.Entry<String, List<VariantIT.Variant>> e : columns.entrySet()) {
      Field schema = schemas.get(e.getKey());
      if (schema == null) {
        List<byte[]> metadata = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (VariantIT.Variant v : e.getValue()) {
          metadata.add(v == null ? null : v.metadata());
          values.add(v == null ? null : v.value());
        }
        schema = VariantShreddingSchema.infer(metadata, values, 64, 8);
      }
      if (schema != null) {
        schemas.put(e.getKey(), schema);
        options.variantShredding(e.getKey(), schema);
      }
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(source);
        ParquetArrowReader reader =
            pf.newReader(allocator, ReadOptions.builder().batchSize(700).build())) {
      ParquetArrowWriter.writeAll(reader, OutputFile.of(target), options.build(), rows -> {});
    }
    return target;
  }

  private static void assertSameVariants(Path expected, Path actual) throws Exception {
    Map<String, List<VariantIT.Variant>> want = variants(expected);
    Map<String, List<VariantIT.Variant>> got = variants(actual);
    assertEquals(want.keySet(), got.keySet());
    for (String column : want.keySet()) {
      List<VariantIT.Variant> w = want.get(column);
      List<VariantIT.Variant> g = got.get(column);
      assertEquals(w.size(), g.size(), column);
      for (int i = 0; i < w.size(); i++) {
        assertEquals(
            w.get(i) == null ? null : w.get(i).json(),
            g.get(i) == null ? null : g.get(i).json(),
            actual.getFileName() + " " + column + " row " + i);
      }
    }
  }

  @Test
  void duckDbVariantsShreddedAsInferred() throws Exception {
    Path source = FixturesIT.projectTestdata().resolve("variants_snappy.parquet");
    Map<String, Field> schemas = new java.util.LinkedHashMap<>();
    Path ours = rewriteShredded(source, dir.resolve("shredded.parquet"), schemas);
    // The objects' fields, the list and the nested object are shredded as DuckDB shredded them.
    Field doc = schemas.get("doc");
    assertNotNull(doc, schemas.toString());
    assertEquals(
        List.of("id", "name", "nested", "score", "tags"),
        doc.getChildren().stream().map(Field::getName).toList(),
        doc.toString());
    assertSameVariants(source, ours);
    try (ParquetFile pf = ParquetFile.open(ours)) {
      ColumnDescriptor score = pf.footer().schema().column("doc.typed_value.score.typed_value");
      assertNotNull(score, "the shredded field is a column of its own");
      assertEquals(PhysicalType.DOUBLE, score.physicalType());
      Statistics s =
          pf.metadata().rowGroups().get(0).columns().get(score.index()).metaData().statistics();
      assertNotNull(s.minValue(), "the shredded field has statistics");
      assertNotNull(
          pf.footer()
              .schema()
              .column("doc.typed_value.tags.typed_value.list.element" + ".typed_value"));
    }
    // Arrow C++ 18.3 predates VARIANT: it refuses Parrow's file as it refuses DuckDB's, for the
    // annotation on the group, nothing else.
    for (Path file : List.of(source, ours)) {
      try (BufferAllocator allocator = new RootAllocator()) {
        RuntimeException e =
            assertThrows(RuntimeException.class, () -> ArrowCpp.read(file, allocator));
        assertTrue(
            e.getMessage().contains("Logical type Variant cannot be applied to group node"),
            e.getMessage());
      }
    }
    // DuckDB reads Parrow's shredded file as the values of its own.
    try (DuckDb duck = new DuckDb()) {
      String query =
          "SELECT id, doc::JSON::VARCHAR AS doc, mixed::JSON::VARCHAR AS mixed,"
              + " small::JSON::VARCHAR AS small FROM read_parquet(%s) ORDER BY id";
      assertEquals(
          duck.query(String.format(query, DuckDb.literal(source))),
          duck.query(String.format(query, DuckDb.literal(ours))));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyCorpusCaseShreddedReadsBackTheSame() throws Exception {
    List<Object> cases =
        (List<Object>) Json.parse(Files.readString(VariantIT.shredded().resolve("cases.json")));
    int written = 0;
    int shredded = 0;
    for (Object o : cases) {
      Map<String, Object> c = (Map<String, Object>) o;
      String parquet = (String) c.get("parquet_file");
      if (parquet == null || c.containsKey("error_message")) {
        continue; // no file, or one that is not a valid variant
      }
      Path source = VariantIT.shredded().resolve(parquet);
      Map<String, Field> schemas = new java.util.LinkedHashMap<>();
      Path ours = rewriteShredded(source, dir.resolve(parquet), schemas);
      assertSameVariants(source, ours);
      written++;
      shredded += schemas.isEmpty() ? 0 : 1;
    }
    assertEquals(131, written);
    assertTrue(shredded > 100, shredded + " cases shredded");
  }

  /**
   * A caller's schema: score as a float (DuckDB's are doubles) shreds nothing of it, so every score
   * stays in its field's value column; the values read back the same.
   */
  @Test
  void aSchemaOfAnotherTypeLeavesTheValuesInTheValueColumn() throws Exception {
    Path source = FixturesIT.projectTestdata().resolve("variants_snappy.parquet");
    Field floats =
        new Field(
            "typed_value",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable(
                    "score", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
    Map<String, Field> schemas = new java.util.LinkedHashMap<>(Map.of("doc", floats));
    Path ours = rewriteShredded(source, dir.resolve("floats.parquet"), schemas);
    assertSameVariants(source, ours);
    try (ParquetFile pf = ParquetFile.open(ours)) {
      ColumnDescriptor typed = pf.footer().schema().column("doc.typed_value.score.typed_value");
      ColumnDescriptor value = pf.footer().schema().column("doc.typed_value.score.value");
      var group = pf.metadata().rowGroups().get(0);
      assertEquals(
          group.numRows(),
          group.columns().get(typed.index()).metaData().statistics().nullCount(),
          "no score is a float");
      assertTrue(
          group.columns().get(value.index()).metaData().statistics().nullCount() < group.numRows(),
          "the scores are in the value column");
    }
  }

  /**
   * A filter on a variant field ({@code doc.score}) compares its shredded values and prunes by
   * their statistics: DuckDB writes 3,000 objects, scores rising, every fiftieth's score a string;
   * Parrow writes them shredded in row groups of 500; {@code doc.score > 250} reads only the row
   * groups that can hold such scores and finds the rows DuckDB's {@code TRY_CAST(doc.score AS
   * DOUBLE) > 250} finds, in DuckDB's file and in Parrow's.
   */
  @Test
  void filtersOnAShreddedFieldPruneByItsStatistics() throws Exception {
    Path source = dir.resolve("duck-variants.parquet");
    Path ours = dir.resolve("pruned.parquet");
    long expected;
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i, CASE WHEN i % 50 = 0 THEN {'score': 'n/a'}::VARIANT"
              + " ELSE {'score': (i / 10)::DOUBLE, 'name': 'n' || i}::VARIANT END AS doc"
              + " FROM range(3000) t(i) ORDER BY i) TO "
              + DuckDb.literal(source));
      expected =
          ((Number)
                  duck.query(
                          "SELECT count(*) AS n FROM read_parquet("
                              + DuckDb.literal(source)
                              + ") WHERE TRY_CAST(doc.score AS DOUBLE) > 250")
                      .get(0)
                      .get("n"))
              .longValue();
    }
    assertTrue(expected > 0);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(source);
        ParquetArrowReader reader = pf.newReader(allocator, ReadOptions.defaults())) {
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(ours),
          WriteOptions.builder().rowGroupRows(500).inferVariantShredding(true).build(),
          rows -> {});
    }
    for (Path file : List.of(source, ours)) {
      FilterCorpusIT.FilteredRead read = FilterCorpusIT.filteredRead(file, "doc.score > 250");
      assertEquals(expected, read.rows(), file.getFileName().toString());
      if (file.equals(ours)) {
        assertEquals(6, read.stats().rowGroups());
        assertEquals(1, read.stats().rowGroupsRead(), "only the last row group can match");
      }
    }
    // The same through the CLI, on a dataset of the two files.
    Path dataset = dir.resolve("both");
    Files.createDirectories(dataset);
    Files.copy(source, dataset.resolve("duck.parquet"));
    Files.copy(ours, dataset.resolve("parrow.parquet"));
    assertEquals(
        String.valueOf(2 * expected),
        CliOutputIT.ok("count", dataset.toString(), "--where", "doc.score > 250").out().strip());
    // A field the file does not shred is named in the error.
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> {
              try (BufferAllocator allocator = new RootAllocator();
                  ParquetFile pf = ParquetFile.open(ours)) {
                pf.newReader(
                        allocator,
                        ReadOptions.builder()
                            .filter(dev.parrow.arrow.filter.Filter.parse("doc.missing = 1"))
                            .build())
                    .close();
              }
            });
    assertTrue(e.getMessage().contains("does not shred"), e.getMessage());
  }

  /** {@code convert --shred-variants} (writeAll inferring from the first batch). */
  @Test
  void theCliShredsAsTheFirstBatchSuggests() throws Exception {
    Path source = FixturesIT.projectTestdata().resolve("variants_snappy.parquet");
    Path out = dir.resolve("cli.parquet");
    CliOutputIT.ok("convert", source.toString(), out.toString(), "--shred-variants");
    assertSameVariants(source, out);
    try (ParquetFile pf = ParquetFile.open(out)) {
      assertNotNull(
          pf.footer().schema().column("doc.typed_value.nested.typed_value.ok.typed_value"));
      assertNotNull(pf.footer().schema().column("small.typed_value"));
    }
    assertEquals(
        CliOutputIT.ok("cat", source.toString(), "--format", "jsonl").out(),
        CliOutputIT.ok("cat", out.toString(), "--format", "jsonl").out());
  }

  @Test
  void schemasVariantsCannotShredAreRefused() {
    Field variant = dev.parrow.types.VariantArrow.field("v", true);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                VariantShreddingSchema.shreddedField(
                    variant, Field.nullable("typed_value", new ArrowType.Int(32, false))));
    assertTrue(e.getMessage().contains("v:"), e.getMessage());
  }
}
