package dev.parrow.arrow.internal.files;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.storage.InputFile;
import dev.parrow.types.NestedSchema;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What appending row groups to an existing file takes: the schema checks, the copy, the metadata.
 */
public final class Appending {
  private Appending() {}

  /**
   * The Parquet schema to write batches of {@code messageSchema} to {@code file} with, or an
   * IllegalArgumentException saying why they cannot join its row groups. Parrow's own schema for
   * the batches is {@code elements}; {@code messageSchema} is theirs with dictionary fields typed
   * by their values, as a reader's schema has them.
   *
   * <p>The file's schema is kept when it stores values as {@code elements} would: the same tree of
   * physical types, lengths and repetitions, read as the same Arrow types without any hint. Only
   * the names of list and map levels ("item" or "element", "entries" or "key_value") and
   * annotations that say the same (an INT32 with or without INTEGER(32, signed)) may differ, as
   * between writers. Then the batches must have the Arrow schema the file reads as (its
   * ARROW:schema applied where it fits the columns).
   */
  public static List<SchemaElement> writeSchema(
      ParquetFile file, List<SchemaElement> elements, Schema messageSchema) {
    List<SchemaElement> theirs = file.metadata().schema();
    String name = file.input().name();
    for (int i = 0; i < Math.max(theirs.size(), elements.size()); i++) {
      SchemaElement a = i < theirs.size() ? theirs.get(i) : null;
      SchemaElement b = i < elements.size() ? elements.get(i) : null;
      if (a == null
          || b == null
          || a.type() != b.type()
          || !Objects.equals(a.typeLength(), b.typeLength())
          || (i > 0 && a.repetition() != b.repetition())
          || !Objects.equals(a.numChildren(), b.numChildren())) {
        throw new IllegalArgumentException(
            "cannot append to "
                + name
                + ": the batches' Parquet schema differs from the file's at element "
                + i
                + " (the file has "
                + describe(a)
                + ", the batches "
                + describe(b)
                + ")"
                + (a != null
                        && b != null
                        && a.type() == dev.parrow.codec.metadata.PhysicalType.INT96
                        && b.type() == dev.parrow.codec.metadata.PhysicalType.INT64
                    ? "; WriteOptions.int96Timestamps (--int96-timestamps) writes timestamps as"
                        + " INT96"
                    : ""));
      }
    }
    String stored =
        difference(plainArrow(theirs).getFields(), plainArrow(elements).getFields(), "");
    if (stored != null) {
      throw new IllegalArgumentException(
          "cannot append to "
              + name
              + ": the file stores its values otherwise ("
              + stored
              + ", by the Parquet annotations)");
    }
    // What Parrow reads the file as (its ARROW:schema applied where it fits the columns): rows of
    // another Arrow schema would read back as something else.
    String difference = difference(file.arrowSchema().getFields(), messageSchema.getFields(), "");
    if (difference != null) {
      throw new IllegalArgumentException(
          "cannot append to "
              + name
              + ": "
              + difference
              + "; the batches must have the Arrow schema the file reads as");
    }
    return theirs;
  }

  /** The Arrow schema a Parquet schema reads as with no hint. */
  private static Schema plainArrow(List<SchemaElement> elements) {
    return NestedSchema.arrowSchema(
        ParquetSchema.fromElements(elements), TypeOptions.defaults(), new ArrayList<>());
  }

  private static String describe(SchemaElement e) {
    if (e == null) {
      return "nothing";
    }
    return "'"
        + e.name()
        + "' "
        + (e.type() == null ? e.numChildren() + " children" : e.type())
        + (e.repetition() == null ? "" : " " + e.repetition())
        + (e.logicalType() == null ? "" : " " + e.logicalType())
        + (e.convertedType() == null ? "" : " " + e.convertedType());
  }

  /**
   * How two field lists differ, or null when they are the same: names, types and dictionary index
   * types; not dictionary ids, nullability (the Parquet repetition's, compared already) or the
   * names writers give list elements and map entries.
   */
  private static String difference(List<Field> file, List<Field> batches, String path) {
    if (file.size() != batches.size()) {
      return (path.isEmpty() ? "the file has " : path + " has ")
          + file.size()
          + " fields where the batches have "
          + batches.size();
    }
    for (int i = 0; i < file.size(); i++) {
      Field a = file.get(i);
      Field b = batches.get(i);
      String at = path.isEmpty() ? a.getName() : path + "." + a.getName();
      if (!Objects.equals(a.getName(), b.getName()) && !isNamedByWriters(path)) {
        return "field " + i + " is '" + a.getName() + "' in the file, '" + b.getName() + "' here";
      }
      if (!a.getType().equals(b.getType())) {
        return "'"
            + at
            + "' is "
            + a.getType()
            + " in the file and "
            + b.getType()
            + " in the batches";
      }
      if (!sameDictionary(a.getDictionary(), b.getDictionary())) {
        return "'" + at + "' is dictionary-encoded in one and not the other, or by another index";
      }
      String below = difference(a.getChildren(), b.getChildren(), isLevel(a) ? at + "[]" : at);
      if (below != null) {
        return below;
      }
    }
    return null;
  }

  /** A list or map: its child's name is the writer's choice, not the data's. */
  private static boolean isLevel(Field f) {
    return f.getType() instanceof ArrowType.List
        || f.getType() instanceof ArrowType.LargeList
        || f.getType() instanceof ArrowType.FixedSizeList
        || f.getType() instanceof ArrowType.Map;
  }

  private static boolean isNamedByWriters(String path) {
    return path.endsWith("[]");
  }

  private static boolean sameDictionary(DictionaryEncoding a, DictionaryEncoding b) {
    if (a == null || b == null) {
      return a == b;
    }
    return a.isOrdered() == b.isOrdered() && a.getIndexType().equals(b.getIndexType());
  }

  /** Copies the file's first {@code length} bytes to {@code out}. */
  public static void copy(InputFile file, long length, OutputStream out) throws IOException {
    byte[] chunk = new byte[1 << 20];
    for (long at = 0; at < length; ) {
      int n = (int) Math.min(chunk.length, length - at);
      file.readFully(at, ByteBuffer.wrap(chunk, 0, n));
      out.write(chunk, 0, n);
      at += n;
    }
  }

  /** The file's key-value metadata, with {@code extra}'s pairs added or replacing. */
  public static List<KeyValue> keyValues(FileMetaData existing, Map<String, String> extra) {
    Map<String, String> merged = new LinkedHashMap<>();
    if (existing.keyValueMetadata() != null) {
      for (KeyValue kv : existing.keyValueMetadata()) {
        merged.put(kv.key(), kv.value());
      }
    }
    merged.putAll(extra);
    List<KeyValue> out = new ArrayList<>();
    merged.forEach((k, v) -> out.add(new KeyValue(k, v)));
    return out;
  }
}
