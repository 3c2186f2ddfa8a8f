package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.AzureSettings;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.OutputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.RemoteTraffic;
import dev.parrow.storage.S3Settings;
import dev.parrow.storage.Stores;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * Lineitem written and read by Parrow to and from a local file, S3 (s3proxy with its filesystem
 * backend, in this JVM) and Azure Blob Storage (Azurite in memory, a Node process), all on
 * loopback: seconds, requests and bytes moved per write and per read, and each time over the local
 * one of the same run. A write reads the local file and writes every row (default write options); a
 * read decodes every column.
 *
 * <p>Usage: {@code ObjectStoreRunner [--data DIR] [--iterations N] [--warmup N] [--azurite BIN]},
 * BIN being Azurite's {@code azurite-blob} (default: the one the integration tests install under
 * {@code integration-tests/target/azurite}); without it, Azure is left out.
 */
public final class ObjectStoreRunner {
  private ObjectStoreRunner() {}

  private static final String AZURE_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  public static void main(String[] args) throws Exception {
    String[] azurite = {"integration-tests/target/azurite/node_modules/.bin/azurite-blob"};
    RunnerArgs a = RunnerArgs.parse(args, Map.of("--azurite", v -> azurite[0] = v));
    RunnerArgs.printMachine();
    Path file = BenchData.ensure(a.data(), BenchData.LINEITEM);
    Path work = Files.createTempDirectory("parrow-object-stores-");
    BlobStoreContext context =
        ContextBuilder.newBuilder("filesystem")
            .credentials("identity", "credential")
            .overrides(properties(work.resolve("s3")))
            .build(BlobStoreContext.class);
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(context.getBlobStore())
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "access", "secret")
            .build();
    proxy.start();
    while (!"STARTED".equals(proxy.getState())) {
      Thread.sleep(20);
    }
    context.getBlobStore().createContainerInLocation(null, "bucket");
    Process azure = null;
    try {
      System.out.printf(
          "%n%s (%,d bytes), median of %d runs after %d warm-up rounds%n",
          file.getFileName(), Files.size(file), a.iterations(), a.warmup());
      System.out.printf(
          "  %-6s %-8s %9s %8s %9s %12s %12s%n",
          "what", "store", "seconds", "/ local", "requests", "MB sent", "MB received");
      RemoteOptions s3 =
          RemoteOptions.builder()
              .s3(
                  S3Settings.of(
                      URI.create("http://127.0.0.1:" + proxy.getPort()),
                      "us-east-1",
                      "access",
                      "secret"))
              .build();
      RemoteOptions az = null;
      if (Files.isExecutable(Path.of(azurite[0]))) {
        azure =
            startAzurite(Path.of(azurite[0]).toAbsolutePath().toString(), work.resolve("azurite"));
        URI endpoint = azuriteEndpoint(azure);
        createContainer(endpoint, "data");
        az =
            RemoteOptions.builder()
                .azure(
                    AzureSettings.fromConnectionString(
                        "AccountName=devstoreaccount1;AccountKey="
                            + AZURE_KEY
                            + ";BlobEndpoint="
                            + endpoint))
                .build();
      } else {
        System.out.println("  (no Azurite at " + azurite[0] + ": Azure left out)");
      }
      String local = work.resolve("lineitem.parquet").toString();
      double localWrite = write(a, file, local, RemoteOptions.defaults(), "local", 0);
      write(a, file, "s3://bucket/lineitem.parquet", s3, "s3", localWrite);
      if (az != null) {
        write(a, file, "az://data/lineitem.parquet", az, "azure", localWrite);
      }
      double localRead = read(a, local, RemoteOptions.defaults(), "local", 0);
      read(a, "s3://bucket/lineitem.parquet", s3, "s3", localRead);
      if (az != null) {
        read(a, "az://data/lineitem.parquet", az, "azure", localRead);
      }
    } finally {
      proxy.stop();
      context.close();
      if (azure != null) {
        azure.destroy();
      }
    }
  }

  private static Properties properties(Path dir) throws Exception {
    Files.createDirectories(dir);
    Properties p = new Properties();
    p.setProperty("jclouds.filesystem.basedir", dir.toString());
    return p;
  }

  /** One timed round: a write or a read, giving what it cost the network (null when local). */
  interface Round {
    Object run(BufferAllocator allocator) throws Exception;
  }

  /** Writes every row of {@code source} to {@code target}; the median time, and prints it. */
  static double write(
      RunnerArgs a, Path source, String target, RemoteOptions options, String store, double local)
      throws Exception {
    return measure(
        a,
        "write",
        store,
        local,
        allocator -> {
          OutputFile out = OutputFile.of(target, options);
          try (ParquetFile f = ParquetFile.open(source);
              ParquetArrowReader reader = f.newReader(allocator)) {
            ParquetArrowWriter.writeAll(reader, out, WriteOptions.defaults(), rows -> {});
          }
          return out;
        });
  }

  /** Reads every column of {@code location}; the median time, and prints it. */
  static double read(
      RunnerArgs a, String location, RemoteOptions options, String store, double local)
      throws Exception {
    return measure(
        a,
        "read",
        store,
        local,
        allocator -> {
          InputFile in = Stores.of(location, options).open(location);
          try (ParquetFile f = ParquetFile.open(in);
              ParquetArrowReader reader = f.newReader(allocator)) {
            SelectiveScanRunner.drain(reader);
          }
          return in;
        });
  }

  /** The median of the rounds' times, printed with the last round's traffic. */
  static double measure(RunnerArgs a, String what, String store, double local, Round round)
      throws Exception {
    long[] times = new long[a.iterations()];
    Object last = null;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int i = -a.warmup(); i < a.iterations(); i++) {
        long start = System.nanoTime();
        last = round.run(allocator);
        if (i >= 0) {
          times[i] = System.nanoTime() - start;
        }
      }
    }
    double seconds = CompareRunner.median(times) / 1e9;
    RemoteTraffic t = last instanceof RemoteTraffic r ? r : null;
    print(
        what,
        store,
        seconds,
        local == 0 ? seconds : local,
        t == null ? 0 : t.requests(),
        t == null ? 0 : t.bytesSent(),
        t == null ? 0 : t.bytesReceived());
    return seconds;
  }

  static void print(
      String what,
      String store,
      double seconds,
      double local,
      long requests,
      long sent,
      long received) {
    boolean remote = !store.equals("local");
    System.out.printf(
        Locale.ROOT,
        "  %-6s %-8s %9.3f %8.2f %9s %12s %12s%n",
        what,
        store,
        seconds,
        seconds / local,
        remote ? String.valueOf(requests) : "",
        remote ? String.format(Locale.ROOT, "%.1f", sent / 1e6) : "",
        remote ? String.format(Locale.ROOT, "%.1f", received / 1e6) : "");
  }

  private static Process startAzurite(String bin, Path dir) throws Exception {
    Files.createDirectories(dir);
    return new ProcessBuilder(
            bin,
            "--blobHost",
            "127.0.0.1",
            "--blobPort",
            "0",
            "--inMemoryPersistence",
            "--skipApiVersionCheck",
            "--disableTelemetry",
            "--silent")
        .directory(dir.toFile())
        .redirectErrorStream(true)
        .start();
  }

  private static URI azuriteEndpoint(Process azure) throws Exception {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(azure.getInputStream(), StandardCharsets.UTF_8));
    Pattern listening = Pattern.compile("listens on (http://[0-9.:]+)");
    String line;
    while ((line = out.readLine()) != null) {
      Matcher m = listening.matcher(line);
      if (m.find()) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    out.transferTo(java.io.Writer.nullWriter());
                  } catch (java.io.IOException e) {
                    // Azurite ended
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return URI.create(m.group(1) + "/devstoreaccount1");
      }
    }
    throw new IllegalStateException("Azurite did not start");
  }

  /**
   * Create Container, signed with the emulator's well-known key (Shared Key, as Azure documents
   * it).
   */
  private static void createContainer(URI endpoint, String name) throws Exception {
    URI uri = URI.create(endpoint + "/" + name + "?restype=container");
    String date =
        DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC).format(Instant.now());
    String toSign =
        "PUT\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:"
            + date
            + "\nx-ms-version:2021-12-02\n/devstoreaccount1"
            + uri.getRawPath()
            + "\nrestype:container";
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(AZURE_KEY), "HmacSHA256"));
    String signature =
        Base64.getEncoder().encodeToString(mac.doFinal(toSign.getBytes(StandardCharsets.UTF_8)));
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(uri)
                    .PUT(HttpRequest.BodyPublishers.noBody())
                    .header("x-ms-date", date)
                    .header("x-ms-version", "2021-12-02")
                    .header("Authorization", "SharedKey devstoreaccount1:" + signature)
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException(
          "Create Container: " + response.statusCode() + " " + response.body());
    }
  }
}
