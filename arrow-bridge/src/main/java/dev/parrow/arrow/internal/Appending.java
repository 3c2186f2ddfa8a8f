package dev.parrow.arrow.internal;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.io.InputFile;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.types.ArrowSchemaBlob;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What appending row groups to an existing file takes: the schema checks, the copy, the metadata.
 */
public final class Appending {
  private Appending() {}

  /**
   * Fails unless batches of {@code schema} (whose Parquet schema is {@code elements} and whose
   * ARROW:schema would be {@code messageSchema}) can join {@code file}'s row groups: the same
   * Parquet schema (the root's name aside), and the Arrow schema the file reads as.
   */
  public static void checkSchemas(
      ParquetFile file, List<SchemaElement> elements, Schema schema, Schema messageSchema) {
    List<SchemaElement> theirs = file.metadata().schema();
    String name = file.input().name();
    for (int i = 0; i < Math.max(theirs.size(), elements.size()); i++) {
      SchemaElement a = i < theirs.size() ? theirs.get(i) : null;
      SchemaElement b = i < elements.size() ? elements.get(i) : null;
      boolean same =
          a != null
              && b != null
              && (i == 0
                  ? java.util.Objects.equals(a.numChildren(), b.numChildren())
                  : a.equals(b));
      if (!same) {
        throw new IllegalArgumentException(
            "cannot append to "
                + name
                + ": the batches' Parquet schema differs from the file's at element "
                + i
                + " (the file has "
                + describe(a)
                + ", the batches "
                + describe(b)
                + ")");
      }
    }
    List<String> warnings = new ArrayList<>();
    Optional<Schema> hint =
        ArrowSchemaBlob.decode(file.metadata().keyValue(ArrowSchemaBlob.KEY), warnings);
    List<Field> fileFields =
        hint.isPresent() ? hint.get().getFields() : file.arrowSchema().getFields();
    List<Field> ours = hint.isPresent() ? messageSchema.getFields() : schema.getFields();
    String difference = difference(fileFields, ours, "");
    if (difference != null) {
      throw new IllegalArgumentException(
          "cannot append to "
              + name
              + ": "
              + difference
              + (hint.isPresent() ? " (the file's ARROW:schema)" : "")
              + "; the batches must have the file's Arrow schema");
    }
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

  /** How two field lists differ, or null when they are the same (dictionary ids aside). */
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
      if (!java.util.Objects.equals(a.getName(), b.getName())) {
        return "field " + i + " is '" + a.getName() + "' in the file, '" + b.getName() + "' here";
      }
      if (!a.getType().equals(b.getType()) || a.isNullable() != b.isNullable()) {
        return "'" + at + "' is " + typeOf(a) + " in the file and " + typeOf(b) + " in the batches";
      }
      if (!sameDictionary(a.getDictionary(), b.getDictionary())) {
        return "'" + at + "' is dictionary-encoded in one and not the other, or by another index";
      }
      String below = difference(a.getChildren(), b.getChildren(), at);
      if (below != null) {
        return below;
      }
    }
    return null;
  }

  private static String typeOf(Field f) {
    return f.getType() + (f.isNullable() ? " (nullable)" : " (not null)");
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
