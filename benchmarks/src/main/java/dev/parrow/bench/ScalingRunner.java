package dev.parrow.bench;

import dev.parrow.arrow.BufferPool;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.arrow.internal.threads.TaskProfile;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How Parrow's reads and writes scale with threads: each table read (or written) at parallelism 1,
 * 2, 4, ... up to {@code --threads} (default: the cores), the median time of each and its speed-up
 * over one thread; and beside it the <em>parallel headroom</em> ({@link TaskProfile}): the CPU time
 * of the decoding (or encoding) tasks over the longest chain of them that must run one after
 * another, measured in one profiled run at {@code --headroom-threads} (default 16, the structure of
 * a 16-core read; thread CPU time, so a 2-core machine measures it too). The headroom is what the
 * tasks' structure lets more cores give; the speed-ups are what this machine's cores gave.
 *
 * <p>Usage: {@code ScalingRunner [--data DIR] [--files DIR] [--threads N | --counts 1,4,16]
 * [--headroom-threads N] [--bytes-in-flight MB] [--pool false] [--iterations N] [--warmup N] [table
 * ...]}. Tables: {@code lineitem}, {@code numeric_plain}, {@code dataset8} (8 links of lineitem
 * read as a dataset, in {@code li8/}), {@code filter_lineitem} (every column of lineitem's rows
 * with {@code l_shipmode = 'AIR' AND l_quantity < 5}, as {@code pyfilter.py} reads them) and {@code
 * write_lineitem} (lineitem from memory to a snappy file). {@code --files} names a directory that
 * {@code ../shared/scaling/gen.py} wrote (its {@code lineitem.parquet}, {@code numeric.parquet} and
 * {@code li8/}), so that both sides of the comparison read the same files; without it the tables
 * are the benchmark data's ({@link BenchData}). {@code --bytes-in-flight} sets the reads' {@code
 * ReadOptions.bytesInFlight}. A thread count's runs read with one allocator and one {@link
 * BufferPool}, as a program reading again and again would (and as Arrow C++'s allocator keeps freed
 * memory for the next read); {@code --pool false} reads without one, each read's memory new. The
 * table gives each count's peak allocator memory and its runs' median minor page faults (memory the
 * kernel maps in on first touch: at many threads, batches decoded ahead into new buffers). Besides
 * its table it prints one line per figure for scripts: {@code headroom TABLE VALUE}, {@code speedup
 * TABLE THREADS VALUE} and {@code seconds TABLE THREADS VALUE}.
 */
public final class ScalingRunner {
  private ScalingRunner() {}

  /** One measured job at a parallelism: returns the rows it read or wrote. */
  interface Job {
    long run(int threads, BufferAllocator allocator) throws Exception;
  }

  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  /** The reads' {@code ReadOptions.bytesInFlight}, or null for its default. */
  private static Long bytesInFlight;

  /**
   * Whether each thread count's runs read with one {@link BufferPool} ({@code --pool false}: every
   * read's memory new, as a read without one).
   */
  private static boolean usePool = true;

  /** The pool of the runs being measured, or null. */
  private static BufferPool pool;

  /** Every run's allocator is a child of this one (the write's batches are held here). */
  private static final BufferAllocator ROOT = new RootAllocator();

  public static void main(String[] args) throws Exception {
    int[] maxThreads = {Runtime.getRuntime().availableProcessors()};
    int[] headroomThreads = {16};
    Path[] files = {null};
    List<Integer> counts = new ArrayList<>();
    RunnerArgs a =
        RunnerArgs.parse(
            args,
            Map.of(
                "--threads", v -> maxThreads[0] = Integer.parseInt(v),
                "--headroom-threads", v -> headroomThreads[0] = Integer.parseInt(v),
                "--files", v -> files[0] = Path.of(v),
                "--bytes-in-flight", v -> bytesInFlight = Long.parseLong(v) << 20,
                "--pool", v -> usePool = Boolean.parseBoolean(v),
                "--counts",
                    v -> {
                      for (String c : v.split(",")) {
                        counts.add(Integer.parseInt(c));
                      }
                    }));
    List<String> tables =
        a.tables().isEmpty()
            ? List.of("lineitem", "numeric_plain", "dataset8", "filter_lineitem", "write_lineitem")
            : a.tables();
    RunnerArgs.printMachine();
    int iterations = args.length > 0 && List.of(args).contains("--iterations") ? a.iterations() : 3;
    int warmup = List.of(args).contains("--warmup") ? a.warmup() : 1;
    Path lineitem =
        files[0] != null
            ? files[0].resolve("lineitem.parquet")
            : BenchData.ensure(a.data(), BenchData.LINEITEM);
    if (counts.isEmpty()) {
      for (int t = 1; t < maxThreads[0]; t *= 2) {
        counts.add(t);
      }
      counts.add(maxThreads[0]);
    }
    System.out.printf(
        "threads %s; %d runs after %d warm-up each; headroom at parallelism %d%n",
        counts, iterations, warmup, headroomThreads[0]);
    System.out.printf(
        "%-15s %8s %10s %8s %12s %12s%n",
        "table", "threads", "median s", "speedup", "peak MB", "faults/run");
    for (String table : tables) {
      Job job =
          switch (table) {
            case "lineitem" -> (t, al) -> readFile(lineitem, t, al, null);
            case "filter_lineitem" -> (t, al) -> readFile(lineitem, t, al, FILTER);
            case "numeric_plain" -> {
              Path numeric =
                  files[0] != null
                      ? files[0].resolve("numeric.parquet")
                      : BenchData.ensure(a.data(), table(BenchData.TABLES, "numeric_plain"));
              yield (t, al) -> readFile(numeric, t, al, null);
            }
            case "dataset8" -> {
              Path dir = eightLinks(lineitem, files[0] != null ? files[0] : a.data());
              yield (t, al) -> readDataset(dir, t, al);
            }
            case "write_lineitem" -> writer(lineitem, a.data());
            default -> throw new IllegalArgumentException("no table " + table);
          };
      measure(table, job, counts, iterations, warmup, headroomThreads[0]);
    }
  }

  private static BenchData.Table table(List<BenchData.Table> tables, String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  private static void measure(
      String table, Job job, List<Integer> counts, int iterations, int warmup, int headroomAt)
      throws Exception {
    Map<Integer, Double> medians = new LinkedHashMap<>();
    for (int threads : counts) {
      long[] times = new long[iterations];
      long[] faults = new long[iterations];
      long peak;
      // One allocator (and pool) for a thread count's runs: each run after the first decodes
      // into the memory of the runs before, as a program that reads again and again does.
      try (BufferAllocator allocator = ROOT.newChildAllocator("runs", 0, Long.MAX_VALUE)) {
        try (BufferPool runsPool = usePool ? new BufferPool(allocator) : null) {
          pool = runsPool;
          for (int round = -warmup; round < iterations; round++) {
            long faultsBefore = minorFaults();
            long start = System.nanoTime();
            job.run(threads, allocator);
            long took = System.nanoTime() - start;
            if (round >= 0) {
              times[round] = took;
              faults[round] = minorFaults() - faultsBefore;
            }
          }
        } finally {
          pool = null;
        }
        peak = allocator.getPeakMemoryAllocation();
      }
      double median = median(times) / 1e9;
      medians.put(threads, median);
      double speedup = medians.get(counts.get(0)) / median;
      System.out.printf(
          Locale.ROOT,
          "%-15s %8d %10.3f %8.2f %12.1f %12.0f%n",
          table,
          threads,
          median,
          speedup,
          peak / 1e6,
          median(faults));
    }
    TaskProfile profile = TaskProfile.start(CPU::getCurrentThreadCpuTime);
    try (BufferAllocator allocator = ROOT.newChildAllocator("profiled", 0, Long.MAX_VALUE)) {
      job.run(headroomAt, allocator);
    } finally {
      profile.stop();
    }
    System.out.printf(
        Locale.ROOT,
        "%-15s headroom %.1f (task CPU %.2f s, %d chains, longest %.3f s: %s, at parallelism %d)%n",
        table,
        profile.headroom(),
        profile.totalNanos() / 1e9,
        profile.chains(),
        profile.longestChainNanos() / 1e9,
        profile.longestChain(),
        headroomAt);
    System.out.printf(Locale.ROOT, "headroom %s %.2f%n", table, profile.headroom());
    double one = medians.get(counts.get(0));
    for (var e : medians.entrySet()) {
      System.out.printf(Locale.ROOT, "speedup %s %d %.3f%n", table, e.getKey(), one / e.getValue());
      System.out.printf(Locale.ROOT, "seconds %s %d %.4f%n", table, e.getKey(), e.getValue());
    }
  }

  /**
   * The process's minor page faults so far (Linux; -1 elsewhere): memory the kernel maps in on
   * first touch, whose zeroing and bookkeeping are the kernel's time, and contend at many threads.
   */
  static long minorFaults() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // Fields after the command's closing parenthesis: state is the first, minflt the eighth.
      return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  static double median(long[] values) {
    long[] sorted = values.clone();
    java.util.Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  /** The filter of {@code ../shared/scaling/pyfilter.py}: 68,335 rows spread over lineitem. */
  static final String FILTER = "l_shipmode = 'AIR' AND l_quantity < 5";

  /**
   * Reads every batch of a file at a parallelism (the batches are dropped as they come), with a
   * filter or none.
   */
  static long readFile(Path file, int threads, BufferAllocator allocator, String filter)
      throws IOException {
    long rows = 0;
    ReadOptions.Builder options = readOptions(threads);
    if (filter != null) {
      options.filter(filter);
    }
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options.build())) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  /** A read's options: the parallelism, and {@code --bytes-in-flight} when given. */
  private static ReadOptions.Builder readOptions(int threads) {
    ReadOptions.Builder options = ReadOptions.builder().parallelism(threads).bufferPool(pool);
    if (bytesInFlight != null) {
      options.bytesInFlight(bytesInFlight);
    }
    return options;
  }

  /** Reads every batch of a dataset directory at a parallelism. */
  static long readDataset(Path dir, int threads, BufferAllocator allocator) throws IOException {
    long rows = 0;
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    try (ParquetDatasetReader reader = dataset.newReader(allocator, readOptions(threads).build())) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  /** {@code li8/} beside the data: eight hard links of lineitem (copies where links fail). */
  static Path eightLinks(Path lineitem, Path dir) throws IOException {
    Path li8 = dir.resolve("li8");
    Files.createDirectories(li8);
    for (int i = 0; i < 8; i++) {
      Path link = li8.resolve("part-" + i + ".parquet");
      if (Files.exists(link) && Files.size(link) == Files.size(lineitem)) {
        continue;
      }
      Files.deleteIfExists(link);
      try {
        Files.createLink(link, lineitem);
      } catch (IOException | UnsupportedOperationException e) {
        Files.copy(lineitem, link);
      }
    }
    return li8;
  }

  /** Writes lineitem, held in memory, to a snappy file at a parallelism. */
  static Job writer(Path lineitem, Path dir) throws IOException {
    BufferAllocator held = ROOT.newChildAllocator("lineitem", 0, Long.MAX_VALUE);
    List<ArrowRecordBatch> batches = new ArrayList<>();
    Schema schema = WriteCompareRunner.readInto(lineitem, held, batches);
    Path target = dir.resolve("scaling-written.parquet");
    long rows = batches.stream().mapToLong(ArrowRecordBatch::getLength).sum();
    return (threads, allocator) -> {
      Files.deleteIfExists(target);
      WriteCompareRunner.parrow(
          batches,
          schema,
          target,
          allocator,
          WriteOptions.builder().parallelism(threads).compression(CompressionCodec.SNAPPY).build());
      return rows;
    };
  }
}
