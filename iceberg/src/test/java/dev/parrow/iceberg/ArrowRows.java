package dev.parrow.iceberg;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.apache.iceberg.data.Record;

/**
 * Rows as text that equal values give equal text of, whoever read them: Parrow's Arrow batches,
 * Iceberg's generic records, and (the spark module's tests) Spark's rows, in the form of the Spark
 * tests' {@code ParrowSparkIT.text}: a row or struct as {@code [a,b]}, a list as {@code [x, y]}, a
 * map as its sorted {@code k->v} entries, bytes as hex, dates as ISO dates.
 */
public final class ArrowRows {
  private ArrowRows() {}

  /** Each row a reader reads, as text, sorted; every batch fully validated. */
  public static List<String> rowsOf(ArrowReader reader) throws IOException {
    List<String> out = new ArrayList<>();
    while (reader.loadNextBatch()) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      for (FieldVector v : root.getFieldVectors()) {
        // Arrow Java 19's validator rejects every MapVector (it expects a List type): its
        // entries are validated instead.
        ValueVectorUtility.validateFull(v instanceof MapVector m ? m.getDataVector() : v);
      }
      for (int row = 0; row < root.getRowCount(); row++) {
        List<String> values = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
          values.add(text(v, row));
        }
        out.add("[" + String.join(",", values) + "]");
      }
    }
    out.sort(null);
    return out;
  }

  /** A value of an Arrow vector as text. */
  public static String text(FieldVector v, int row) {
    if (v.isNull(row)) {
      return "null";
    }
    if (v instanceof DateDayVector d) {
      return LocalDate.ofEpochDay(d.get(row)).toString();
    }
    if (v instanceof MapVector m) {
      List<String> entries = new ArrayList<>();
      StructVector kv = (StructVector) m.getDataVector();
      FieldVector keys = kv.getChildrenFromFields().get(0);
      FieldVector values = kv.getChildrenFromFields().get(1);
      for (int i = m.getElementStartIndex(row); i < m.getElementEndIndex(row); i++) {
        entries.add(text(keys, i) + "->" + text(values, i));
      }
      entries.sort(null);
      return entries.toString();
    }
    if (v instanceof StructVector s && dev.parrow.types.VariantArrow.isVariant(s.getField())) {
      // A variant as Iceberg prints one, from its metadata and value bytes.
      org.apache.iceberg.variants.VariantMetadata metadata =
          org.apache.iceberg.variants.VariantMetadata.from(
              java.nio.ByteBuffer.wrap((byte[]) s.getChild("metadata").getObject(row))
                  .order(java.nio.ByteOrder.LITTLE_ENDIAN));
      org.apache.iceberg.variants.VariantValue value =
          org.apache.iceberg.variants.VariantValue.from(
              metadata,
              java.nio.ByteBuffer.wrap((byte[]) s.getChild("value").getObject(row))
                  .order(java.nio.ByteOrder.LITTLE_ENDIAN));
      return org.apache.iceberg.variants.Variant.toString(
          org.apache.iceberg.variants.Variant.of(metadata, value));
    }
    if (v instanceof StructVector s) {
      List<String> values = new ArrayList<>();
      for (FieldVector c : s.getChildrenFromFields()) {
        values.add(text(c, row));
      }
      return "[" + String.join(",", values) + "]";
    }
    if (v instanceof ListVector l) {
      List<String> values = new ArrayList<>();
      for (int i = l.getElementStartIndex(row); i < l.getElementEndIndex(row); i++) {
        values.add(text(l.getDataVector(), i));
      }
      return values.toString();
    }
    return text(v.getObject(row));
  }

  /** A Java value (an Iceberg record's, or an Arrow vector's object) as text. */
  public static String text(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof org.apache.iceberg.variants.Variant variant) {
      return org.apache.iceberg.variants.Variant.toString(variant);
    }
    if (v instanceof Record r) {
      List<String> values = new ArrayList<>();
      for (int i = 0; i < r.size(); i++) {
        values.add(text(r.get(i, Object.class)));
      }
      return "[" + String.join(",", values) + "]";
    }
    if (v instanceof Map<?, ?> m) {
      List<String> entries = new ArrayList<>();
      m.forEach((k, x) -> entries.add(text(k) + "->" + text(x)));
      entries.sort(null);
      return entries.toString();
    }
    if (v instanceof List<?> l) {
      List<String> values = new ArrayList<>();
      l.forEach(x -> values.add(text(x)));
      return values.toString();
    }
    if (v instanceof ByteBuffer b) {
      byte[] bytes = new byte[b.remaining()];
      b.duplicate().get(bytes);
      return HexFormat.of().formatHex(bytes);
    }
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    return v.toString();
  }
}
