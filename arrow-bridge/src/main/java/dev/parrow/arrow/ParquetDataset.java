package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.HivePartitions;
import dev.parrow.arrow.internal.dataset.SchemaUnion;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.io.InputFile;
import dev.parrow.codec.io.S3Files;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.stream.Stream;
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
 * values (Int(64), then Date(DAY), else Utf8) or given in {@link DatasetOptions#partitionTypes}.
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
      Map<String, String> p =
          options.hivePartitioning() ? HivePartitions.parse(l.directories) : Map.of();
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
      ArrowType given = options.partitionTypes().get(key);
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
   * struct named by dotted paths only the fields they reach.
   *
   * @param read the read options
   * @return the schema
   * @throws IllegalArgumentException for a column the dataset does not have
   */
  public Schema schema(ReadOptions read) {
    return ParquetDatasetReader.projected(schema, read);
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
        out.add(new DatasetColumn(f, true, 0, List.of()));
        continue;
      }
      int holding = 0;
      Set<String> narrower = new LinkedHashSet<>();
      for (Schema s : fileSchemas) {
        Field own = field(s, f.getName());
        if (own != null) {
          holding++;
          if (!own.getType().equals(f.getType())) {
            narrower.add(own.getType().toString());
          }
        }
      }
      out.add(new DatasetColumn(f, false, holding, List.copyOf(narrower)));
    }
    return out;
  }

  /**
   * A reader of every row, with the dataset's read options.
   *
   * @param allocator where the batches' memory comes from
   * @return the reader; close it
   */
  public ParquetDatasetReader newReader(BufferAllocator allocator) {
    return newReader(allocator, options.read());
  }

  /**
   * A reader with a projection ({@link ReadOptions#columns}: top-level names, partition keys
   * included, and dotted paths to fields of structs), a filter, a batch size and a decoding
   * parallelism. The type choices must be the dataset's ({@link DatasetOptions#read}), since the
   * schema was unified under them; row groups, column indices and row ranges cannot be chosen for a
   * dataset.
   *
   * @param allocator where the batches' memory comes from
   * @param read the read options
   * @return the reader; close it
   * @throws IllegalArgumentException for an unknown column, or options a dataset cannot take
   */
  public ParquetDatasetReader newReader(BufferAllocator allocator, ReadOptions read) {
    checkReadOptions(read);
    return new ParquetDatasetReader(allocator, this, read);
  }

  /** Fails on read options that choose other types than the dataset's, or parts of files. */
  private void checkReadOptions(ReadOptions read) {
    ReadOptions mine = options.read();
    if (!read.types().equals(mine.types())
        || read.useArrowSchemaHint() != mine.useArrowSchemaHint()
        || !java.util.Objects.equals(read.arrowSchema(), mine.arrowSchema())) {
      throw new IllegalArgumentException(
          "a dataset's type choices are set when it is opened (DatasetOptions.read); these read"
              + " options choose other types");
    }
    if (!read.rowGroups().isEmpty()
        || !read.columnIndices().isEmpty()
        || read.rowOffset() != 0
        || read.rowLimit() != Long.MAX_VALUE) {
      throw new IllegalArgumentException(
          "a dataset reads whole files: row groups, column indices and row ranges cannot be chosen");
    }
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
   * @param read the read options with the filter (the dataset's type choices)
   * @return the slices left, in file order
   * @throws IllegalArgumentException for a filter column the dataset does not have, or options a
   *     dataset cannot take
   */
  public List<DatasetSlice> slices(long maxBytes, ReadOptions read) {
    checkReadOptions(read);
    ParquetDatasetReader.checkFilterColumns(schema, partitionKeys, read.filter());
    List<DatasetSlice> out = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      Footer footer = footers.get(i);
      for (DatasetSlice s : slices(i, maxBytes)) {
        DatasetSlice left =
            ParquetDatasetReader.settle(s, footer, schema, partitionKeys, read).slice();
        if (left != null) {
          out.add(left);
        }
      }
    }
    return out;
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
    return read.toBuilder()
        .dictionaryMode(ReadOptions.DictionaryMode.DECODE)
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

  private static List<Listed> list(String location, DatasetOptions options) throws IOException {
    boolean glob = isGlob(location);
    if (location.toLowerCase(java.util.Locale.ROOT).startsWith("s3://")
        && (glob || location.endsWith("/"))) {
      return s3(location, glob, options);
    }
    if (InputFile.isRemote(location)) {
      String path = URI.create(location).getPath();
      return List.of(new Listed(location, HivePartitions.directories(path == null ? "" : path)));
    }
    String local =
        location.startsWith("file:") ? Path.of(URI.create(location)).toString() : location;
    if (isGlob(local)) {
      return glob(local);
    }
    Path path = Path.of(local);
    if (Files.isDirectory(path)) {
      return walk(path, p -> true);
    }
    if (!Files.exists(path)) {
      throw new NoSuchFileException(local);
    }
    Path parent = path.toAbsolutePath().getParent();
    return List.of(
        new Listed(
            local,
            parent == null
                ? List.of()
                : HivePartitions.directories(parent.toString().replace('\\', '/') + "/x")));
  }

  /** The objects under an S3 prefix, or those a glob over their keys matches. */
  private static List<Listed> s3(String location, boolean glob, DatasetOptions options)
      throws IOException {
    int cut = location.length();
    if (glob) {
      int wild = 0;
      while (!isGlob(String.valueOf(location.charAt(wild)))) {
        wild++;
      }
      cut = location.lastIndexOf('/', wild) + 1;
    }
    String prefix = location.substring(0, cut);
    PathMatcher matcher =
        glob ? FileSystems.getDefault().getPathMatcher("glob:" + location.substring(cut)) : null;
    List<Listed> out = new ArrayList<>();
    for (String object : S3Files.list(URI.create(prefix), options.remote())) {
      String relative = object.substring(prefix.length());
      if (relative.isEmpty()
          || hidden(Path.of(relative))
          || (matcher != null && !matcher.matches(Path.of(relative)))) {
        continue;
      }
      out.add(new Listed(object, HivePartitions.directories(relative)));
    }
    return out;
  }

  private static List<Listed> glob(String pattern) throws IOException {
    String[] parts = pattern.split("/", -1);
    StringBuilder base = new StringBuilder();
    for (String part : parts) {
      if (isGlob(part)) {
        break;
      }
      base.append(part).append('/');
    }
    Path root = Path.of(base.length() == 0 ? "." : base.toString());
    String full = base.length() == 0 ? "./" + pattern : pattern;
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + full);
    if (!Files.isDirectory(root)) {
      throw new NoSuchFileException(pattern, null, "no directory " + root + " to search");
    }
    return walk(root, matcher::matches);
  }

  private static List<Listed> walk(Path root, java.util.function.Predicate<Path> accept)
      throws IOException {
    List<Listed> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all.sorted()::iterator) {
        Path relative = root.relativize(p);
        if (!Files.isRegularFile(p) || hidden(relative) || !accept.test(p)) {
          continue;
        }
        out.add(
            new Listed(
                p.toString(), HivePartitions.directories(relative.toString().replace('\\', '/'))));
      }
    }
    return out;
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
    ReadOptions read = perFile(options.read());
    int threads = Math.min(listed.size(), Math.max(8, options.filesAtOnce()));
    ExecutorService pool =
        dev.parrow.arrow.internal.threads.ParrowThreads.fixedPool("footers", threads);
    try {
      List<Future<Schema>> schemas = new ArrayList<>();
      for (int i = 0; i < listed.size(); i++) {
        int index = i;
        schemas.add(
            pool.submit(
                () -> {
                  Listed l = listed.get(index);
                  try (ParquetFile f = ParquetFile.open(l.location, options.remote())) {
                    listed.set(index, l.withFooter(f.footer()));
                    return f.arrowSchema(read);
                  }
                }));
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
      pool.shutdownNow();
    }
  }
}
