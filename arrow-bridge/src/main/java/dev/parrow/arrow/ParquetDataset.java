package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.HivePartitions;
import dev.parrow.arrow.internal.dataset.SchemaUnion;
import dev.parrow.codec.footer.Footer;
import dev.parrow.storage.Store;
import dev.parrow.storage.Stores;
import dev.parrow.storage.threads.ParrowThreads;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Many Parquet files read as one table: a directory (searched recursively), a glob ({@code
 * data/**}{@code /*.parquet}), an S3 prefix ({@code s3://bucket/table/}, listed) or a glob over S3
 * keys, or a list of files and URIs ({@code http(s)://}, {@code s3://}).
 *
 * <p><b>Files.</b> In a directory or under a glob's fixed part, files and directories whose names
 * start with '.' or '_' are left out (as pyarrow and Spark leave out {@code _SUCCESS} and hidden
 * files). Each location's files are taken in the order of their paths, and the locations in the
 * order given; <b>rows come in that order</b>, each file's rows in file order, whatever {@link
 * DatasetOptions#filesAtOnce} is.
 *
 * <p><b>Partitions.</b> With hive partitioning (the default), each {@code key=value} directory
 * between a directory's (or glob's) root and the file becomes a column, after the files' own
 * columns; for a file named directly, every directory of its path counts. Every file must have the
 * same keys. {@code __HIVE_DEFAULT_PARTITION__} is null. A key's type is inferred from all its
 * values (Int(64), then Date(DAY), else Utf8) or given by the {@link Partitioning}.
 *
 * <p><b>Schema.</b> The files' schemas are unified by top-level name (see {@link #describe()}): a
 * column missing from a file reads as nulls there; integers widen (int32 to int64), floats to
 * double, decimals to the precision and scale that hold both; other differences fail with an error
 * naming both files.
 *
 * <p><b>Filters</b> ({@link ReadOptions#filter}) may name partition keys and the files' columns. A
 * file whose partition values (or missing columns) rule the filter out, or whose row groups the
 * chunk statistics of its footer all rule out, is not opened again; in the files left, the filter
 * prunes row groups and pages as for one file (statistics, Bloom filters, dictionaries, page
 * index).
 *
 * <p>Opening reads every file's footer (in parallel) and keeps the footers, but no file open; a
 * reader reopens the files it reads. Thread-safe and immutable.
 */
public final class ParquetDataset {
  private final List<DatasetFile> files;
  private final List<Schema> fileSchemas;

  /**
   * Each file's footer, read when the dataset opened: where {@link #slices} cuts, and the
   * statistics a reader rules row groups and whole files out by before opening them.
   */
  private final List<Footer> footers;

  private final Schema schema;
  private final Set<String> partitionKeys;
  private final DatasetOptions options;

  /** Where a row group's chunks start, how many bytes they take together, and its rows. */
  private record GroupSpan(long start, long bytes, long rows) {}

  private ParquetDataset(
      List<DatasetFile> files,
      List<Schema> fileSchemas,
      List<Footer> footers,
      Schema schema,
      Set<String> partitionKeys,
      DatasetOptions options) {
    this.files = files;
    this.fileSchemas = fileSchemas;
    this.footers = footers;
    this.schema = schema;
    this.partitionKeys = partitionKeys;
    this.options = options;
  }

  /**
   * Opens directories, globs, files or URIs with the default options.
   *
   * @param locations where the files are
   * @return the dataset
   * @throws IOException if a location cannot be listed or a footer read
   */
  public static ParquetDataset open(String... locations) throws IOException {
    return open(Arrays.asList(locations), DatasetOptions.defaults());
  }

  /**
   * Opens directories, globs, files or URIs.
   *
   * @param locations where the files are
   * @param options partitioning, type choices and read-ahead
   * @return the dataset
   * @throws IOException if a location cannot be listed or a footer read
   * @throws IllegalArgumentException if the files' schemas or partition keys do not agree
   */
  public static ParquetDataset open(List<String> locations, DatasetOptions options)
      throws IOException {
    List<Listed> listed = new ArrayList<>();
    for (String location : locations) {
      listed.addAll(list(location, options));
    }
    if (listed.isEmpty()) {
      throw new IOException(
          String.join(", ", locations)
              + ": no Parquet files there (names starting with '.' or '_' are left out)");
    }
    List<Map<String, String>> texts = new ArrayList<>();
    List<String> keys = null;
    String keysFrom = null;
    for (Listed l : listed) {
      Map<String, String> p;
      try {
        p = options.partitioning().values(l.directories);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(l.location + ": " + e.getMessage(), e);
      }
      if (keys == null) {
        keys = List.copyOf(p.keySet());
        keysFrom = l.location;
      } else if (!keys.equals(List.copyOf(p.keySet()))) {
        throw new IllegalArgumentException(
            "the partition keys of "
                + l.location
                + " ("
                + String.join("/", p.keySet())
                + ") differ from those of "
                + keysFrom
                + " ("
                + String.join("/", keys)
                + ")");
      }
      texts.add(p);
    }
    Map<String, ArrowType> keyTypes = new LinkedHashMap<>();
    for (String key : keys) {
      ArrowType given = options.partitioning().types().get(key);
      if (given == null) {
        List<String> values = new ArrayList<>();
        texts.forEach(t -> values.add(t.get(key)));
        given = HivePartitions.infer(values);
      }
      keyTypes.put(key, given);
    }
    List<Schema> schemas = footerSchemas(listed, options);
    SchemaUnion union = new SchemaUnion();
    List<DatasetFile> files = new ArrayList<>();
    List<Footer> footers = new ArrayList<>();
    for (int i = 0; i < listed.size(); i++) {
      Listed l = listed.get(i);
      union.add(l.location, schemas.get(i));
      Map<String, Object> values = new LinkedHashMap<>();
      for (String key : keys) {
        try {
          values.put(key, HivePartitions.value(texts.get(i).get(key), keyTypes.get(key)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              l.location + ": partition " + key + ": " + e.getMessage(), e);
        }
        if (schemas.get(i).getFields().stream().anyMatch(f -> f.getName().equals(key))) {
          throw new IllegalArgumentException(
              l.location + ": '" + key + "' is both a partition key and a column of the file");
        }
      }
      files.add(
          new DatasetFile(
              l.location, Collections.unmodifiableMap(values), l.footer.metaData().numRows()));
      footers.add(l.footer);
    }
    List<Field> fields = new ArrayList<>(union.fields());
    keyTypes.forEach((k, t) -> fields.add(new Field(k, FieldType.nullable(t), null)));
    return new ParquetDataset(
        List.copyOf(files),
        List.copyOf(schemas),
        List.copyOf(footers),
        new Schema(fields),
        new LinkedHashSet<>(keys),
        options);
  }

  /** {@return the unified schema: the files' columns, then the partition keys} */
  public Schema schema() {
    return schema;
  }

  /**
   * The schema a reader with these options gives: the projection's top-level columns, and of a
   * struct named by dotted paths only the fields they reach; the columns the read names as
   * dictionaries ({@link dev.parrow.types.DictionaryMode#PER_ROW_GROUP} with {@link
   * TypeOptions#dictionaryColumns}) dictionary-encoded.
   *
   * @param read the read options
   * @return the schema
   * @throws IllegalArgumentException for a column the dataset does not have
   */
  public Schema schema(ReadOptions read) {
    return DatasetPlan.readSchema(schema, partitionKeys, read);
  }

  /** {@return the files, in reading order} */
  public List<DatasetFile> files() {
    return files;
  }

  /** {@return the options the dataset was opened with} */
  public DatasetOptions options() {
    return options;
  }

  /** {@return the partition keys, outermost first} */
  public Set<String> partitionKeys() {
    return Collections.unmodifiableSet(partitionKeys);
  }

  /**
   * One row per column of {@link #schema()}: whether it is a partition key, how many files hold it
   * (the others read it as nulls), and which narrower types files store it in.
   *
   * @return the columns, in schema order
   */
  public List<DatasetColumn> describe() {
    List<DatasetColumn> out = new ArrayList<>();
    for (Field f : schema.getFields()) {
      if (partitionKeys.contains(f.getName())) {
        out.add(new DatasetColumn(f, true, 0, List.of(), false));
        continue;
      }
      int holding = 0;
      Set<String> narrower = new LinkedHashSet<>();
      boolean dictionaryOnly = f.getChildren().isEmpty();
      for (int i = 0; i < fileSchemas.size(); i++) {
        Field own = field(fileSchemas.get(i), f.getName());
        if (own != null) {
          holding++;
          if (!own.getType().equals(f.getType())) {
            narrower.add(own.getType().toString());
          }
          dictionaryOnly = dictionaryOnly && dictionaryPagesOnly(footers.get(i), f.getName());
        }
      }
      out.add(
          new DatasetColumn(
              f, false, holding, List.copyOf(narrower), dictionaryOnly && holding > 0));
    }
    return out;
  }

  /**
   * Whether the file's top-level primitive column {@code name} keeps every value of every chunk in
   * its dictionary page (false for a column it stores otherwise, or whose metadata is encrypted).
   */
  private static boolean dictionaryPagesOnly(Footer footer, String name) {
    var column = footer.schema().column(name);
    if (column == null) {
      return false;
    }
    for (var group : footer.metaData().rowGroups()) {
      var meta = group.columns().get(column.index()).metaData();
      if (meta == null || !meta.onlyDictionaryPages()) {
        return false;
      }
    }
    return true;
  }

  /**
   * A reader of every row.
   *
   * @param allocator where the batches' memory comes from
   * @return the reader; close it
   */
  public ParquetDatasetReader newReader(BufferAllocator allocator) {
    return newReader(allocator, ReadOptions.defaults());
  }

  /**
   * A reader with a projection ({@link ReadOptions#columns}: top-level names, partition keys
   * included, and dotted paths to fields of structs), a filter, a batch size and a decoding
   * parallelism. The type choices are the dataset's ({@link DatasetOptions#types}), since the
   * schema was unified under them, but for the columns the read keeps as dictionaries ({@link
   * dev.parrow.types.DictionaryMode#PER_ROW_GROUP} with {@link TypeOptions#dictionaryColumns}: top-
   * level string and binary columns; the others are decoded); row groups, column indices and row
   * ranges cannot be chosen for a dataset.
   *
   * @param allocator where the batches' memory comes from
   * @param read the read options
   * @return the reader; close it
   * @throws IllegalArgumentException for an unknown column, or options a dataset cannot take
   */
  public ParquetDatasetReader newReader(BufferAllocator allocator, ReadOptions read) {
    return new ParquetDatasetReader(allocator, this, ownTypes(read));
  }

  /**
   * The read options with the dataset's type choices; fails on options that choose other types, or
   * parts of files.
   */
  private ReadOptions ownTypes(ReadOptions read) {
    if (read.typesChosen() && !valueTypes(read.types()).equals(valueTypes(options.types()))) {
      throw new IllegalArgumentException(
          "a dataset's type choices are set when it is opened (DatasetOptions.Builder.types);"
              + " these read options choose others");
    }
    if (!read.rowGroups().isEmpty()
        || !read.columnIndices().isEmpty()
        || read.rowOffset() != 0
        || read.rowLimit() != Long.MAX_VALUE) {
      throw new IllegalArgumentException(
          "a dataset reads whole files: row groups, column indices and row ranges cannot be chosen");
    }
    if (read.selection() != null || read.readAs() != null) {
      throw new IllegalArgumentException(
          "a row selection and a schema to read as are a file's (ReadOptions of"
              + " ParquetFile.newReader); a dataset unifies its files' schemas itself");
    }
    TypeOptions chosen = read.types();
    return read.toBuilder()
        .types(
            options.types().toBuilder()
                .dictionaryMode(chosen.dictionaryMode())
                .dictionaryColumns(chosen.dictionaryColumns())
                .build())
        .build();
  }

  /**
   * The choices that shape a dataset's values: all but the dictionary ones (a read keeps the
   * columns it names as dictionaries, {@link DatasetPlan#dictionaryColumns}; the others decoded).
   */
  private static TypeOptions valueTypes(TypeOptions t) {
    return t.toBuilder()
        .dictionaryMode(DictionaryMode.AUTO)
        .dictionaryColumns(List.of())
        .hintedDictionaries(true)
        .build();
  }

  List<Schema> fileSchemas() {
    return fileSchemas;
  }

  /** Each file's footer by its location, as read when the dataset opened. */
  Map<String, Footer> footersByLocation() {
    Map<String, Footer> out = new java.util.HashMap<>();
    for (int i = 0; i < files.size(); i++) {
      out.put(files.get(i).location(), footers.get(i));
    }
    return out;
  }

  /** Every file whole, as slices. */
  List<DatasetSlice> wholeFiles() {
    List<DatasetSlice> out = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      out.add(slice(i, List.of(), files.get(i).rows()));
    }
    return out;
  }

  private DatasetSlice slice(int file, List<Integer> rowGroups, long rows) {
    List<String> columns = new ArrayList<>();
    fileSchemas.get(file).getFields().forEach(f -> columns.add(f.getName()));
    DatasetFile f = files.get(file);
    return new DatasetSlice(f.location(), rowGroups, f.partitions(), columns, rows);
  }

  /**
   * The dataset cut into slices for parallel readers, as Spark and parquet-java cut files: each
   * file into byte ranges of {@code maxBytes}, each row group going to the range that holds its
   * midpoint, so that every row group is read once. Ranges that hold no midpoint give no slice. Cut
   * from the row groups' places the footers gave when the dataset opened: no file is read.
   *
   * @param maxBytes the most bytes of a file one slice spans (at least 1)
   * @return the slices, in file order
   */
  public List<DatasetSlice> slices(long maxBytes) {
    List<DatasetSlice> out = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      out.addAll(slices(i, maxBytes));
    }
    return out;
  }

  /** One file's slices, by the midpoints of its row groups. */
  private List<DatasetSlice> slices(int file, long maxBytes) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be at least 1, not " + maxBytes);
    }
    java.util.TreeMap<Long, List<Integer>> bySplit = new java.util.TreeMap<>();
    java.util.Map<Long, Long> rowsBySplit = new java.util.HashMap<>();
    List<GroupSpan> groups = spans(footers.get(file));
    for (int g = 0; g < groups.size(); g++) {
      GroupSpan group = groups.get(g);
      if (group == null) {
        continue; // a row group without columns: nothing to read
      }
      long split = (group.start() + group.bytes() / 2) / maxBytes;
      bySplit.computeIfAbsent(split, k -> new ArrayList<>()).add(g);
      rowsBySplit.merge(split, group.rows(), Long::sum);
    }
    List<DatasetSlice> out = new ArrayList<>();
    for (var split : bySplit.entrySet()) {
      out.add(slice(file, split.getValue(), rowsBySplit.get(split.getKey())));
    }
    return out;
  }

  /**
   * The slices of {@link #slices(long)} that a filter may match, with only the row groups it may
   * match: settled, as a reader settles them, on each file's partition values and missing columns,
   * then on the chunk statistics of the footers read when the dataset opened. Nothing is read; a
   * distributed engine plans no task for what a filter rules out this way.
   *
   * @param maxBytes the most bytes of a file one slice spans (at least 1)
   * @param read the read options with the filter
   * @return the slices left, in file order
   * @throws IllegalArgumentException for a filter column the dataset does not have, or options a
   *     dataset cannot take
   */
  public List<DatasetSlice> slices(long maxBytes, ReadOptions read) {
    List<DatasetSlice> all = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      all.addAll(slices(i, maxBytes));
    }
    return DatasetPlan.of(schema, partitionKeys, all, footersByLocation(), ownTypes(read))
        .files()
        .stream()
        .map(DatasetPlan.FileToRead::slice)
        .toList();
  }

  /** A file's row groups as {@link #slices} needs them (null for one without columns). */
  private static List<GroupSpan> spans(Footer footer) {
    List<GroupSpan> out = new ArrayList<>();
    for (var group : footer.metaData().rowGroups()) {
      if (group.columns().isEmpty()) {
        out.add(null);
        continue;
      }
      long start =
          dev.parrow.codec.page.ChunkRange.of(group.columns().get(0).metaData(), footer).start();
      long bytes = 0;
      for (var c : group.columns()) {
        bytes += c.metaData().totalCompressedSize();
      }
      out.add(new GroupSpan(start, bytes, group.numRows()));
    }
    return out;
  }

  static Field field(Schema s, String name) {
    for (Field f : s.getFields()) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * The read options every file is read with: the dataset's, dictionaries decoded, each batch
   * decoded when asked for (the dataset reader reads each file ahead on a thread of its own).
   */
  static ReadOptions perFile(ReadOptions read) {
    return perFile(read, List.of());
  }

  /**
   * The read options a file is read with, its columns {@code dictionaries} read as dictionaries
   * (one per row group; the hint's other dictionaries decoded, as the dataset's schema has them).
   */
  static ReadOptions perFile(ReadOptions read, List<String> dictionaries) {
    return read.toBuilder()
        .types(
            t -> {
              if (dictionaries.isEmpty()) {
                t.dictionaryMode(DictionaryMode.DECODE).dictionaryColumns(List.of());
              } else {
                t.dictionaryMode(DictionaryMode.PER_ROW_GROUP)
                    .dictionaryColumns(dictionaries)
                    .hintedDictionaries(false);
              }
            })
        .decodeAhead(false)
        .build();
  }

  /**
   * Whether a location is a glob: it holds {@code *}, {@code ?}, {@code [} or <code>&#123;</code>.
   *
   * @param location a path, a URI or a glob
   * @return true for a glob
   */
  public static boolean isGlob(String location) {
    return location.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  /** A file found for the dataset, with the directories its partition values come from. */
  private record Listed(String location, List<String> directories, Footer footer) {
    Listed(String location, List<String> directories) {
      this(location, directories, null);
    }

    Listed withFooter(Footer f) {
      return new Listed(location, directories, f);
    }
  }

  /**
   * The files a location names: one file, every file under a directory or prefix, or those a glob
   * matches below the part of the location before its first wildcard. The store decides what a
   * location is ({@link Stores}); names starting with '.' or '_' below the root are left out.
   */
  private static List<Listed> list(String location, DatasetOptions options) throws IOException {
    Store store = Stores.of(location, options.remote());
    // A file: URI as a path: the files listed are then paths, whatever characters their names hold.
    location = store.canonical(location);
    String base;
    PathMatcher matcher = null;
    if (isGlob(location)) {
      int wild = 0;
      while (!isGlob(String.valueOf(location.charAt(wild)))) {
        wild++;
      }
      base = location.substring(0, location.lastIndexOf('/', wild) + 1);
      matcher =
          FileSystems.getDefault().getPathMatcher("glob:" + location.substring(base.length()));
    } else if (store.isDirectory(location)) {
      base = location.endsWith("/") ? location : location + "/";
    } else {
      return List.of(new Listed(location, HivePartitions.directories(parentPath(location))));
    }
    List<Listed> out = new ArrayList<>();
    for (String file : store.list(base)) {
      String relative = file.substring(Math.min(file.length(), base.length()));
      if (relative.isEmpty()
          || hidden(Path.of(relative))
          || (matcher != null && !matcher.matches(Path.of(relative)))) {
        continue;
      }
      out.add(new Listed(file, HivePartitions.directories(relative)));
    }
    return out;
  }

  /** The directories above one named file, whose names may hold its partition values. */
  private static String parentPath(String location) {
    if (Stores.isRemote(location)) {
      if (location.regionMatches(true, 0, "http", 0, 4)) {
        String path = URI.create(location).getRawPath();
        return path == null ? "" : path;
      }
      // An object's key as it is written (as listings give it): not percent-decoded, so that an
      // escaped partition value (k=a%2Fb) is unescaped once, by HivePartitions.
      String rest = location.substring(location.indexOf("://") + 3);
      int slash = rest.indexOf('/');
      return slash < 0 ? "" : rest.substring(slash);
    }
    Path parent = Path.of(location).toAbsolutePath().getParent();
    return parent == null ? "" : parent.toString().replace('\\', '/') + "/x";
  }

  private static boolean hidden(Path relative) {
    for (Path part : relative) {
      String n = part.toString();
      if (n.startsWith(".") || n.startsWith("_")) {
        return true;
      }
    }
    return false;
  }

  /** Every file's Arrow schema (and row count, into {@code listed}), footers read in parallel. */
  private static List<Schema> footerSchemas(List<Listed> listed, DatasetOptions options)
      throws IOException {
    ReadOptions read = perFile(ReadOptions.builder().types(options.types()).build());
    int threads = Math.min(listed.size(), Math.max(8, options.filesAtOnce()));
    java.util.concurrent.Executor pool =
        ParrowThreads.share(ParrowThreads.Work.FILES, null, threads);
    List<java.util.concurrent.FutureTask<Schema>> schemas = new ArrayList<>();
    try {
      for (int i = 0; i < listed.size(); i++) {
        int index = i;
        java.util.concurrent.FutureTask<Schema> task =
            new java.util.concurrent.FutureTask<>(
                () -> {
                  Listed l = listed.get(index);
                  try (ParquetFile f =
                      ParquetFile.open(
                          l.location, options.remote(), options.decryption(l.location))) {
                    listed.set(index, l.withFooter(f.footer()));
                    return f.arrowSchema(read);
                  }
                });
        schemas.add(task);
        pool.execute(task);
      }
      List<Schema> out = new ArrayList<>();
      for (Future<Schema> s : schemas) {
        out.add(s.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("opening the dataset was interrupted");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new UncheckedIOException(new IOException(cause));
    } finally {
      // On a failure, the footers not read yet are not read.
      schemas.forEach(f -> f.cancel(false));
    }
  }
}
