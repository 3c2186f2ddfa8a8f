package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SortingColumn;
import dev.parrow.storage.InputFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Facts the corpus documents about particular files (data/README.md, geospatial/README.md,
 * shredded_variant/README.md), read back through Parrow's footer reader.
 */
class CorpusDetailsIT {

  private static Footer footer(String relative) throws Exception {
    Path file = Corpus.parquetTesting().resolve(relative);
    try (InputFile in = InputFile.of(file)) {
      return FooterReader.read(in);
    }
  }

  @Test
  void columnChunkKeyValueMetadataKeepsAKeyWithoutValue() throws Exception {
    // "one with column chunk key-value metadata {"foo": "bar", "thisiskeywithoutvalue": null}"
    Footer f = footer("data/column_chunk_key_value_metadata.parquet");
    List<KeyValue> kv =
        f.metaData().rowGroups().get(0).columns().get(0).metaData().keyValueMetadata();
    assertEquals(
        List.of(new KeyValue("foo", "bar"), new KeyValue("thisiskeywithoutvalue", null)), kv);
  }

  @Test
  void sortingColumnsAreRead() throws Exception {
    // "first column with nulls first and descending, second column with nulls last and ascending
    // ...
    //  two row groups with same data and sorting columns"
    Footer f = footer("data/sort_columns.parquet");
    assertEquals(2, f.metaData().rowGroups().size());
    for (RowGroup group : f.metaData().rowGroups()) {
      assertEquals(
          List.of(new SortingColumn(0, true, true), new SortingColumn(1, false, false)),
          group.sortingColumns());
    }
  }

  @Test
  void anUnknownLogicalTypeIsKeptNotFatal() throws Exception {
    Footer f = footer("data/unknown-logical-type.parquet");
    assertEquals(new LogicalType.StringType(), f.schema().column(0).logicalType());
    assertTrue(
        f.schema().column(1).logicalType() instanceof LogicalType.Unknown,
        String.valueOf(f.schema().column(1).logicalType()));
    assertEquals(PhysicalType.BYTE_ARRAY, f.schema().column(1).physicalType());
  }

  @Test
  void float16IsAnnotated() throws Exception {
    Footer f = footer("data/float16_zeros_and_nans.parquet");
    assertEquals(new LogicalType.Float16Type(), f.schema().column(0).logicalType());
    assertEquals(2, f.schema().column(0).typeLength());
  }

  @Test
  void geospatialTypesCarryTheirCrs() throws Exception {
    // "crs-srid.parquet: ... a GEOMETRY column with the crs parameter set to srid:5070"
    assertEquals(
        new LogicalType.GeometryType("srid:5070"),
        footer("data/geospatial/crs-srid.parquet").schema().column("geometry").logicalType());
    // "crs-geography.parquet: Contains a GEOGRAPHY column with the crs omitted"
    assertEquals(
        new LogicalType.GeographyType(null, null),
        footer("data/geospatial/crs-geography.parquet").schema().column("geography").logicalType());
  }

  @Test
  void shreddedVariantGroupsAreAnnotated() throws Exception {
    Footer f = footer("shredded_variant/case-001.parquet");
    var variant =
        f.schema().root().children().stream()
            .filter(n -> n.name().equals("var"))
            .findFirst()
            .orElseThrow();
    assertTrue(
        variant.element().logicalType() instanceof LogicalType.VariantType,
        String.valueOf(variant.element().logicalType()));
  }
}
