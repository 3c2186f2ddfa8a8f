package dev.parrow.types;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Applies an {@code ARROW:schema} hint to the fields derived from the Parquet schema, field by
 * field and down through lists, maps and structs, as the hint table of TYPE-MAPPING.md allows: only
 * choices among representations of the same stored values (a duration for an INT64, the writer's
 * time zone, a large or dictionary type, a wider decimal, a narrower integer whose annotation was
 * lost, an extension type over the type read). Field custom metadata is restored. Anything else in
 * the hint is ignored for that field, and a hint whose shape does not fit the Parquet schema is
 * ignored where it does not fit, with a warning.
 */
public final class ArrowHints {
  private ArrowHints() {}

  /**
   * The fields with the hint applied. Top-level fields are matched by position when the hint has as
   * many as the file, else by name.
   *
   * @param createdBy the file's {@code created_by}, for writers known to store a hint that
   *     overstates their values (nanoparquet's time32[s] over milliseconds)
   * @param fields the fields as the Parquet schema gives them
   * @param hint the schema decoded from {@code ARROW:schema}
   * @param warnings where a hint that cannot apply is reported
   * @return the fields with the hinted types, names and metadata
   */
  public static List<FieldNode> apply(
      List<FieldNode> fields, Schema hint, String createdBy, List<String> warnings) {
    return apply(fields, hint, createdBy, TypeOptions.defaults(), warnings);
  }

  /**
   * The fields with the hint applied, under the caller's type choices: UUIDs read as plain
   * fixed-size binaries ({@link TypeOptions#uuidAsExtension}) stay so where the hint names {@code
   * arrow.uuid}.
   *
   * @param fields the fields as the Parquet schema gives them
   * @param hint the schema decoded from {@code ARROW:schema}
   * @param createdBy the file's {@code created_by}
   * @param types the caller's type choices
   * @param warnings where a hint that cannot apply is reported
   * @return the fields with the hinted types, names and metadata
   */
  public static List<FieldNode> apply(
      List<FieldNode> fields,
      Schema hint,
      String createdBy,
      TypeOptions types,
      List<String> warnings) {
    return apply(null, fields, hint, createdBy, types, warnings);
  }

  /**
   * The fields of {@code schema} with the hint applied, under the caller's type choices; INT96
   * columns (which keep no unit or zone) take a Timestamp hint's zone, and its unit unless the
   * caller chose one ({@link TypeOptions#int96Unit} other than nanoseconds).
   *
   * @param schema the Parquet schema the fields come from, or null when unknown (INT96 columns then
   *     take only a hint that fits their type as read)
   * @param fields the fields as the Parquet schema gives them
   * @param hint the schema decoded from {@code ARROW:schema}
   * @param createdBy the file's {@code created_by}
   * @param types the caller's type choices
   * @param warnings where a hint that cannot apply is reported
   * @return the fields with the hinted types, names and metadata
   */
  public static List<FieldNode> apply(
      dev.parrow.codec.schema.ParquetSchema schema,
      List<FieldNode> fields,
      Schema hint,
      String createdBy,
      TypeOptions types,
      List<String> warnings) {
    List<Field> hinted = hint.getFields();
    boolean byPosition = hinted.size() == fields.size();
    if (!byPosition) {
      warnings.add(
          ArrowSchemaBlob.KEY
              + " has "
              + hinted.size()
              + " fields, the file "
              + fields.size()
              + "; hints are matched by name");
    }
    Map<String, Field> byName = new LinkedHashMap<>();
    for (Field f : hinted) {
      byName.putIfAbsent(f.getName(), f);
    }
    Context context =
        new Context(createdBy == null ? "" : createdBy, types.uuidAsExtension(), schema, warnings);
    List<FieldNode> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      FieldNode ours = fields.get(i);
      Field h = byPosition ? hinted.get(i) : byName.get(ours.field().getName());
      out.add(h == null ? ours : context.apply(ours, h, ours.field().getName()));
    }
    return out;
  }

  /**
   * The file's key-value metadata as Arrow schema metadata: the hint's own, over the file's other
   * keys.
   *
   * @param fileKeyValues the file's key-value metadata
   * @param hint the schema decoded from {@code ARROW:schema}
   * @return the schema metadata
   */
  public static Map<String, String> schemaMetadata(Map<String, String> fileKeyValues, Schema hint) {
    Map<String, String> out = new LinkedHashMap<>(fileKeyValues);
    out.remove(ArrowSchemaBlob.KEY);
    if (hint != null && hint.getCustomMetadata() != null) {
      out.putAll(hint.getCustomMetadata());
    }
    return out;
  }

  private record Context(
      String createdBy,
      boolean uuidAsExtension,
      dev.parrow.codec.schema.ParquetSchema schema,
      List<String> warnings) {

    /** Whether a leaf reads an INT96 column. */
    private boolean int96(FieldNode leaf) {
      return schema != null
          && leaf.column() >= 0
          && leaf.column() < schema.columnCount()
          && schema.column(leaf.column()).physicalType()
              == dev.parrow.codec.metadata.PhysicalType.INT96;
    }

    FieldNode apply(FieldNode ours, Field hint, String path) {
      FieldNode hinted = applyMatching(ours, hint, path);
      if (hinted != ours && !ArrowTypeRules.fits(hinted)) {
        // A hint that passed the table but would give a vector of the wrong shape, or one Arrow
        // cannot build (a corrupt or hostile blob): the field is read as if there were none.
        warnings.add(
            path
                + ": "
                + ArrowSchemaBlob.KEY
                + " gives "
                + hinted.field()
                + ", which is not a readable form of the Parquet schema; its hint is ignored");
        return ours;
      }
      return hinted;
    }

    private FieldNode applyMatching(FieldNode ours, Field hint, String path) {
      while (hint.getType() instanceof ArrowType.RunEndEncoded && hint.getChildren().size() == 2) {
        // Written with its runs expanded (RunEnds): read as its values. One level at a time, so
        // that a malformed blob's inner field is judged like any other hint, not thrown on.
        hint = RunEnds.values(hint);
      }
      Field field = ours.field();
      if (!field.getName().equals(hint.getName())) {
        warnings.add(
            path
                + ": "
                + ArrowSchemaBlob.KEY
                + " names this field '"
                + hint.getName()
                + "'; its hint is ignored");
        return ours;
      }
      return switch (ours.kind()) {
        case LEAF -> applyLeaf(ours, hint, path);
        case STRUCT -> applyStruct(ours, hint, path);
        case LIST -> applyList(ours, hint, path);
        case MAP -> applyMap(ours, hint, path);
        // The variant is read as Parrow reassembles it, whatever the writer's Arrow type was.
        case VARIANT -> ours;
      };
    }

    private FieldNode applyLeaf(FieldNode ours, Field hint, String path) {
      Field field = ours.field();
      boolean int96 =
          int96(ours)
              && field.getType() instanceof ArrowType.Timestamp
              && hint.getType() instanceof ArrowType.Timestamp;
      ArrowType type =
          int96
              ? int96Type(
                  (ArrowType.Timestamp) field.getType(), (ArrowType.Timestamp) hint.getType())
              : leafType(field.getType(), hint, path);
      Field rebuilt = rebuild(field, type, hint, field.getChildren());
      DictionaryEncoding encoding = hint.getDictionary();
      if (encoding != null && dictionaryValueType(type) && !int96) {
        // A factor / dictionary column: dictionary-encoded again, with the writer's index type and
        // order (as arrow-rs restores it, for numbers, dates and decimals too).
        rebuilt =
            new Field(
                rebuilt.getName(),
                new FieldType(rebuilt.isNullable(), type, encoding, rebuilt.getMetadata()),
                null);
      }
      return ours.withField(rebuilt);
    }

    /**
     * An INT96 column under a Timestamp hint: the writer's zone (INT96 keeps none), and the
     * writer's unit where the column reads in nanoseconds, the default (a unit the caller chose
     * stays: it may be what reads far dates).
     */
    private static ArrowType int96Type(ArrowType.Timestamp read, ArrowType.Timestamp hint) {
      TimeUnit unit = read.getUnit() == TimeUnit.NANOSECOND ? hint.getUnit() : read.getUnit();
      return new ArrowType.Timestamp(unit, hint.getTimezone());
    }

    /**
     * The value types a dictionary is read back as: strings and binaries, and fixed-width values
     * the reader stores as they are (integers, floats, dates, times and timestamps stored in their
     * own unit, decimals, fixed-size binaries). Not booleans, nor units the reader must rescale.
     */
    private static boolean dictionaryValueType(ArrowType type) {
      if (type instanceof ArrowType.Utf8
          || type instanceof ArrowType.Binary
          || type instanceof ArrowType.LargeUtf8
          || type instanceof ArrowType.LargeBinary) {
        return true;
      }
      boolean fixed =
          type instanceof ArrowType.Int
              || type instanceof ArrowType.FloatingPoint
              || type instanceof ArrowType.Date
              || type instanceof ArrowType.Time
              || type instanceof ArrowType.Timestamp
              || type instanceof ArrowType.Decimal
              || type instanceof ArrowType.FixedSizeBinary;
      return fixed && UnitRescale.of(type) == null;
    }

    private FieldNode applyStruct(FieldNode ours, Field hint, String path) {
      Field field = ours.field();
      if (!(hint.getType() instanceof ArrowType.Struct)
          || hint.getChildren().size() != ours.children().size()) {
        return mismatch(ours, hint, path);
      }
      List<FieldNode> children = new ArrayList<>();
      for (int i = 0; i < ours.children().size(); i++) {
        FieldNode child = ours.children().get(i);
        children.add(apply(child, hint.getChildren().get(i), path + "." + child.field().getName()));
      }
      return ours.withChildren(children, rebuild(field, field.getType(), hint, fields(children)));
    }

    private FieldNode applyList(FieldNode ours, Field hint, String path) {
      Field field = ours.field();
      ArrowType type;
      if (hint.getType() instanceof ArrowType.List) {
        type = field.getType();
      } else if (hint.getType() instanceof ArrowType.LargeList) {
        type = ArrowType.LargeList.INSTANCE;
      } else if (hint.getType() instanceof ArrowType.ListView
          || hint.getType() instanceof ArrowType.LargeListView) {
        // Written as a LIST (as arrow-rs writes views); read back as the view it was.
        type = hint.getType();
      } else if (hint.getType() instanceof ArrowType.FixedSizeList) {
        // Every list must then have that many elements; the reader checks each one.
        type = hint.getType();
      } else {
        return mismatch(ours, hint, path);
      }
      FieldNode element = ours.children().get(0);
      Field elementHint = hint.getChildren().isEmpty() ? null : hint.getChildren().get(0);
      FieldNode e =
          elementHint == null
              ? element
              : named(
                  apply(element, renamed(elementHint, element.field().getName()), path + "[]"),
                  elementHint.getName());
      return ours.withChildren(List.of(e), rebuild(field, type, hint, List.of(e.field())));
    }

    /** A map: the entries struct's key and value. */
    private FieldNode applyMap(FieldNode ours, Field hint, String path) {
      Field field = ours.field();
      if (!(hint.getType() instanceof ArrowType.Map) || hint.getChildren().size() != 1) {
        return mismatch(ours, hint, path);
      }
      FieldNode entries = ours.children().get(0);
      Field entriesHint = renamed(hint.getChildren().get(0), entries.field().getName());
      List<FieldNode> kv = new ArrayList<>();
      for (int i = 0; i < entries.children().size(); i++) {
        FieldNode child = entries.children().get(i);
        kv.add(
            i < entriesHint.getChildren().size()
                ? named(
                    apply(
                        child,
                        renamed(entriesHint.getChildren().get(i), child.field().getName()),
                        path + "." + i),
                    entriesHint.getChildren().get(i).getName())
                : child);
      }
      FieldNode newEntries =
          named(
              entries.withChildren(
                  kv, rebuild(entries.field(), entries.field().getType(), entriesHint, fields(kv))),
              hint.getChildren().get(0).getName());
      return ours.withChildren(
          List.of(newEntries), rebuild(field, field.getType(), hint, List.of(newEntries.field())));
    }

    private FieldNode mismatch(FieldNode ours, Field hint, String path) {
      warnings.add(
          path
              + ": "
              + ArrowSchemaBlob.KEY
              + " says "
              + hint.getType()
              + ", which does not fit the "
              + "Parquet schema; its hint is ignored");
      return ours;
    }

    /**
     * The type a leaf read as {@code read} takes under the hint: the hint's when the table allows.
     */
    private ArrowType leafType(ArrowType read, Field hint, String path) {
      ArrowType h = hint.getType();
      if (h instanceof ArrowType.ExtensionType ext) {
        // A registered extension type over exactly the type read; not arrow.uuid where the caller
        // asked for plain fixed-size binaries.
        boolean keptPlain = !uuidAsExtension && "arrow.uuid".equals(ext.extensionName());
        return ext.storageType().equals(read) && !keptPlain ? h : read;
      }
      ArrowType up = upgrade(read, h);
      if (up == null) {
        // Utf8 for a column the hint calls Binary, or Float32 for one it calls Float16, is what the
        // caller asked for (binaryAsString, float16AsFloat): no news to them.
        boolean asked =
            read instanceof ArrowType.Utf8 && h instanceof ArrowType.Binary
                || read.equals(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))
                    && h.equals(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF));
        if (!h.equals(read) && hint.getDictionary() == null && !asked) {
          warnings.add(
              path
                  + ": "
                  + ArrowSchemaBlob.KEY
                  + " says "
                  + h
                  + ", the column reads as "
                  + read
                  + "; the hint is ignored for it");
        }
        return read;
      }
      return up;
    }

    /**
     * The hint's type when it represents the values read as {@code read} (TYPE-MAPPING's table),
     * else null.
     */
    ArrowType upgrade(ArrowType read, ArrowType h) {
      if (h.equals(read)) {
        return read;
      }
      if (read instanceof ArrowType.Int r && r.getBitWidth() == 64 && r.getIsSigned()) {
        // Stored without an annotation (arrow-rs writes durations, date64, timestamp[s] so): the
        // integers are
        // the values in the hint's unit.
        if (h instanceof ArrowType.Duration
            || h instanceof ArrowType.Int i && i.getBitWidth() == 64
            || h instanceof ArrowType.Timestamp
            || h instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND
            || h instanceof ArrowType.Time t && t.getBitWidth() == 64) {
          return h;
        }
      }
      if (read instanceof ArrowType.Int r && r.getBitWidth() == 32 && r.getIsSigned()) {
        if (h instanceof ArrowType.Int i && i.getBitWidth() <= 32
            || h instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY
            || h instanceof ArrowType.Time t && t.getBitWidth() == 32) {
          return h;
        }
      }
      UnitRescale rescale = UnitRescale.of(h);
      if (read instanceof ArrowType.Timestamp r && h instanceof ArrowType.Timestamp t) {
        // The stored zone is only "UTC" (adjusted) or none; the writer's own zone comes back.
        boolean zoneFits =
            Objects.equals(r.getTimezone(), t.getTimezone())
                || "UTC".equals(r.getTimezone()) && t.getTimezone() != null;
        boolean unitFits = r.getUnit() == t.getUnit() || rescale != null && rescale.storedAs(r);
        if (!zoneFits) {
          return null;
        }
        // A unit the writer coerced (pyarrow's coerce_timestamps, nanoseconds in format 2.4)
        // stays the stored one; the writer's zone still comes back, as Arrow C++ restores it.
        return unitFits ? h : new ArrowType.Timestamp(r.getUnit(), t.getTimezone());
      }
      if (rescale == UnitRescale.TIME32_SECONDS && rescale.storedAs(read)) {
        // nanoparquet stores hms with millisecond precision under a time32[s] hint: keep the
        // milliseconds.
        return createdBy.contains("nanoparquet") ? null : h;
      }
      if (rescale != null && rescale.storedAs(read)) {
        return h;
      }
      if (read instanceof ArrowType.Interval r
          && r.getUnit() == IntervalUnit.MONTH_DAY_NANO
          && h instanceof ArrowType.Interval) {
        // INTERVAL read as MONTH_DAY_NANO: an Arrow writer's YEAR_MONTH or DAY_TIME.
        return h;
      }
      if (read.equals(new ArrowType.FixedSizeBinary(16))
          && h instanceof ArrowType.Interval i
          && i.getUnit() == IntervalUnit.MONTH_DAY_NANO) {
        // Parrow's lossless MONTH_DAY_NANO: the 16 bytes are the Arrow value.
        return h;
      }
      if (read instanceof ArrowType.Utf8
              && (h instanceof ArrowType.LargeUtf8 || h instanceof ArrowType.Utf8View)
          || read instanceof ArrowType.Binary
              && (h instanceof ArrowType.LargeBinary || h instanceof ArrowType.BinaryView)) {
        return h;
      }
      if (read instanceof ArrowType.Decimal r
          && h instanceof ArrowType.Decimal d
          && r.getPrecision() == d.getPrecision()
          && r.getScale() == d.getScale()
          && d.getBitWidth() == 256) {
        return h;
      }
      return null;
    }
  }

  /**
   * The field with a new type, our nullability and dictionary, and the hint's metadata over ours.
   */
  private static final String LOGICAL_TYPE = ParquetToArrow.LOGICAL_TYPE_KEY;

  private static Field rebuild(Field ours, ArrowType type, Field hint, List<Field> children) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (ours.getMetadata() != null) {
      metadata.putAll(ours.getMetadata());
    }
    if (hint.getMetadata() != null) {
      metadata.putAll(hint.getMetadata());
    }
    if (ours.getMetadata() != null && ours.getMetadata().containsKey(FieldIds.KEY)) {
      // The file's schema says which id a column has; a stored Arrow schema only repeats it.
      metadata.put(FieldIds.KEY, ours.getMetadata().get(FieldIds.KEY));
    } else if (metadata.containsKey(FieldIds.KEY)
        && FieldIds.parse(metadata.get(FieldIds.KEY)) == null) {
      // An id that is not an integer is no id: passed on, it would stop the field being written.
      metadata.remove(FieldIds.KEY);
    }
    if (ours.getMetadata() != null
        && GeoArrow.EXTENSION_NAME.equals(
            ours.getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY))) {
      // The GeoArrow metadata the Parquet annotation gives (its CRS resolved) over the writer's.
      metadata.put(
          ParquetToArrow.EXTENSION_METADATA_KEY,
          ours.getMetadata().get(ParquetToArrow.EXTENSION_METADATA_KEY));
    }
    String annotation = ours.getMetadata() == null ? null : ours.getMetadata().get(LOGICAL_TYPE);
    if (annotation != null && annotation.startsWith("UNKNOWN_LOGICAL_TYPE")) {
      // A Parquet annotation this reader does not know: the bytes are read as they are, and an
      // extension name from the hint (geoarrow.wkb, say) would have consumers parse them as
      // something this reader cannot vouch for.
      metadata.remove(ParquetToArrow.EXTENSION_NAME_KEY);
      metadata.remove(ParquetToArrow.EXTENSION_METADATA_KEY);
      metadata.put(LOGICAL_TYPE, annotation);
    }
    if (type instanceof ArrowType.Interval
        && hint.getType() instanceof ArrowType.Interval
        && (hint.getMetadata() == null || !hint.getMetadata().containsKey(LOGICAL_TYPE))) {
      // The writer's interval type is restored: the INTERVAL the file stores is no news.
      metadata.remove(LOGICAL_TYPE);
    }
    if (hint.getType() instanceof ArrowType.ExtensionType && !type.equals(hint.getType())) {
      // An extension the read does not take (arrow.uuid under uuidAsExtension(false)): its keys
      // would have consumers take the plain values for it after all.
      metadata.remove(ParquetToArrow.EXTENSION_NAME_KEY);
      metadata.remove(ParquetToArrow.EXTENSION_METADATA_KEY);
    }
    if (type instanceof ArrowType.ExtensionType) {
      // The type says it all: its IPC keys and the annotation it stands for would only be noise.
      metadata.remove("ARROW:extension:name");
      metadata.remove("ARROW:extension:metadata");
      metadata.remove(ParquetToArrow.LOGICAL_TYPE_KEY);
    }
    return new Field(
        ours.getName(),
        new FieldType(
            ours.isNullable(), type, ours.getDictionary(), metadata.isEmpty() ? null : metadata),
        children);
  }

  /**
   * The node under the writer's name: list elements, map entries, keys and values are named by the
   * Arrow schema written (item, entries, ...), not by the Parquet levels (element, key_value).
   */
  private static FieldNode named(FieldNode node, String name) {
    return node.field().getName().equals(name) ? node : node.withField(renamed(node.field(), name));
  }

  private static Field renamed(Field f, String name) {
    return new Field(name, f.getFieldType(), f.getChildren());
  }

  private static List<Field> fields(List<FieldNode> nodes) {
    return nodes.stream().map(FieldNode::field).toList();
  }
}
