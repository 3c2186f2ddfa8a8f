package dev.parrow.it;

import java.io.BufferedReader;
import java.io.IOException;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Azurite, Microsoft's Blob Storage emulator, on 127.0.0.1: installed by npm from the versions
 * pinned in {@code src/test/azurite/package-lock.json} into {@code target/azurite} (once per
 * build), started in memory on a free port, stopped with the test class. Containers are created
 * with a request signed here, apart from Parrow's own signing, as the Azure documentation gives it;
 * so is the account SAS the SAS tests use.
 */
final class Azurite implements AutoCloseable {
  static final String ACCOUNT = "devstoreaccount1";
  static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  private static final Pattern LISTENING = Pattern.compile("listens on (https?://[0-9.:]+)");

  /** The password of the HTTPS emulator's certificate store. */
  static final String STORE_PASSWORD = "azurite";

  private final Process process;
  final URI endpoint;

  /** For HTTPS: the certificate store (PKCS12) clients trust; null for HTTP. */
  final Path certificate;

  private Azurite(Process process, URI endpoint, Path certificate) {
    this.process = process;
    this.endpoint = endpoint;
    this.certificate = certificate;
  }

  /** The connection string of the emulator's account at its port. */
  String connectionString() {
    return "DefaultEndpointsProtocol=http;AccountName="
        + ACCOUNT
        + ";AccountKey="
        + KEY
        + ";BlobEndpoint="
        + endpoint
        + ";";
  }

  static Azurite start() throws Exception {
    return start(false);
  }

  /**
   * @param oauth over HTTPS (a self-signed certificate for 127.0.0.1, made by keytool) with bearer
   *     tokens checked as Azurite's "basic" OAuth checks them (issuer, audience, lifetime; not the
   *     signature), which Azure takes over HTTPS only
   */
  static Azurite start(boolean oauth) throws Exception {
    Path home = Path.of("target", "azurite").toAbsolutePath();
    Path bin = home.resolve("node_modules/.bin/azurite-blob");
    if (!Files.isExecutable(bin)) {
      install(home);
    }
    Path workspace = Files.createTempDirectory(home, "workspace-");
    java.util.List<String> command =
        new java.util.ArrayList<>(
            java.util.List.of(
                bin.toString(),
                "--blobHost",
                "127.0.0.1",
                "--blobPort",
                "0",
                "--inMemoryPersistence",
                "--skipApiVersionCheck",
                "--disableTelemetry",
                "--silent"));
    Path certificate = null;
    if (oauth) {
      certificate = selfSigned(workspace.resolve("azurite.pfx"));
      command.addAll(
          java.util.List.of(
              "--oauth", "basic", "--cert", certificate.toString(), "--pwd", STORE_PASSWORD));
    }
    Process p =
        new ProcessBuilder(command).directory(workspace.toFile()).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    StringBuilder seen = new StringBuilder();
    String line;
    while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
      seen.append(line).append('\n');
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    out.transferTo(java.io.Writer.nullWriter());
                  } catch (IOException e) {
                    // the process ended
                  }
                },
                "azurite-output");
        drain.setDaemon(true);
        drain.start();
        return new Azurite(p, URI.create(m.group(1) + "/" + ACCOUNT), certificate);
      }
    }
    p.destroyForcibly();
    throw new IllegalStateException("Azurite did not start:\n" + seen);
  }

  /** A key pair and certificate for 127.0.0.1 in a PKCS12 store, made by the JDK's keytool. */
  private static Path selfSigned(Path store) throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process p =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "azurite",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "2",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "SAN=ip:127.0.0.1",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                STORE_PASSWORD)
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool failed:\n" + output);
    }
    return store;
  }

  /** The JVM flags that make a child JVM trust the HTTPS emulator's certificate. */
  java.util.List<String> trustFlags() {
    return java.util.List.of(
        "-Djavax.net.ssl.trustStore=" + certificate,
        "-Djavax.net.ssl.trustStorePassword=" + STORE_PASSWORD,
        "-Djavax.net.ssl.trustStoreType=PKCS12");
  }

  /** A client of this emulator: trusting its certificate when it speaks HTTPS. */
  private HttpClient client() throws Exception {
    if (certificate == null) {
      return HttpClient.newHttpClient();
    }
    java.security.KeyStore trusted = java.security.KeyStore.getInstance("PKCS12");
    try (var in = Files.newInputStream(certificate)) {
      trusted.load(in, STORE_PASSWORD.toCharArray());
    }
    javax.net.ssl.TrustManagerFactory tmf =
        javax.net.ssl.TrustManagerFactory.getInstance(
            javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trusted);
    javax.net.ssl.SSLContext ssl = javax.net.ssl.SSLContext.getInstance("TLS");
    ssl.init(null, tmf.getTrustManagers(), null);
    return HttpClient.newBuilder().sslContext(ssl).build();
  }

  private static synchronized void install(Path home) throws Exception {
    Files.createDirectories(home);
    Path source = Path.of("src", "test", "azurite");
    for (String f : new String[] {"package.json", "package-lock.json"}) {
      Files.copy(
          source.resolve(f), home.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    boolean windows = System.getProperty("os.name").toLowerCase().startsWith("windows");
    Process npm =
        new ProcessBuilder(windows ? "npm.cmd" : "npm", "ci", "--no-audit", "--no-fund")
            .directory(home.toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
      throw new IllegalStateException("npm ci of Azurite failed:\n" + output);
    }
  }

  /** Creates a container (Create Container, signed with the account key). */
  void createContainer(String name) throws Exception {
    URI uri = URI.create(endpoint + "/" + name + "?restype=container");
    String date =
        DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC).format(Instant.now());
    String version = "2021-12-02";
    String toSign =
        "PUT\n\n\n\n\n\n\n\n\n\n\n\n"
            + "x-ms-date:"
            + date
            + "\nx-ms-version:"
            + version
            + "\n/"
            + ACCOUNT
            + uri.getRawPath()
            + "\nrestype:container";
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .PUT(HttpRequest.BodyPublishers.noBody())
            .header("x-ms-date", date)
            .header("x-ms-version", version)
            .header("Authorization", "SharedKey " + ACCOUNT + ":" + hmac(toSign))
            .build();
    HttpResponse<String> response = client().send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException(
          "Create Container answered " + response.statusCode() + ": " + response.body());
    }
  }

  /**
   * An access token as Microsoft Entra ID issues them for Blob Storage (issuer, audience, lifetime
   * from now); its signature is a placeholder, which Azurite's basic OAuth does not check.
   */
  static String token(long lifetimeSeconds) {
    long now = Instant.now().getEpochSecond();
    java.util.Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
    String claims =
        "{\"aud\":\"https://storage.azure.com\",\"iss\":\"https://sts.windows.net/tenant/\","
            + "\"iat\":"
            + (now - 60)
            + ",\"nbf\":"
            + (now - 60)
            + ",\"exp\":"
            + (now + lifetimeSeconds)
            + ",\"oid\":\"00000000-0000-0000-0000-000000000001\",\"tid\":\"tenant\"}";
    return b64.encodeToString(header.getBytes(StandardCharsets.UTF_8))
        + "."
        + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8))
        + "."
        + b64.encodeToString("not-checked".getBytes(StandardCharsets.UTF_8));
  }

  /** An account SAS for Blob Storage (version 2019-12-12's string to sign). */
  static String accountSas(String permissions) throws Exception {
    String version = "2019-12-12";
    String expiry = "2099-01-01T00:00:00Z";
    String toSign =
        ACCOUNT
            + "\n"
            + permissions
            + "\nb\nsco\n\n"
            + expiry
            + "\n\nhttps,http\n"
            + version
            + "\n";
    return "sv="
        + version
        + "&ss=b&srt=sco&sp="
        + permissions
        + "&se="
        + java.net.URLEncoder.encode(expiry, StandardCharsets.UTF_8)
        + "&spr=https,http&sig="
        + java.net.URLEncoder.encode(hmac(toSign), StandardCharsets.UTF_8);
  }

  private static String hmac(String text) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(KEY), "HmacSHA256"));
    return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
