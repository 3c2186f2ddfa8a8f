package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.ArrowHints;
import dev.parrow.types.ArrowSchemaBlob;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.FieldNode;
import dev.parrow.types.GeoArrow;
import dev.parrow.types.NestedSchema;
import dev.parrow.types.ParquetToArrow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a reader reads: the chosen top-level fields, each cut down to the chosen leaves below it,
 * and those leaf columns in file order with their fillers.
 */
public final class Projection {
  private final List<FieldNode> fields;
  private final List<LeafColumn> leaves;
  private final Schema schema;
  private final List<String> warnings;

  private Projection(
      List<FieldNode> fields,
      List<LeafColumn> leaves,
      List<String> warnings,
      Map<String, String> metadata) {
    this.fields = List.copyOf(fields);
    this.leaves = List.copyOf(leaves);
    this.warnings = List.copyOf(warnings);
    this.schema =
        new Schema(
            fields.stream().map(FieldNode::field).toList(), metadata.isEmpty() ? null : metadata);
  }

  public List<FieldNode> fields() {
    return fields;
  }

  public List<LeafColumn> leaves() {
    return leaves;
  }

  public Schema schema() {
    return schema;
  }

  public List<String> warnings() {
    return warnings;
  }

  public static Projection of(Footer footer, ReadOptions options) {
    return of(footer, options, Set.of());
  }

  /**
   * As {@link #of(Footer, ReadOptions)}, the dictionary leaves in {@code widened} (leaf column
   * indices) read with int32 indices: an explicit UNIFY whose union the writer's narrower index
   * type cannot index.
   */
  public static Projection of(Footer footer, ReadOptions options, Set<Integer> widened) {
    try {
      return build(footer, options, widened);
    } catch (dev.parrow.codec.ParquetFormatException e) {
      // Schema problems found while mapping (a malformed LIST or MAP group) name the file too.
      throw e.inFile(footer.fileName());
    }
  }

  private static Projection build(Footer footer, ReadOptions options, Set<Integer> widened) {
    Set<Integer> chosen = new TreeSet<>();
    if (options.columns().isEmpty()
        && options.columnIndices().isEmpty()
        && options.fieldIds().isEmpty()) {
      for (ColumnDescriptor c : footer.schema().columns()) {
        chosen.add(c.index());
      }
    }
    for (String name : options.columns()) {
      List<Integer> matches = matching(footer, name);
      if (matches.isEmpty()) {
        throw new IllegalArgumentException(
            "no column '"
                + name
                + "' in "
                + footer.fileName()
                + "; the columns are "
                + footer.schema().columns().stream().map(ColumnDescriptor::dottedPath).toList());
      }
      chosen.addAll(matches);
    }
    for (int index : options.columnIndices()) {
      if (index < 0 || index >= footer.schema().columnCount()) {
        throw new IllegalArgumentException(
            "no leaf column "
                + index
                + " in "
                + footer.fileName()
                + " ("
                + footer.schema().columnCount()
                + " columns)");
      }
      chosen.add(index);
    }
    List<String> warnings = new ArrayList<>();
    List<FieldNode> all =
        NestedSchema.fields(footer.schema(), options.types(), warnings).stream()
            .map(f -> f.mapLeaves(leaf -> projjsonCrs(footer, leaf)))
            .toList();
    Schema hint = hint(footer, options, warnings);
    if (hint != null) {
      all =
          ArrowHints.apply(
              footer.schema(), all, hint, footer.metaData().createdBy(), options.types(), warnings);
    }
    if (!options.fieldIds().isEmpty()) {
      chosen.addAll(byFieldId(footer, all, options.fieldIds()));
    }
    Set<Integer> named = new TreeSet<>();
    for (String name : options.types().dictionaryColumns()) {
      List<Integer> matches = matching(footer, name);
      if (matches.isEmpty()) {
        throw new IllegalArgumentException(
            "no column '" + name + "' in " + footer.fileName() + " to read as a dictionary");
      }
      named.addAll(matches);
    }
    long[] nextId = {0};
    all =
        all.stream()
            .map(
                f ->
                    f.mapLeaves(
                        leaf ->
                            dictionary(footer, leaf, named, options, nextId, widened, warnings)))
            .toList();
    List<FieldNode> fields = new ArrayList<>();
    for (FieldNode field : all) {
      FieldNode kept = field.prune(chosen);
      if (kept != null) {
        fields.add(kept);
      }
    }
    if (options.requestedOrder()) {
      fields.sort(java.util.Comparator.comparingInt(f -> firstNamed(footer, f, options)));
    }
    List<LeafColumn> leaves = new ArrayList<>();
    for (FieldNode field : fields) {
      addLeaves(footer, field, options, options.types(), leaves);
    }
    return new Projection(
        fields, leaves, warnings, ArrowHints.schemaMetadata(keyValues(footer), hint));
  }

  /**
   * The leaf as a dictionary when the hint made it one or the caller named it, its id the next free
   * one; as plain values when dictionaries are decoded or its values cannot be a dictionary here.
   */
  private static FieldNode dictionary(
      Footer footer,
      FieldNode leaf,
      Set<Integer> named,
      ReadOptions options,
      long[] nextId,
      Set<Integer> widened,
      List<String> warnings) {
    Field f = leaf.field();
    DictionaryEncoding hinted = f.getDictionary();
    boolean bytes =
        footer.schema().column(leaf.column()).physicalType() == PhysicalType.BYTE_ARRAY
            && (f.getType() instanceof ArrowType.Utf8
                || f.getType() instanceof ArrowType.Binary
                || f.getType() instanceof ArrowType.LargeUtf8
                || f.getType() instanceof ArrowType.LargeBinary);
    PhysicalType physical = footer.schema().column(leaf.column()).physicalType();
    // A hinted dictionary of numbers, dates, decimals or fixed-size binaries (the hint's value
    // type was checked when it was applied), stored in a fixed-width physical type.
    boolean fixed =
        hinted != null
            && (physical == PhysicalType.INT32
                || physical == PhysicalType.INT64
                || physical == PhysicalType.FLOAT
                || physical == PhysicalType.DOUBLE
                || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY);
    boolean wanted =
        hinted != null && options.types().hintedDictionaries() || named.contains(leaf.column());
    DictionaryEncoding encoding = null;
    if (wanted && (bytes || fixed) && options.types().dictionaryMode() != DictionaryMode.DECODE) {
      ArrowType.Int index = hinted != null ? hinted.getIndexType() : new ArrowType.Int(32, true);
      if (widened.contains(leaf.column())) {
        warnings.add(
            footer.schema().column(leaf.column()).dottedPath()
                + ": the row groups' dictionaries together (or with the values of pages that fell"
                + " back from dictionary encoding) may have more values than "
                + index
                + " indices reach; read with Int(32, true) indices for one unified dictionary"
                + " (DictionaryMode.UNIFY; AUTO keeps the writer's index type, one dictionary per"
                + " row group)");
        index = new ArrowType.Int(32, true);
      }
      encoding = new DictionaryEncoding(nextId[0]++, hinted != null && hinted.isOrdered(), index);
    }
    if (encoding == null && hinted == null) {
      return leaf;
    }
    return leaf.withField(
        new Field(
            f.getName(),
            new FieldType(f.isNullable(), f.getType(), encoding, f.getMetadata()),
            null));
  }

  /**
   * A geospatial leaf whose CRS the file keeps under a key-value entry ({@code projjson:KEY}): the
   * GeoArrow metadata gets the PROJJSON itself, which consumers cannot look up in the file.
   */
  private static FieldNode projjsonCrs(Footer footer, FieldNode leaf) {
    LogicalType logical = footer.schema().column(leaf.column()).logicalType();
    String crs =
        logical instanceof LogicalType.GeometryType g
            ? g.crs()
            : logical instanceof LogicalType.GeographyType g ? g.crs() : null;
    Field f = leaf.field();
    if (crs == null
        || !crs.startsWith("projjson:")
        || f.getMetadata() == null
        || !f.getMetadata().containsKey(ParquetToArrow.EXTENSION_METADATA_KEY)) {
      return leaf;
    }
    Map<String, String> metadata = new LinkedHashMap<>(f.getMetadata());
    metadata.put(
        ParquetToArrow.EXTENSION_METADATA_KEY, GeoArrow.metadata(logical, keyValues(footer)));
    return leaf.withField(
        new Field(
            f.getName(),
            new FieldType(f.isNullable(), f.getType(), f.getDictionary(), metadata),
            f.getChildren()));
  }

  /** The Arrow schema to apply: the caller's, else the file's blob, unless hints are off. */
  private static Schema hint(Footer footer, ReadOptions options, List<String> warnings) {
    if (!options.types().useArrowSchemaHint()) {
      return null;
    }
    if (options.types().arrowSchema() != null) {
      return options.types().arrowSchema();
    }
    return ArrowSchemaBlob.decode(footer.metaData().keyValue(ArrowSchemaBlob.KEY), warnings)
        .orElse(null);
  }

  private static Map<String, String> keyValues(Footer footer) {
    Map<String, String> out = new LinkedHashMap<>();
    List<KeyValue> entries = footer.metaData().keyValueMetadata();
    if (entries != null) {
      for (KeyValue kv : entries) {
        if (kv.value() != null) {
          out.putIfAbsent(kv.key(), kv.value());
        }
      }
    }
    return out;
  }

  /** The leaves below {@code node}, read with {@code types} (a variant's with its own). */
  private static void addLeaves(
      Footer footer,
      FieldNode node,
      ReadOptions options,
      dev.parrow.types.TypeOptions types,
      List<LeafColumn> out) {
    if (node.kind() == FieldNode.Kind.LEAF) {
      ColumnDescriptor column = footer.schema().column(node.column());
      ArrowType plain = ParquetToArrow.leafField(column, types, new ArrayList<>()).getType();
      out.add(
          LeafColumn.of(
              column,
              node.field(),
              plain,
              types,
              options.types().dictionaryMode().startsUnified()));
      return;
    }
    dev.parrow.types.TypeOptions below =
        node.kind() == FieldNode.Kind.VARIANT ? dev.parrow.types.VariantArrow.STORED_TYPES : types;
    for (FieldNode child : node.children()) {
      addLeaves(footer, child, options, below, out);
    }
  }

  /** Where the caller's column list first names a leaf of this field (the list's size if never). */
  private static int firstNamed(Footer footer, FieldNode field, ReadOptions options) {
    List<Integer> leaves = field.columns();
    for (int i = 0; i < options.columns().size(); i++) {
      for (int leaf : matching(footer, options.columns().get(i))) {
        if (leaves.contains(leaf)) {
          return i;
        }
      }
    }
    return options.columns().size();
  }

  /**
   * Leaves named by {@code name}: a leaf's dotted path, a top-level field name (dots and all), or
   * the dotted path of a group, which stands for every leaf below it.
   */
  /**
   * The file's smallest leaf column: what a read that needs none of the file's columns (only its
   * rows: row numbers, nulls of columns it lacks) reads to count them.
   *
   * @param footer the file's footer
   * @return the column's index
   */
  public static int smallestColumn(Footer footer) {
    int columns = footer.schema().columnCount();
    long[] bytes = new long[columns];
    for (dev.parrow.codec.metadata.RowGroup group : footer.metaData().rowGroups()) {
      List<dev.parrow.codec.metadata.ColumnChunk> chunks = group.columns();
      for (int c = 0; c < columns && c < chunks.size(); c++) {
        if (chunks.get(c).metaData() != null) {
          bytes[c] += chunks.get(c).metaData().totalCompressedSize();
        }
      }
    }
    int best = 0;
    for (int c = 1; c < columns; c++) {
      if (bytes[c] < bytes[best]) {
        best = c;
      }
    }
    return best;
  }

  /** The leaf columns under the fields with these ids, at any depth; an unknown id is an error. */
  private static Set<Integer> byFieldId(Footer footer, List<FieldNode> fields, List<Integer> ids) {
    Set<Integer> out = new TreeSet<>();
    Set<Integer> found = new TreeSet<>();
    for (FieldNode field : fields) {
      collectById(field, Set.copyOf(ids), out, found);
    }
    for (int id : ids) {
      if (!found.contains(id)) {
        throw new IllegalArgumentException(
            "no field with field id " + id + " in " + footer.fileName());
      }
    }
    return out;
  }

  private static void collectById(
      FieldNode node, Set<Integer> ids, Set<Integer> out, Set<Integer> found) {
    Integer id = dev.parrow.types.FieldIds.read(node.field());
    if (id != null && ids.contains(id)) {
      found.add(id);
      out.addAll(node.columns());
    }
    if (node.kind() != FieldNode.Kind.VARIANT) {
      for (FieldNode child : node.children()) {
        collectById(child, ids, out, found);
      }
    }
  }

  private static List<Integer> matching(Footer footer, String name) {
    List<String> parts = Arrays.asList(name.split("\\.", -1));
    List<Integer> result = new ArrayList<>();
    for (ColumnDescriptor c : footer.schema().columns()) {
      List<String> path = c.path();
      boolean under = path.size() >= parts.size() && path.subList(0, parts.size()).equals(parts);
      if (c.dottedPath().equals(name) || path.get(0).equals(name) || under) {
        result.add(c.index());
      }
    }
    if (result.isEmpty()) {
      // A field of a VARIANT column (what a filter on doc.score names): the variant is read.
      int variant = footer.schema().variantPrefix(parts);
      if (variant > 0) {
        return matching(footer, String.join(".", parts.subList(0, variant)));
      }
    }
    return result;
  }
}
