package dev.parrow.bench;

import com.sun.net.httpserver.HttpServer;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Lineitem read by Parrow from the local file and over HTTP range requests from a server on
 * loopback, whole and as a two-column projection, then again with a delay added to every request (a
 * sleep in the server before it answers, as a round trip to a distant store would add), to show
 * what coalescing and the next row group's prefetch hide. Ratios are to the local read of the same
 * columns, measured in the same run.
 *
 * <p>Usage: {@code RemoteReadRunner [--data DIR] [--iterations N] [--warmup N]}.
 */
public final class RemoteReadRunner {
  private RemoteReadRunner() {}

  private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

  public static void main(String[] args) throws Exception {
    RunnerArgs a = RunnerArgs.parse(args, Map.of());
    RunnerArgs.printMachine();
    Path file = BenchData.ensure(a.data(), BenchData.LINEITEM);
    AtomicLong delay = new AtomicLong();
    AtomicLong requests = new AtomicLong();
    HttpServer server = serve(file, delay, requests);
    URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/lineitem.parquet");
    System.out.printf(
        "%n%s (%,d bytes), median of %d runs after %d warm-up rounds%n",
        file.getFileName(), Files.size(file), a.iterations(), a.warmup());
    System.out.printf(
        "  %-26s %-12s %10s %10s %12s%n", "columns", "source", "seconds", "/ local", "requests");
    try {
      for (List<String> columns : List.of(List.<String>of(), List.of("l_orderkey", "l_shipdate"))) {
        ReadOptions options = ReadOptions.builder().columns(columns).build();
        String name = columns.isEmpty() ? "all 16" : String.join(", ", columns);
        double local = time(a, () -> ParquetFile.open(file), options);
        print(name, "local", local, local, -1);
        for (long ms : new long[] {0, 20}) {
          delay.set(ms);
          requests.set(0);
          double remote = time(a, () -> ParquetFile.open(uri.toString()), options);
          long perRead = requests.get() / (a.iterations() + a.warmup());
          print(name, ms == 0 ? "http" : "http +" + ms + " ms", remote, local, perRead);
        }
        delay.set(0);
      }
    } finally {
      server.stop(0);
    }
  }

  interface Opener {
    ParquetFile open() throws Exception;
  }

  static double time(RunnerArgs a, Opener opener, ReadOptions options) throws Exception {
    long[] times = new long[a.iterations()];
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int round = -a.warmup(); round < a.iterations(); round++) {
        long start = System.nanoTime();
        try (ParquetFile f = opener.open();
            ParquetArrowReader reader = f.newReader(allocator, options)) {
          SelectiveScanRunner.drain(reader);
        }
        if (round >= 0) {
          times[round] = System.nanoTime() - start;
        }
      }
    }
    return CompareRunner.median(times) / 1e9;
  }

  static void print(String columns, String source, double seconds, double local, long requests) {
    System.out.printf(
        Locale.ROOT,
        "  %-26s %-12s %10.3f %10.2f %12s%n",
        columns,
        source,
        seconds,
        seconds / local,
        requests < 0 ? "" : String.valueOf(requests));
  }

  /**
   * A range-serving HTTP server on loopback for one file, sleeping {@code delay} ms per request.
   */
  static HttpServer serve(Path file, AtomicLong delay, AtomicLong requests) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    long size = Files.size(file);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            requests.incrementAndGet();
            if (delay.get() > 0) {
              Thread.sleep(delay.get());
            }
            Matcher m =
                RANGE.matcher(String.valueOf(exchange.getRequestHeaders().getFirst("Range")));
            long start = 0;
            long end = size - 1;
            if (m.matches()) {
              if (m.group(1).isEmpty()) {
                start = Math.max(0, size - Long.parseLong(m.group(2)));
              } else {
                start = Long.parseLong(m.group(1));
                end = m.group(2).isEmpty() ? end : Math.min(end, Long.parseLong(m.group(2)));
              }
              exchange
                  .getResponseHeaders()
                  .add("Content-Range", "bytes " + start + "-" + end + "/" + size);
            }
            long length = end - start + 1;
            exchange.sendResponseHeaders(m.matches() ? 206 : 200, length);
            try (FileChannel ch = FileChannel.open(file);
                OutputStream out = exchange.getResponseBody()) {
              ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
              for (long at = start; at <= end; ) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), end + 1 - at));
                int n = ch.read(buffer, at);
                out.write(buffer.array(), 0, n);
                at += n;
              }
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "bench-http");
              t.setDaemon(true);
              return t;
            }));
    server.start();
    return server;
  }
}
