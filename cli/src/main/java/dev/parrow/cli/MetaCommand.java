package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.PageEncodingStats;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.metadata.SortingColumn;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow meta FILE}: the file, its row groups and their column chunks. */
@Command(
    name = "meta",
    mixinStandardHelpOptions = true,
    description =
        "Print the file metadata: the file, key-value metadata, each row group and its column "
            + "chunks (codec, encodings, sizes, compression ratio, statistics).")
final class MetaCommand implements Callable<Integer> {
  /**
   * Long key-value entries (a base64 ARROW:schema) are shortened in the terminal; --json has them
   * whole.
   */
  static final int MAX_TEXT_VALUE = 72;

  static final int MAX_STAT_TEXT = 32;

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = Inputs.PARQUET_LOCATION)
  String file;

  @picocli.CommandLine.Mixin KeySettings keys;

  @Option(names = "--json", description = "Print the same information as JSON, values unabridged.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (Inputs.isDataset(file)) {
      DatasetText.files(out, file, dev.parrow.arrow.ParquetDataset.open(file), json);
      return 0;
    }
    try (ParquetFile f = Inputs.parquet(file, keys.decryption())) {
      if (json) {
        out.println(toJson(f.footer()));
      } else {
        printText(out, f.footer());
      }
    }
    return 0;
  }

  private static void printText(PrintWriter out, Footer footer) {
    FileMetaData meta = footer.metaData();
    Table file = new Table("property", "value");
    file.row("file", footer.fileName());
    file.row(
        "size",
        Sizes.bytes(footer.fileLength()) + " (" + Sizes.count(footer.fileLength()) + " bytes)");
    file.row("footer", Sizes.bytes(footer.metadataLength()));
    file.row("created by", meta.createdBy());
    file.row("format version", meta.version());
    file.row("rows", Sizes.count(meta.numRows()));
    file.row("row groups", meta.rowGroups().size());
    file.row("leaf columns", footer.schema().columnCount());
    if (meta.columnOrders() != null) {
      file.row(
          "column orders",
          meta.columnOrders().stream()
              .map(ColumnOrder::describe)
              .distinct()
              .collect(Collectors.joining(", ")));
    }
    file.print(out, "");
    if (footer.crypto() != null) {
      out.println();
      SchemaCommand.printEncryption(out, footer);
    }
    if (meta.keyValueMetadata() != null && !meta.keyValueMetadata().isEmpty()) {
      out.println();
      out.println("key-value metadata:");
      Table kv = new Table("key", "value");
      for (KeyValue entry : meta.keyValueMetadata()) {
        kv.row(
            entry.key(),
            entry.value() == null ? "(no value)" : abbreviate(entry.value(), MAX_TEXT_VALUE));
      }
      kv.print(out, "  ");
    }
    for (int g = 0; g < meta.rowGroups().size(); g++) {
      RowGroup group = meta.rowGroups().get(g);
      out.println();
      long compressed = 0;
      long uncompressed = 0;
      for (ColumnChunk chunk : group.columns()) {
        if (chunk.metaData() != null) {
          compressed += chunk.metaData().totalCompressedSize();
          uncompressed += chunk.metaData().totalUncompressedSize();
        }
      }
      out.printf(
          "row group %d: %s rows, %s compressed, %s uncompressed (ratio %s)%s%n",
          g,
          Sizes.count(group.numRows()),
          Sizes.bytes(compressed),
          Sizes.bytes(uncompressed),
          Sizes.ratio(uncompressed, compressed),
          sorting(group.sortingColumns(), footer));
      Table chunks =
          new Table(
              "column",
              "type",
              "codec",
              "encodings",
              ">values",
              ">compressed",
              ">uncompressed",
              ">ratio",
              ">nulls",
              ">NaNs",
              ">unencoded",
              "def levels",
              "rep levels",
              "min",
              "max");
      for (int c = 0; c < group.columns().size(); c++) {
        ColumnMetaData m = group.columns().get(c).metaData();
        ColumnDescriptor column = footer.schema().column(c);
        if (m == null) {
          // An encrypted column this read has no key for: its metadata is encrypted too.
          chunks.row(
              column.dottedPath(),
              SchemaCommand.physical(column.element()),
              "(encrypted: no key)",
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null);
          continue;
        }
        Statistics s = m.statistics() == null ? Statistics.EMPTY : m.statistics();
        SizeStatistics size = m.sizeStatistics();
        // Geometries have no byte min/max: their bounding box stands in its columns.
        var box = m.geospatialStatistics() == null ? null : m.geospatialStatistics().bbox();
        chunks.row(
            column.dottedPath(),
            SchemaCommand.physical(column.element()),
            m.codec(),
            encodings(m.encodings()),
            Sizes.count(m.numValues()),
            Sizes.bytes(m.totalCompressedSize()),
            Sizes.bytes(m.totalUncompressedSize()),
            Sizes.ratio(m.totalUncompressedSize(), m.totalCompressedSize()),
            s.nullCount() == null ? null : Sizes.count(s.nullCount()),
            s.nanCount() == null ? null : Sizes.count(s.nanCount()),
            size == null || size.unencodedByteArrayDataBytes() == null
                ? null
                : Sizes.bytes(size.unencodedByteArrayDataBytes()),
            size == null
                ? null
                : ColumnIndexCommand.histogram(
                    size.definitionLevelHistogram(), column.maxDefinitionLevel(), 0),
            size == null
                ? null
                : ColumnIndexCommand.histogram(
                    size.repetitionLevelHistogram(), column.maxRepetitionLevel(), 0),
            box != null
                ? corner(box, true)
                : bound(ValueFormatter.format(column, min(s)), s.isMinValueExact()),
            box != null
                ? corner(box, false)
                : bound(ValueFormatter.format(column, max(s)), s.isMaxValueExact()));
      }
      chunks.print(out, "  ");
    }
  }

  /**
   * A min or max as the table shows it: abbreviated, and marked when the writer says it is a
   * truncated bound rather than a value of the column.
   */
  private static String bound(String text, Boolean exact) {
    String shown = abbreviate(text, MAX_STAT_TEXT);
    return shown != null && Boolean.FALSE.equals(exact) ? shown + " (truncated)" : shown;
  }

  /** A bounding box's lower or upper corner, (x, y[, z][, m]), for the min and max columns. */
  static String corner(dev.parrow.codec.metadata.BoundingBox b, boolean lower) {
    StringBuilder out = new StringBuilder("(");
    out.append(number(lower ? b.xmin() : b.xmax())).append(", ");
    out.append(number(lower ? b.ymin() : b.ymax()));
    Double z = lower ? b.zmin() : b.zmax();
    Double m = lower ? b.mmin() : b.mmax();
    if (z != null) {
      out.append(", z ").append(number(z));
    }
    if (m != null) {
      out.append(", m ").append(number(m));
    }
    return out.append(')').toString();
  }

  private static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  private static String sorting(List<SortingColumn> sorting, Footer footer) {
    if (sorting == null || sorting.isEmpty()) {
      return "";
    }
    return ", sorted by "
        + sorting.stream()
            .map(
                s -> {
                  String name =
                      s.columnIdx() >= 0 && s.columnIdx() < footer.schema().columnCount()
                          ? footer.schema().column(s.columnIdx()).dottedPath()
                          : "#" + s.columnIdx();
                  return name
                      + (s.descending() ? " desc" : " asc")
                      + (s.nullsFirst() ? " nulls first" : " nulls last");
                })
            .collect(Collectors.joining(", "));
  }

  /**
   * The bound in the column's order, or the legacy signed-order field when that is all there is.
   */
  static dev.parrow.codec.metadata.Bytes min(Statistics s) {
    return s.minValue() != null ? s.minValue() : s.min();
  }

  static dev.parrow.codec.metadata.Bytes max(Statistics s) {
    return s.maxValue() != null ? s.maxValue() : s.max();
  }

  static String encodings(List<Encoding> encodings) {
    return encodings.stream().map(Encoding::name).collect(Collectors.joining(","));
  }

  static String abbreviate(String s, int max) {
    if (s == null || s.length() <= max) {
      return s;
    }
    return s.substring(0, max - 1) + "… (" + Sizes.count(s.length()) + " chars)";
  }

  static String toJson(Footer footer) {
    FileMetaData meta = footer.metaData();
    JsonWriter j = new JsonWriter().beginObject();
    j.field("file", footer.fileName());
    j.field("fileSize", footer.fileLength());
    j.field("footerSize", footer.metadataLength());
    j.field("createdBy", meta.createdBy());
    j.field("formatVersion", meta.version());
    j.field("numRows", meta.numRows());
    j.field("numRowGroups", meta.rowGroups().size());
    j.field("numColumns", footer.schema().columnCount());
    j.name("keyValueMetadata");
    keyValues(j, meta.keyValueMetadata());
    j.name("encryption");
    encryptionJson(j, footer);
    j.name("columnOrders");
    if (meta.columnOrders() == null) {
      j.value((String) null);
    } else {
      j.beginArray();
      meta.columnOrders().forEach(o -> j.value(o.describe()));
      j.endArray();
    }
    j.name("columns").beginArray();
    for (ColumnDescriptor c : footer.schema().columns()) {
      j.beginObject();
      j.field("path", c.dottedPath());
      j.field("physicalType", c.physicalType().name());
      j.field("typeLength", c.element().typeLength());
      j.field("repetition", c.element().repetition().name());
      j.field("logicalType", c.logicalType() == null ? null : c.logicalType().describe());
      j.field("convertedType", SchemaCommand.convertedType(c.element()));
      j.field("fieldId", c.element().fieldId());
      j.field("maxDefinitionLevel", c.maxDefinitionLevel());
      j.field("maxRepetitionLevel", c.maxRepetitionLevel());
      j.endObject();
    }
    j.endArray();
    j.name("rowGroups").beginArray();
    for (int g = 0; g < meta.rowGroups().size(); g++) {
      RowGroup group = meta.rowGroups().get(g);
      j.beginObject();
      j.field("index", g);
      j.field("numRows", group.numRows());
      j.field("totalByteSize", group.totalByteSize());
      j.field("totalCompressedSize", group.totalCompressedSize());
      j.field("fileOffset", group.fileOffset());
      j.field("ordinal", group.ordinal());
      j.name("sortingColumns");
      if (group.sortingColumns() == null) {
        j.value((String) null);
      } else {
        j.beginArray();
        for (SortingColumn s : group.sortingColumns()) {
          j.beginObject()
              .field("columnIndex", s.columnIdx())
              .field("descending", s.descending())
              .field("nullsFirst", s.nullsFirst())
              .endObject();
        }
        j.endArray();
      }
      j.name("columns").beginArray();
      for (int c = 0; c < group.columns().size(); c++) {
        chunkJson(j, footer.schema().column(c), group.columns().get(c));
      }
      j.endArray();
      j.endObject();
    }
    j.endArray();
    return j.endObject().toString();
  }

  /**
   * An encrypted file's algorithm, footer mode and encrypted columns (their key and its metadata,
   * and whether this read could read them); null for a plaintext file. Never a key.
   */
  private static void encryptionJson(JsonWriter j, Footer footer) {
    if (footer.crypto() == null) {
      j.value((String) null);
      return;
    }
    j.beginObject();
    j.field("algorithm", footer.crypto().algorithm().describe());
    j.field("footer", footer.metaData().encryptionAlgorithm() == null ? "encrypted" : "plaintext");
    j.name("columns").beginArray();
    for (SchemaCommand.EncryptedColumn c : SchemaCommand.encryptedColumns(footer)) {
      j.beginObject();
      j.field("path", c.path());
      j.field("key", c.ownKey() ? "column" : "footer");
      if (c.ownKey()) {
        j.field("keyMetadata", c.keyMetadata());
      }
      j.field("readable", c.readable());
      j.endObject();
    }
    j.endArray();
    j.endObject();
  }

  private static void chunkJson(JsonWriter j, ColumnDescriptor column, ColumnChunk chunk) {
    ColumnMetaData m = chunk.metaData();
    j.beginObject();
    j.field("path", column.dottedPath());
    j.field("encrypted", chunk.cryptoMetadata() != null);
    if (m == null) {
      // Encrypted with a key this read was not given: nothing else is known of it.
      j.field("readable", false);
      j.endObject();
      return;
    }
    // null where the writer left the path out (chunks are matched to leaves by their place)
    j.field("pathInSchema", m.pathInSchema().isEmpty() ? null : String.join(".", m.pathInSchema()));
    j.field("type", m.type().name());
    j.field("codec", m.codec().name());
    j.name("encodings").beginArray();
    m.encodings().forEach(e -> j.value(e.name()));
    j.endArray();
    j.field("numValues", m.numValues());
    j.field("totalCompressedSize", m.totalCompressedSize());
    j.field("totalUncompressedSize", m.totalUncompressedSize());
    String ratio = Sizes.ratio(m.totalUncompressedSize(), m.totalCompressedSize());
    j.field("compressionRatio", ratio == null ? null : Double.valueOf(ratio));
    j.field("dataPageOffset", m.dataPageOffset());
    j.field("dictionaryPageOffset", m.dictionaryPageOffset());
    j.field("indexPageOffset", m.indexPageOffset());
    j.field("bloomFilterOffset", m.bloomFilterOffset());
    j.field("bloomFilterLength", m.bloomFilterLength());
    j.field("columnIndexOffset", chunk.columnIndexOffset());
    j.field("columnIndexLength", chunk.columnIndexLength());
    j.field("offsetIndexOffset", chunk.offsetIndexOffset());
    j.field("offsetIndexLength", chunk.offsetIndexLength());
    j.field("filePath", chunk.filePath());
    j.name("statistics");
    statisticsJson(j, column, m.statistics());
    j.name("encodingStats");
    if (m.encodingStats() == null) {
      j.value((String) null);
    } else {
      j.beginArray();
      for (PageEncodingStats s : m.encodingStats()) {
        j.beginObject()
            .field("pageType", s.pageType().name())
            .field("encoding", s.encoding().name())
            .field("count", s.count())
            .endObject();
      }
      j.endArray();
    }
    j.name("sizeStatistics");
    SizeStatistics size = m.sizeStatistics();
    if (size == null) {
      j.value((String) null);
    } else {
      j.beginObject();
      j.field("unencodedByteArrayDataBytes", size.unencodedByteArrayDataBytes());
      longs(j.name("repetitionLevelHistogram"), size.repetitionLevelHistogram());
      longs(j.name("definitionLevelHistogram"), size.definitionLevelHistogram());
      j.endObject();
    }
    j.name("geospatialStatistics");
    var geo = m.geospatialStatistics();
    if (geo == null) {
      j.value((String) null);
    } else {
      j.beginObject();
      j.name("bbox");
      var b = geo.bbox();
      if (b == null) {
        j.value((String) null);
      } else {
        j.beginObject()
            .field("xmin", b.xmin())
            .field("xmax", b.xmax())
            .field("ymin", b.ymin())
            .field("ymax", b.ymax())
            .field("zmin", b.zmin())
            .field("zmax", b.zmax())
            .field("mmin", b.mmin())
            .field("mmax", b.mmax())
            .endObject();
      }
      j.name("geospatialTypes");
      if (geo.geospatialTypes() == null) {
        j.value((String) null);
      } else {
        j.beginArray();
        geo.geospatialTypes().forEach(j::value);
        j.endArray();
      }
      j.endObject();
    }
    j.name("keyValueMetadata");
    keyValues(j, m.keyValueMetadata());
    j.endObject();
  }

  static void statisticsJson(JsonWriter j, ColumnDescriptor column, Statistics s) {
    if (s == null) {
      j.value((String) null);
      return;
    }
    j.beginObject();
    j.field("nullCount", s.nullCount());
    j.field("distinctCount", s.distinctCount());
    j.field("nanCount", s.nanCount());
    j.field("min", ValueFormatter.formatForJson(column, min(s)));
    j.field("max", ValueFormatter.formatForJson(column, max(s)));
    j.field("minValue", s.minValue() == null ? null : s.minValue().toHex());
    j.field("maxValue", s.maxValue() == null ? null : s.maxValue().toHex());
    j.field("legacyMin", s.min() == null ? null : s.min().toHex());
    j.field("legacyMax", s.max() == null ? null : s.max().toHex());
    j.field("isMinValueExact", s.isMinValueExact());
    j.field("isMaxValueExact", s.isMaxValueExact());
    j.endObject();
  }

  private static void longs(JsonWriter j, List<Long> values) {
    if (values == null) {
      j.value((String) null);
      return;
    }
    j.beginArray();
    values.forEach(j::value);
    j.endArray();
  }

  private static void keyValues(JsonWriter j, List<KeyValue> entries) {
    if (entries == null) {
      j.value((String) null);
      return;
    }
    j.beginArray();
    for (KeyValue kv : entries) {
      j.beginObject().field("key", kv.key()).field("value", kv.value()).endObject();
    }
    j.endArray();
  }
}
