package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.VectorExchange;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.buffers.Layouts;
import dev.parrow.arrow.internal.buffers.Widening;
import dev.parrow.arrow.internal.dataset.ConstantColumns;
import dev.parrow.codec.footer.Footer;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.FieldIds;
import dev.parrow.types.FieldNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A file read as the caller's schema ({@code ReadOptions.readAs}), as a table format reads its data
 * files: each requested field is matched to the file's by field id ({@link FieldIds}) where both
 * have ids, else by name, at every depth (list elements and map keys and values by position); a
 * field the file lacks is all nulls; the caller's names, order and metadata are kept; and a file's
 * type that widens safely into the requested one is widened (integers, floating point, decimals to
 * as many integer digits and at least as many fraction digits, dates to timestamps, integers to
 * decimals of enough integer digits and, of up to 32 bits, to doubles). Anything else is an error
 * naming the field, both types and the file, before anything is read.
 *
 * <p>The file is read with only the columns the requested fields need, as the file's types ({@link
 * #fileOptions}); each batch then moves into the requested shape: vectors of the same type move
 * over, structs and lists share their validity and offsets, and only widened values are copied. A
 * filter names the requested fields; it is rewritten to the file's columns, a field the file lacks
 * being null there.
 */
public final class SchemaEvolution {
  private final Footer footer;
  private final String fileName;
  private final Schema schema;
  private final ReadOptions fileOptions;

  /** One converter per requested top-level field. */
  private final List<Converter> converters = new ArrayList<>();

  /** The file root's vector each converter reads (-1: none, the field is all nulls). */
  private final List<Integer> sources = new ArrayList<>();

  private SchemaEvolution(Footer footer, ReadOptions options) {
    this.footer = footer;
    this.fileName = footer.fileName();
    this.schema = options.readAs();
    if (!options.columns().isEmpty() || !options.columnIndices().isEmpty()) {
      throw new IllegalArgumentException(
          fileName
              + ": a read as a given schema reads that schema's fields; leave out the columns to"
              + " read");
    }
    if (options.types().dictionaryMode() != DictionaryMode.AUTO
        && options.types().dictionaryMode() != DictionaryMode.DECODE) {
      throw new IllegalArgumentException(
          fileName + ": a read as a given schema reads values, not dictionaries");
    }
    for (Field f : schema.getFields()) {
      refuseDictionaries(f);
    }
    ReadOptions base =
        options.toBuilder()
            .readAs(null)
            .columns(List.of())
            .columnIndices()
            .fieldIds()
            .requestedOrder(false)
            .types(t -> t.dictionaryMode(DictionaryMode.DECODE).dictionaryColumns(List.of()))
            .build();
    // Which leaves the requested fields need, found on the whole file's fields.
    List<FieldNode> all = Projection.of(footer, base).fields();
    Set<Integer> needed = new TreeSet<>();
    Map<String, String> filterNames = new HashMap<>();
    for (Field wanted : schema.getFields()) {
      int at = match(wanted, fields(all));
      if (at >= 0) {
        collect(wanted, all.get(at), wanted.getName(), needed, filterNames);
      } else {
        checkNullable(wanted, wanted.getName());
        filterNames.put(wanted.getName(), null);
      }
    }
    if (needed.isEmpty()) {
      // No column of the file is asked for: its rows still count, read from its smallest column.
      needed.add(Projection.smallestColumn(footer));
    }
    ReadOptions.Builder file =
        base.toBuilder().columnIndices(needed.stream().mapToInt(Integer::intValue).toArray());
    if (options.filter() != null) {
      ConstantColumns.Residual residual = fileFilter(options.filter(), filterNames);
      if (residual instanceof ConstantColumns.Rows rows) {
        file.filter(rows.filter());
      } else {
        // Settled by the missing columns alone: every row, or none.
        file.filter((Filter) null);
        if (residual instanceof ConstantColumns.None) {
          file.rowLimit(0);
        }
      }
    }
    this.fileOptions = file.build();
    // The converters, matched again on the fields the file is read as (those needed only).
    List<Field> read = fields(Projection.of(footer, fileOptions).fields());
    for (Field wanted : schema.getFields()) {
      int at = match(wanted, read);
      sources.add(at);
      converters.add(at < 0 ? NULLS : converter(read.get(at), wanted, wanted.getName()));
    }
  }

  /**
   * The read of a file as {@code options.readAs()}.
   *
   * @param footer the file's footer
   * @param options the read's options, with the requested schema
   * @return the evolution
   * @throws IllegalArgumentException when a field cannot be read as requested
   */
  public static SchemaEvolution of(Footer footer, ReadOptions options) {
    return new SchemaEvolution(footer, options);
  }

  /** {@return the requested schema} */
  public Schema schema() {
    return schema;
  }

  /** {@return how the file itself is read: the needed columns, as the file's types} */
  public ReadOptions fileOptions() {
    return fileOptions;
  }

  /**
   * Moves a batch read from the file into the requested root: {@code from}'s vectors get the
   * requested root's last buffers where a vector moves over whole (the file's next batch is decoded
   * into them), and share theirs where a nested vector is rebuilt; the vectors after the requested
   * fields (the row numbers) move over as they are.
   */
  public void convert(VectorSchemaRoot from, VectorSchemaRoot to) {
    int rows = from.getRowCount();
    for (int f = 0; f < converters.size(); f++) {
      int source = sources.get(f);
      converters.get(f).convert(source < 0 ? null : from.getVector(source), to.getVector(f), rows);
    }
    if (to.getFieldVectors().size() > converters.size()) {
      // The row numbers, last in both.
      VectorExchange.move(
          from.getVector(from.getFieldVectors().size() - 1), to.getVector(converters.size()));
    }
    to.setRowCount(rows);
    // A nested vector of the file's batch now holds its own validity and offsets (shared) over its
    // members' exchanged buffers, which another batch sized: at no rows, no later transfer or
    // count "fills holes" between the two into buffers someone else may hold.
    from.setRowCount(0);
  }

  /**
   * The filter on the requested fields as one on the file's columns: a column the file lacks is
   * null everywhere, settled as a dataset settles a file's constant columns ({@link
   * ConstantColumns}: SQL's logic, a comparison with null selecting nothing), and each column left
   * is named by its file path.
   *
   * @param names each requested column a filter may name (a top-level field, or a dotted path
   *     through structs to a primitive field): its file path, or null when the file lacks it
   */
  private static ConstantColumns.Residual fileFilter(Filter filter, Map<String, String> names) {
    Map<String, Object> missing = new HashMap<>();
    for (String column : filter.columns()) {
      if (!names.containsKey(column)) {
        throw new IllegalArgumentException(
            "the filter names '"
                + column
                + "', which is not a column of the schema read as (a top-level field, or a dotted"
                + " path through structs to a primitive field)");
      }
      if (names.get(column) == null) {
        missing.put(column, null);
      }
    }
    ConstantColumns.Residual residual = ConstantColumns.residual(filter, missing);
    return residual instanceof ConstantColumns.Rows rows
        ? new ConstantColumns.Rows(renamed(rows.filter(), names))
        : residual;
  }

  /** The filter with each column named by its file path. */
  private static Filter renamed(Filter f, Map<String, String> names) {
    return f.renameColumns(names::get);
  }

  private static List<Field> fields(List<FieldNode> nodes) {
    return nodes.stream().map(FieldNode::field).toList();
  }

  /**
   * The file field matching {@code wanted} among {@code candidates}: by field id when the wanted
   * field has one and so do some of the candidates, else by name; -1 when none matches.
   */
  private static int match(Field wanted, List<Field> candidates) {
    Integer id = FieldIds.of(wanted);
    boolean byId = id != null && candidates.stream().anyMatch(c -> FieldIds.read(c) != null);
    for (int i = 0; i < candidates.size(); i++) {
      Field c = candidates.get(i);
      if (byId ? id.equals(FieldIds.read(c)) : c.getName().equals(wanted.getName())) {
        return i;
      }
    }
    return -1;
  }

  /** A schema to read as holds values: a dictionary-encoded field in it is an error. */
  private void refuseDictionaries(Field f) {
    if (f.getDictionary() != null) {
      throw new IllegalArgumentException(
          fileName
              + ": field '"
              + f.getName()
              + "' of the schema to read as is dictionary-encoded; a read as a given schema reads"
              + " values");
    }
    f.getChildren().forEach(this::refuseDictionaries);
  }

  /** A field the file lacks reads as nulls: it must be nullable, and so must its ancestors. */
  private void checkNullable(Field wanted, String path) {
    if (!wanted.isNullable()) {
      throw new IllegalArgumentException(
          fileName
              + ": field '"
              + path
              + "' is not in the file, and the schema asks for it non-null; it can only be"
              + " read as nulls");
    }
  }

  /**
   * The leaf columns {@code wanted} needs of the file's {@code node}, and the file's dotted path of
   * each leaf a filter can name (through structs), by its requested path.
   */
  private void collect(
      Field wanted, FieldNode node, String path, Set<Integer> out, Map<String, String> names) {
    if (node.kind() == FieldNode.Kind.STRUCT && wanted.getType() instanceof ArrowType.Struct) {
      List<Field> children = fields(node.children());
      for (Field child : wanted.getChildren()) {
        int at = match(child, children);
        String childPath = path + "." + child.getName();
        if (at >= 0) {
          collect(child, node.children().get(at), childPath, out, names);
        } else {
          checkNullable(child, childPath);
          names.put(childPath, null);
        }
      }
      return;
    }
    out.addAll(node.columns());
    if (node.kind() == FieldNode.Kind.LEAF) {
      names.put(path, footer.schema().column(node.column()).dottedPath());
    }
  }

  // ---- Converters ----

  /** Moves one field's vector of a batch into the requested vector. */
  private interface Converter {
    /** {@code from} is null for a field the file lacks. */
    void convert(FieldVector from, FieldVector to, int rows);
  }

  private static final Converter NULLS =
      (from, to, rows) -> {
        to.clear();
        to.setInitialCapacity(rows);
        to.allocateNew();
        to.setValueCount(rows);
      };

  private static final Converter EXCHANGE = (from, to, rows) -> VectorExchange.move(from, to);

  /** How {@code file} is read as {@code wanted}, or an error naming both types. */
  private Converter converter(Field file, Field wanted, String path) {
    if (!wanted.isNullable() && file.isNullable()) {
      throw new IllegalArgumentException(
          fileName
              + ": field '"
              + path
              + "' may be null in the file, and the schema asks for it non-null");
    }
    ArrowType from = file.getType();
    ArrowType to = wanted.getType();
    if (Layouts.alike(file, wanted)) {
      return EXCHANGE;
    }
    if (from instanceof ArrowType.Struct && to instanceof ArrowType.Struct) {
      return struct(file, wanted, path, false);
    }
    if (from instanceof ArrowType.Map && to instanceof ArrowType.Map) {
      // The entries' key and value by position: writers name them differently.
      Field entries = file.getChildren().get(0);
      Field wantedEntries = wanted.getChildren().get(0);
      if (entries.getChildren().size() != wantedEntries.getChildren().size()) {
        throw new IllegalArgumentException(
            fileName
                + ": map '"
                + path
                + "' has "
                + entries.getChildren().size()
                + " entry fields in the file, the schema "
                + wantedEntries.getChildren().size());
      }
      return list(struct(entries, wantedEntries, path, true));
    }
    if (from instanceof ArrowType.List && to instanceof ArrowType.List
        || from instanceof ArrowType.LargeList && to instanceof ArrowType.LargeList
        || from instanceof ArrowType.FixedSizeList f
            && to instanceof ArrowType.FixedSizeList t
            && f.getListSize() == t.getListSize()) {
      Converter element =
          converter(
              file.getChildren().get(0),
              wanted.getChildren().get(0),
              path + "." + wanted.getChildren().get(0).getName());
      return list(element);
    }
    if (file.getChildren().isEmpty() && wanted.getChildren().isEmpty()) {
      Converter widening = widening(from, to);
      if (widening != null) {
        return widening;
      }
    }
    throw new IllegalArgumentException(
        fileName
            + ": field '"
            + path
            + "' is "
            + from
            + " in the file, which cannot be read as "
            + to);
  }

  /**
   * A struct: its validity shared, each requested member matched (a map's entries, {@code
   * byPosition}: their key and value by position) and converted.
   */
  private Converter struct(Field file, Field wanted, String path, boolean byPosition) {
    int members = wanted.getChildren().size();
    int[] source = new int[members];
    Converter[] each = new Converter[members];
    for (int i = 0; i < members; i++) {
      Field child = wanted.getChildren().get(i);
      source[i] = byPosition ? i : match(child, file.getChildren());
      each[i] =
          source[i] < 0
              ? NULLS
              : converter(file.getChildren().get(source[i]), child, path + "." + child.getName());
    }
    return (from, to, rows) -> {
      StructVector in = (StructVector) from;
      StructVector out = (StructVector) to;
      out.loadFieldBuffers(
          new ArrowFieldNode(rows, in.getNullCount()), List.of(in.getValidityBuffer()));
      for (int i = 0; i < members; i++) {
        each[i].convert(
            source[i] < 0 ? null : (FieldVector) in.getChildByOrdinal(source[i]),
            (FieldVector) out.getChildByOrdinal(i),
            rows);
      }
    };
  }

  /** A list or map: validity and offsets shared, the elements converted. */
  private static Converter list(Converter element) {
    return (from, to, rows) -> {
      FieldVector inner;
      FieldVector outer;
      int elements;
      ArrowFieldNode node = new ArrowFieldNode(rows, from.getNullCount());
      if (from instanceof ListVector in) {
        ListVector out = (ListVector) to;
        out.loadFieldBuffers(node, List.of(in.getValidityBuffer(), in.getOffsetBuffer()));
        elements = rows == 0 ? 0 : in.getOffsetBuffer().getInt((long) rows * 4);
        inner = in.getDataVector();
        outer = out.getDataVector();
      } else if (from instanceof LargeListVector in) {
        LargeListVector out = (LargeListVector) to;
        out.loadFieldBuffers(node, List.of(in.getValidityBuffer(), in.getOffsetBuffer()));
        elements = rows == 0 ? 0 : (int) in.getOffsetBuffer().getLong((long) rows * 8);
        inner = in.getDataVector();
        outer = out.getDataVector();
      } else {
        FixedSizeListVector in = (FixedSizeListVector) from;
        FixedSizeListVector out = (FixedSizeListVector) to;
        out.loadFieldBuffers(node, List.of(in.getValidityBuffer()));
        elements = rows * in.getListSize();
        inner = in.getDataVector();
        outer = out.getDataVector();
      }
      element.convert(inner, outer, elements);
    };
  }

  /**
   * How a primitive type widens into another ({@link Widening}), or null: the widenings the table
   * formats allow (Iceberg's, and Delta's, which also widen decimals to more fraction digits and
   * integers to decimals and doubles). A decimal at the same scale and width holds the same
   * unscaled values and moves over.
   */
  private static Converter widening(ArrowType from, ArrowType to) {
    if (from instanceof ArrowType.Decimal f
        && to instanceof ArrowType.Decimal t
        && f.getScale() == t.getScale()
        && f.getPrecision() <= t.getPrecision()
        && f.getBitWidth() == t.getBitWidth()) {
      return EXCHANGE;
    }
    Widening widening = Widening.of(from, to);
    return widening == null ? null : widening::widen;
  }
}
