package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.AzureCredentials;
import dev.parrow.storage.AzureSettings;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.OutputFile;
import dev.parrow.storage.RemoteFileException;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.Stores;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Azure Blob Storage through Azurite on 127.0.0.1: a file written as blocks reads back equal in
 * Parrow (as {@code az://} and as {@code abfss://}) and, downloaded, in DuckDB; a partitioned
 * dataset appears on commit and reads back equal through the listing; shared key and SAS
 * credentials both read and write; an aborted write leaves no blob; a missing container and a wrong
 * key give messages that say what to do; the CLI writes with the environment's connection string.
 */
class AzureIT {
  @TempDir static Path dir;
  static Azurite azurite;
  static Path lineitem;

  @BeforeAll
  static void start() throws Exception {
    azurite = Azurite.start();
    azurite.createContainer("data");
    lineitem = LineitemFile.write(dir);
  }

  @AfterAll
  static void stop() {
    if (azurite != null) {
      azurite.close();
    }
  }

  static AzureSettings sharedKey() {
    return AzureSettings.fromConnectionString(azurite.connectionString());
  }

  static RemoteOptions options(AzureSettings settings) {
    return RemoteOptions.builder().azure(settings).partSize(4 << 20).partsInFlight(3).build();
  }

  static Path download(String uri, RemoteOptions options) throws IOException {
    Path local = Files.createTempFile(dir, "download-", ".parquet");
    try (InputFile in = Stores.of(uri, options).open(uri)) {
      ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(in.length()));
      in.readFully(0, all);
      Files.write(local, all.array());
    }
    return local;
  }

  @Test
  void blocksWrittenReadBackEqualInParrowAndDuckDb() throws Exception {
    RemoteOptions options = options(sharedKey());
    String uri = "az://data/out/lineitem.parquet";
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(lineitem);
        ParquetArrowReader reader = source.newReader(allocator)) {
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(uri, options),
          WriteOptions.builder().dictionary(false).build(),
          rows -> {});
    }
    List<List<Object>> want = FilterCorpusIT.rows(lineitem, ReadOptions.defaults());
    try (ParquetFile written = ParquetFile.open(uri, options)) {
      assertEquals(want, FilterCorpusIT.rows(written, ReadOptions.defaults()));
    }
    String abfss = "abfss://data@" + Azurite.ACCOUNT + ".dfs.core.windows.net/out/lineitem.parquet";
    ReadOptions some =
        ReadOptions.builder().columns("l_orderkey", "l_comment").filter("l_quantity < 3").build();
    try (ParquetFile same = ParquetFile.open(abfss, options)) {
      assertEquals(FilterCorpusIT.rows(lineitem, some), FilterCorpusIT.rows(same, some));
    }
    Path fetched = download(uri, options);
    assertTrue(Files.size(fetched) > 8 << 20, "written in several blocks: " + Files.size(fetched));
    String order = " ORDER BY l_orderkey, l_linenumber";
    assertEquals(
        DatasetIT.duck("SELECT * FROM read_parquet(" + DuckDb.literal(lineitem) + ")" + order),
        DatasetIT.duck("SELECT * FROM read_parquet(" + DuckDb.literal(fetched) + ")" + order));
  }

  @Test
  void partitionedDatasetWithASas() throws Exception {
    AzureSettings sas =
        new AzureSettings(
            Azurite.ACCOUNT, azurite.endpoint, AzureCredentials.sas(Azurite.accountSas("rwdlac")));
    RemoteOptions options = options(sas);
    String root = "az://data/by_status";
    // Staged blocks are not blobs: nothing is listed before the commit.
    List<String> written =
        S3WriteIT.writeDataset(
            lineitem,
            root,
            "l_linestatus",
            options,
            () -> assertEquals(List.of(), Stores.of(root, options).list(root + "/")));
    assertEquals(written.size(), Stores.of(root, options).list(root + "/").size());
    S3WriteIT.assertDatasetIsLineitem(root, "l_linestatus", options, lineitem);
    // A SAS without the write permission is refused, saying so.
    AzureSettings readOnly =
        new AzureSettings(
            Azurite.ACCOUNT, azurite.endpoint, AzureCredentials.sas(Azurite.accountSas("rl")));
    OutputFile denied = OutputFile.of("az://data/denied.parquet", options(readOnly));
    denied.open().write(1);
    IOException e = assertThrows(IOException.class, denied::commit);
    assertTrue(e.getMessage().startsWith("az://data/denied.parquet: "), e.getMessage());
    assertTrue(e.getMessage().contains("HTTP 403"), e.getMessage());
  }

  @Test
  void abortedWriteLeavesNoBlob() throws Exception {
    RemoteOptions options = options(sharedKey());
    OutputFile out = OutputFile.of("az://data/aborted/file.parquet", options);
    try (OutputStream stream = out.open()) {
      stream.write(new byte[10 << 20]);
    }
    out.abort();
    assertEquals(List.of(), Stores.of("az://data/", options).list("az://data/aborted/"));
    RemoteFileException missing =
        assertThrows(
            RemoteFileException.class,
            () -> ParquetFile.open("az://data/aborted/file.parquet", options));
    assertEquals(404, missing.status());
  }

  @Test
  void errorsSayWhatToDo() throws Exception {
    RemoteOptions options = options(sharedKey());
    RemoteFileException noContainer =
        assertThrows(
            RemoteFileException.class,
            () -> Stores.of("az://nothere/", options).list("az://nothere/x/"));
    assertTrue(
        noContainer.getMessage().startsWith("az://nothere/x/: the container does not exist"),
        noContainer.getMessage());
    AzureSettings wrongKey =
        new AzureSettings(
            Azurite.ACCOUNT,
            azurite.endpoint,
            AzureCredentials.sharedKey(java.util.Base64.getEncoder().encodeToString(new byte[64])));
    RemoteFileException denied =
        assertThrows(
            RemoteFileException.class,
            () -> Stores.of("az://data/", options(wrongKey)).list("az://data/"));
    assertEquals(403, denied.status());
    // Azurite answers AuthorizationFailure where Azure answers AuthenticationFailed.
    assertTrue(
        denied.getMessage().startsWith("az://data/: access denied: the credentials are wrong")
            || denied.getMessage().contains("did not accept the credentials"),
        denied.getMessage());
  }

  @Test
  void cliConvertsToAzureWithTheEnvironmentsConnectionString() throws Exception {
    String output = cli("convert", lineitem.toString(), "az://data/cli/lineitem.parquet");
    assertTrue(output.contains("az://data/cli/lineitem.parquet"), output);
    assertEquals(
        FilterCorpusIT.rows(lineitem, ReadOptions.defaults()),
        FilterCorpusIT.rows(
            download("az://data/cli/lineitem.parquet", options(sharedKey())),
            ReadOptions.defaults()));
    // And reads it back, one blob and the prefix as a dataset, counting as DuckDB does locally.
    String local = "read_parquet(" + DuckDb.literal(lineitem) + ")";
    assertEquals(
        String.valueOf(
            DatasetIT.duck("SELECT count(*) FROM " + local + " WHERE l_orderkey < 100")
                .get(0)
                .get(0)),
        cli("count", "az://data/cli/lineitem.parquet", "--where", "l_orderkey < 100").strip());
    assertEquals(
        String.valueOf(DatasetIT.duck("SELECT count(*) FROM " + local).get(0).get(0)),
        cli("count", "az://data/cli/").strip());
  }

  /**
   * The CLI in a child JVM with the emulator's connection string in its environment; its output.
   */
  private static String cli(String... args) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            ChildJvm.command(
                List.of(),
                System.getProperty("java.class.path"),
                "dev.parrow.cli.ParrowCommand",
                args));
    pb.environment().put("AZURE_STORAGE_CONNECTION_STRING", azurite.connectionString());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), output);
    return output;
  }

  /**
   * Bearer tokens, over HTTPS as Azure takes them, against Azurite with its OAuth checks: a fixed
   * token, and a service principal's from the environment (Microsoft Entra ID's token endpoint
   * played by a server on loopback), each writing lineitem and reading it back equal; an expired
   * token is refused saying so. In a child JVM that trusts the emulator's certificate.
   */
  @Test
  void bearerTokensOverHttps() throws Exception {
    try (Azurite tls = Azurite.start(true)) {
      tls.createContainer("data");
      com.sun.net.httpserver.HttpServer entra =
          com.sun.net.httpserver.HttpServer.create(
              new java.net.InetSocketAddress("127.0.0.1", 0), 4);
      java.util.concurrent.atomic.AtomicInteger issued =
          new java.util.concurrent.atomic.AtomicInteger();
      entra.createContext(
          "/tenant/oauth2/v2.0/token",
          x -> {
            String form = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean ok = form.contains("client_secret=shh") && form.contains("client_id=app");
            byte[] body =
                (ok
                        ? "{\"token_type\":\"Bearer\",\"expires_in\":3600,\"access_token\":\""
                            + Azurite.token(3600)
                            + "\"}"
                        : "{\"error\":\"invalid_client\"}")
                    .getBytes(StandardCharsets.UTF_8);
            issued.incrementAndGet();
            x.sendResponseHeaders(ok ? 200 : 401, body.length);
            x.getResponseBody().write(body);
            x.close();
          });
      entra.start();
      try {
        List<String> flags = tls.trustFlags();
        ProcessBuilder pb =
            new ProcessBuilder(
                ChildJvm.command(
                    flags,
                    System.getProperty("java.class.path"),
                    BearerChild.class.getName(),
                    tls.endpoint.toString(),
                    lineitem.toString()));
        pb.environment()
            .putAll(
                java.util.Map.of(
                    "AZURE_STORAGE_ACCOUNT_NAME", Azurite.ACCOUNT,
                    "AZURE_TENANT_ID", "tenant",
                    "AZURE_CLIENT_ID", "app",
                    "AZURE_CLIENT_SECRET", "shh",
                    "AZURE_AUTHORITY_HOST", "http://127.0.0.1:" + entra.getAddress().getPort()));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("bearer token: equal"), output);
        assertTrue(output.contains("service principal app: equal"), output);
        assertTrue(output.contains("expired: refused"), output);
        assertEquals(1, issued.get(), "one token for the whole write and read: " + output);
      } finally {
        entra.stop(0);
      }
    }
  }

  /** The child of {@link #bearerTokensOverHttps}: writes, reads back, compares, says so. */
  public static final class BearerChild {
    public static void main(String[] args) throws Exception {
      java.net.URI endpoint = java.net.URI.create(args[0]);
      Path lineitem = Path.of(args[1]);
      List<List<Object>> want = FilterCorpusIT.rows(lineitem, ReadOptions.defaults());
      AzureSettings environment = AzureSettings.fromEnvironment();
      for (AzureCredentials credentials :
          List.of(AzureCredentials.bearer(Azurite.token(600)), environment.credentials())) {
        RemoteOptions options =
            RemoteOptions.builder()
                .azure(new AzureSettings(Azurite.ACCOUNT, endpoint, credentials))
                .partSize(4 << 20)
                .build();
        String uri = "az://data/" + credentials.toString().replace(' ', '_') + ".parquet";
        try (BufferAllocator allocator = new RootAllocator();
            ParquetFile source = ParquetFile.open(lineitem);
            ParquetArrowReader reader = source.newReader(allocator)) {
          ParquetArrowWriter.writeAll(
              reader, OutputFile.of(uri, options), WriteOptions.defaults(), rows -> {});
        }
        try (ParquetFile written = ParquetFile.open(uri, options)) {
          boolean equal = want.equals(FilterCorpusIT.rows(written, ReadOptions.defaults()));
          System.out.println(credentials + ": " + (equal ? "equal" : "different"));
        }
      }
      RemoteOptions expired =
          RemoteOptions.builder()
              .azure(
                  new AzureSettings(
                      Azurite.ACCOUNT, endpoint, AzureCredentials.bearer(Azurite.token(-120))))
              .build();
      try {
        Stores.of("az://data/", expired).list("az://data/");
        System.out.println("expired: accepted");
      } catch (RemoteFileException e) {
        System.out.println(
            "expired: "
                + (e.status() == 401 || e.status() == 403 ? "refused" : "other")
                + " ("
                + e.getMessage()
                + ")");
      }
    }
  }
}
