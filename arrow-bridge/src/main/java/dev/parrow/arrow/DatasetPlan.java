package dev.parrow.arrow;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.dataset.ConstantColumns;
import dev.parrow.arrow.internal.filter.ChunkPruning;
import dev.parrow.codec.footer.Footer;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a read of a dataset reads, decided before any file is opened: the projected schema, and for
 * each slice (a file, or some of its row groups) the columns to ask it for, its constant columns
 * (partition values, and nulls for columns it lacks), and what of the filter is left once its
 * partition values and the row groups' statistics (from the footers the dataset read when it
 * opened) have settled it. A slice the filter rules out is not read at all. {@link
 * ParquetDatasetReader} reads the plan; {@link ParquetDataset#slices} hands its slices to the tasks
 * of a distributed engine.
 *
 * @param schema the dataset's schema as the read projects it
 * @param files the slices to read, in order
 * @param filesSkipped how many slices the filter ruled out
 * @param groupsRuledOut how many row groups the filter ruled out without a read
 */
record DatasetPlan(Schema schema, List<FileToRead> files, int filesSkipped, int groupsRuledOut) {
  /**
   * One slice to read.
   *
   * @param slice the file and the row groups left
   * @param read the read of the file: its own columns, the filter left, the dataset's types
   * @param constants its constant columns by name
   * @param countOnly whether only its row count matters (no column of it is read)
   * @param footer its footer as the dataset read it, or null when not known
   */
  record FileToRead(
      DatasetSlice slice,
      ReadOptions read,
      Map<String, Object> constants,
      boolean countOnly,
      Footer footer) {}

  /**
   * Plans a read of {@code slices} of a dataset.
   *
   * @param datasetSchema the dataset's schema
   * @param partitionKeys its partition keys
   * @param slices what to read
   * @param footers the footers the dataset read, by location (empty when none are known)
   * @param read the read options
   * @return the plan
   */
  static DatasetPlan of(
      Schema datasetSchema,
      Set<String> partitionKeys,
      List<DatasetSlice> slices,
      Map<String, Footer> footers,
      ReadOptions read) {
    Map<String, List<String>> requested = requestedByField(datasetSchema, read);
    Schema projected = projected(datasetSchema, read, requested);
    Set<String> dictionaries = dictionaryColumns(datasetSchema, projected, partitionKeys, read);
    Schema schema = withSourceColumns(asDictionaries(projected, dictionaries), read);
    checkFilterColumns(datasetSchema, partitionKeys, read.filter());
    // Footers and statistics are settled on values: dictionaries play no part there.
    ReadOptions decoded = ParquetDataset.perFile(read);
    List<FileToRead> files = new ArrayList<>();
    int skipped = 0;
    int groupsRuledOut = 0;
    for (DatasetSlice given : slices) {
      Settled settled =
          settle(given, footers.get(given.location()), datasetSchema, partitionKeys, decoded);
      groupsRuledOut += settled.groupsRuledOut();
      if (settled.slice() == null) {
        skipped++;
        continue;
      }
      DatasetSlice slice = settled.slice();
      Set<String> own = new java.util.HashSet<>(slice.fileColumns());
      Filter residual = settled.residual();
      Set<String> columns = new LinkedHashSet<>();
      for (Field f : schema.getFields()) {
        if (own.contains(f.getName())) {
          columns.addAll(requested.getOrDefault(f.getName(), List.of(f.getName())));
        }
      }
      boolean countOnly = columns.isEmpty() && residual == null && read.rowNumbers() == null;
      Footer footer = footers.get(given.location());
      if (columns.isEmpty() && residual != null) {
        for (String c : residual.columns()) {
          columns.add(ConstantColumns.topLevel(c));
        }
      }
      List<String> ownDictionaries = columns.stream().filter(dictionaries::contains).toList();
      ReadOptions.Builder b =
          ParquetDataset.perFile(read, ownDictionaries).toBuilder()
              .columns(List.copyOf(columns))
              .rowGroups(slice.rowGroups().stream().mapToInt(Integer::intValue).toArray())
              .filter((Filter) null);
      if (residual != null) {
        b.filter(residual);
      }
      if (columns.isEmpty() && !countOnly && residual == null && footer != null) {
        // Only the row numbers: the rows are counted by the file's smallest column.
        b.columnIndices(dev.parrow.arrow.internal.read.Projection.smallestColumn(footer));
      }
      Map<String, Object> constants = settled.constants();
      if (read.filePaths() != null) {
        constants = new java.util.LinkedHashMap<>(constants);
        constants.put(read.filePaths(), slice.location());
      }
      files.add(new FileToRead(slice, b.filePaths(null).build(), constants, countOnly, footer));
    }
    return new DatasetPlan(schema, List.copyOf(files), skipped, groupsRuledOut);
  }

  /**
   * The columns read as dictionaries: under {@link DictionaryMode#PER_ROW_GROUP}, those of {@link
   * TypeOptions#dictionaryColumns} the read projects, each a top-level string or binary column that
   * is not a partition key (else none: a dataset decodes dictionaries). Each file's dictionary
   * replaces the last at each of its row groups.
   *
   * @throws IllegalArgumentException for a name the dataset lacks, a partition key, or a column of
   *     another type
   */
  static Set<String> dictionaryColumns(
      Schema datasetSchema, Schema projected, Set<String> partitionKeys, ReadOptions read) {
    TypeOptions types = read.types();
    if (types.dictionaryMode() != DictionaryMode.PER_ROW_GROUP) {
      return Set.of();
    }
    Set<String> out = new LinkedHashSet<>();
    for (String name : types.dictionaryColumns()) {
      Field f = ParquetDataset.field(datasetSchema, name);
      if (f == null) {
        throw new IllegalArgumentException(
            "no column '" + name + "' in the dataset to read as a dictionary");
      }
      ArrowType t = f.getType();
      if (partitionKeys.contains(name)
          || !(t instanceof ArrowType.Utf8
              || t instanceof ArrowType.Binary
              || t instanceof ArrowType.LargeUtf8
              || t instanceof ArrowType.LargeBinary)) {
        throw new IllegalArgumentException(
            "a dataset reads top-level string and binary columns as dictionaries; '"
                + name
                + "' is "
                + (partitionKeys.contains(name) ? "a partition key" : t.toString()));
      }
      if (ParquetDataset.field(projected, name) != null) {
        out.add(name);
      }
    }
    return out;
  }

  /** The projected schema, the fields {@code dictionaries} names dictionary-encoded (Int32). */
  private static Schema asDictionaries(Schema projected, Set<String> dictionaries) {
    if (dictionaries.isEmpty()) {
      return projected;
    }
    long id = 0;
    List<Field> fields = new ArrayList<>();
    for (Field f : projected.getFields()) {
      if (dictionaries.contains(f.getName())) {
        DictionaryEncoding encoding =
            new DictionaryEncoding(id++, false, new ArrowType.Int(32, true));
        f =
            new Field(
                f.getName(),
                new FieldType(f.isNullable(), f.getType(), encoding, f.getMetadata()),
                null);
      }
      fields.add(f);
    }
    return new Schema(fields, projected.getCustomMetadata());
  }

  /** Fails on a filter column the dataset does not have, before anything is read. */
  static void checkFilterColumns(Schema datasetSchema, Set<String> partitionKeys, Filter filter) {
    if (filter == null) {
      return;
    }
    for (String column : filter.columns()) {
      String top = ConstantColumns.topLevel(column);
      if (ParquetDataset.field(datasetSchema, column) == null
          && (ParquetDataset.field(datasetSchema, top) == null || partitionKeys.contains(top))) {
        throw new IllegalArgumentException(
            "the filter names column '" + column + "', which the dataset does not have");
      }
    }
  }

  /**
   * A slice as a filter leaves it.
   *
   * @param slice the slice with only the row groups left to read (null: nothing in it can match)
   * @param constants the file's constant columns: partition values, and nulls for the dataset's
   *     columns the file lacks
   * @param residual what of the filter its rows must still pass (null: nothing)
   * @param groupsRuledOut how many of the slice's row groups were ruled out without a read
   */
  record Settled(
      DatasetSlice slice, Map<String, Object> constants, Filter residual, int groupsRuledOut) {}

  /**
   * Settles the read's filter on a slice: on its file's constant columns, then, when the file's
   * footer is known, on its row groups' chunk statistics. Nothing is read.
   */
  static Settled settle(
      DatasetSlice slice,
      Footer footer,
      Schema datasetSchema,
      Set<String> partitionKeys,
      ReadOptions read) {
    Set<String> own = new java.util.HashSet<>(slice.fileColumns());
    Map<String, Object> constants = new HashMap<>(slice.partitions());
    for (Field f : datasetSchema.getFields()) {
      if (!partitionKeys.contains(f.getName()) && !own.contains(f.getName())) {
        constants.put(f.getName(), null);
      }
    }
    Filter filter = read.filter();
    if (filter == null) {
      return new Settled(slice, constants, null, 0);
    }
    ConstantColumns.Residual r;
    try {
      r = ConstantColumns.residual(filter, constants);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(slice.location() + ": " + e.getMessage(), e);
    }
    if (r instanceof ConstantColumns.None) {
      return new Settled(null, constants, null, footer == null ? 0 : groups(slice, footer).size());
    }
    Filter residual = r instanceof ConstantColumns.Rows rows ? rows.filter() : null;
    if (residual == null || footer == null) {
      return new Settled(slice, constants, residual, 0);
    }
    List<Integer> all = groups(slice, footer);
    List<Integer> kept = byStatistics(footer, read, residual, all);
    int ruledOut = all.size() - kept.size();
    if (kept.isEmpty()) {
      return new Settled(null, constants, residual, ruledOut);
    }
    if (ruledOut == 0) {
      return new Settled(slice, constants, residual, 0);
    }
    long rows = 0;
    for (int g : kept) {
      rows += footer.metaData().rowGroups().get(g).numRows();
    }
    DatasetSlice narrowed =
        new DatasetSlice(slice.location(), kept, slice.partitions(), slice.fileColumns(), rows);
    return new Settled(narrowed, constants, residual, ruledOut);
  }

  /** A slice's row groups: those it names, or all of its file's. */
  private static List<Integer> groups(DatasetSlice slice, Footer footer) {
    if (!slice.rowGroups().isEmpty()) {
      return slice.rowGroups();
    }
    List<Integer> all = new ArrayList<>();
    for (int g = 0; g < footer.metaData().rowGroups().size(); g++) {
      all.add(g);
    }
    return all;
  }

  /**
   * The row groups whose chunk statistics, from the footer read when the dataset opened, do not
   * rule the filter out: a file left with none is not opened at all.
   */
  private static List<Integer> byStatistics(
      Footer footer, ReadOptions read, Filter residual, List<Integer> groups) {
    ReadOptions bound = read.toBuilder().filter(residual).build();
    ChunkPruning pruning =
        new ChunkPruning(
            ParquetArrowReader.bind(footer, bound),
            footer,
            null,
            read.verifyCrc(),
            read.maxPageBytes());
    List<Integer> kept = new ArrayList<>();
    for (int g : groups) {
      try {
        if (pruning.statisticsMayMatch(g)) {
          kept.add(g);
        }
      } catch (dev.parrow.codec.ParquetFormatException e) {
        throw e.inRowGroup(g).inFile(footer.fileName());
      }
    }
    return kept;
  }

  /**
   * Each projected name by its top-level field: a top-level name, or a dotted path through structs
   * only ({@code address.city}; a field inside a list or map is read with its whole top-level
   * field).
   */
  private static Map<String, List<String>> requestedByField(Schema dataset, ReadOptions read) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    for (String c : read.columns()) {
      if (ParquetDataset.field(dataset, c) != null) {
        out.put(c, List.of(c));
        continue;
      }
      String[] path = c.split("\\.");
      Field at = ParquetDataset.field(dataset, path[0]);
      boolean structs = at != null;
      for (int i = 1; structs && i < path.length; i++) {
        if (dev.parrow.types.VariantArrow.isVariant(at)) {
          // A field of a variant (a filter's doc.score): the variant is read whole.
          path = java.util.Arrays.copyOf(path, i);
          c = String.join(".", path);
          break;
        }
        if (!(at.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Struct)) {
          structs = false;
          break;
        }
        Field child = null;
        for (Field f : at.getChildren()) {
          if (f.getName().equals(path[i])) {
            child = f;
          }
        }
        at = child;
        structs = child != null;
      }
      if (!structs) {
        throw new IllegalArgumentException(
            "no column '"
                + c
                + "' in the dataset (a dataset projects top-level columns and fields of structs;"
                + " it has "
                + dataset.getFields().stream().map(Field::getName).toList()
                + ")");
      }
      List<String> names = out.computeIfAbsent(path[0], k -> new ArrayList<>());
      if (!names.equals(List.of(path[0]))) {
        names.add(c);
      }
    }
    return out;
  }

  /**
   * The projected schema, and after it the row numbers ({@link ReadOptions#rowNumbers}: each file's
   * own) and the file paths ({@link ReadOptions#filePaths}) when the read asks for them.
   */
  static Schema withSourceColumns(Schema projected, ReadOptions read) {
    List<Field> fields = new ArrayList<>(projected.getFields());
    for (String name : new String[] {read.rowNumbers(), read.filePaths()}) {
      if (name == null) {
        continue;
      }
      if (fields.stream().anyMatch(f -> f.getName().equals(name))) {
        throw new IllegalArgumentException(
            "the column '"
                + name
                + "' would have the name of a column of the dataset; choose"
                + " another name");
      }
      fields.add(
          name.equals(read.rowNumbers())
              ? dev.parrow.arrow.internal.read.RowNumbers.field(name)
              : new Field(
                  name,
                  org.apache.arrow.vector.types.pojo.FieldType.notNullable(
                      org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE),
                  null));
    }
    return new Schema(fields, projected.getCustomMetadata());
  }

  /**
   * The schema a read of {@code dataset} gives: its projection, the columns it names as
   * dictionaries dictionary-encoded, and the source columns it asks for.
   */
  static Schema readSchema(Schema dataset, Set<String> partitionKeys, ReadOptions read) {
    Schema projected = projected(dataset, read, requestedByField(dataset, read));
    return withSourceColumns(
        asDictionaries(projected, dictionaryColumns(dataset, projected, partitionKeys, read)),
        read);
  }

  private static Schema projected(
      Schema dataset, ReadOptions read, Map<String, List<String>> requested) {
    if (read.columns().isEmpty()) {
      return dataset;
    }
    List<Field> fields = new ArrayList<>();
    if (read.requestedOrder()) {
      requested.forEach(
          (top, names) -> fields.add(pruned(ParquetDataset.field(dataset, top), names)));
    } else {
      for (Field f : dataset.getFields()) {
        if (requested.containsKey(f.getName())) {
          fields.add(pruned(f, requested.get(f.getName())));
        }
      }
    }
    return new Schema(fields);
  }

  /** A struct field keeping only the children the dotted names reach (all for its own name). */
  private static Field pruned(Field f, List<String> names) {
    if (names.contains(f.getName())) {
      return f;
    }
    List<Field> children = new ArrayList<>();
    for (Field child : f.getChildren()) {
      List<String> below = new ArrayList<>();
      String prefix = f.getName() + "." + child.getName();
      for (String n : names) {
        if (n.equals(prefix)) {
          below.add(child.getName());
        } else if (n.startsWith(prefix + ".")) {
          below.add(n.substring(f.getName().length() + 1));
        }
      }
      if (!below.isEmpty()) {
        children.add(pruned(child, below));
      }
    }
    return new Field(f.getName(), f.getFieldType(), children);
  }
}
