package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who asks Azure Blob Storage: a shared key (the account's key, each request signed), a SAS token
 * (in each request's query), a bearer token (Microsoft Entra ID: fixed, or fetched and refreshed
 * from a service principal, a workload identity or a managed identity), or no one (public
 * containers). Requests and signatures are Parrow's own; there is no Azure SDK.
 */
public final class AzureCredentials {
  /** The API version every request names. */
  static final String VERSION = "2021-12-02";

  /** The scope a token for Blob Storage is asked for. */
  private static final String RESOURCE = "https://storage.azure.com/";

  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

  /** A bearer token and when it expires. */
  record Token(String value, Instant expiry) {}

  private final String description;
  private final byte[] sharedKey;
  private final String sas;
  private final Refreshing<Token> token;

  private AzureCredentials(
      String description, byte[] sharedKey, String sas, Refreshing<Token> token) {
    this.description = description;
    this.sharedKey = sharedKey;
    this.sas = sas;
    this.token = token;
  }

  /**
   * The account's shared key: each request signed with it (HMAC-SHA256).
   *
   * @param base64Key the key as the portal shows it
   * @return the credentials
   */
  public static AzureCredentials sharedKey(String base64Key) {
    byte[] key;
    try {
      key = Base64.getDecoder().decode(base64Key.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("an Azure account key is Base64: " + e.getMessage());
    }
    return new AzureCredentials("shared key", key, null, null);
  }

  /**
   * A shared access signature, added to every request's query.
   *
   * @param token the SAS token, with or without its leading {@code ?}
   * @return the credentials
   */
  public static AzureCredentials sas(String token) {
    String t = token.strip().replaceFirst("^\\?", "");
    if (t.isEmpty()) {
      throw new IllegalArgumentException("an empty SAS token");
    }
    return new AzureCredentials("SAS token", null, t, null);
  }

  /**
   * A fixed bearer token (from Microsoft Entra ID, for the scope {@code
   * https://storage.azure.com/}).
   *
   * @param token the access token
   * @return the credentials
   */
  public static AzureCredentials bearer(String token) {
    Objects.requireNonNull(token, "token");
    return new AzureCredentials(
        "bearer token", null, null, new Refreshing<>(() -> new Token(token, null), Token::expiry));
  }

  /**
   * A managed identity: tokens from the Azure instance metadata service ({@code 169.254.169.254}),
   * or from {@code IDENTITY_ENDPOINT} with {@code IDENTITY_HEADER} where App Service, Functions and
   * Container Apps set them; refreshed five minutes before they expire.
   *
   * @param clientId the client id of a user-assigned identity, or null for the system-assigned one
   * @return the credentials
   */
  public static AzureCredentials managedIdentity(String clientId) {
    Map<String, String> env = System.getenv();
    String endpoint = env.get("IDENTITY_ENDPOINT");
    String header = env.get("IDENTITY_HEADER");
    if (endpoint != null && header != null) {
      return appServiceIdentity(URI.create(endpoint), header, clientId);
    }
    return managedIdentity(URI.create("http://169.254.169.254"), clientId);
  }

  /** A managed identity at an instance metadata endpoint (moved for tests). */
  static AzureCredentials managedIdentity(URI imds, String clientId) {
    String query =
        "api-version=2018-02-01&resource="
            + form(RESOURCE)
            + (clientId == null ? "" : "&client_id=" + form(clientId));
    URI uri =
        URI.create(
            imds.toString().replaceAll("/+$", "") + "/metadata/identity/oauth2/token?" + query);
    return fetched(
        "managed identity",
        "the Azure instance metadata service " + imds,
        "GET",
        uri,
        Map.of("Metadata", "true"),
        RemoteRequests.NO_BODY);
  }

  /**
   * A managed identity when the instance metadata service answers the first request, else no one
   * (public containers): the environment's last resort, so that off Azure reads of public
   * containers still work.
   */
  static AzureCredentials managedIdentityIfPresent(URI imds, String clientId) {
    AzureCredentials identity = managedIdentity(imds, clientId);
    boolean[] probed = {false};
    Refreshing.Source<Token> probing =
        () -> {
          boolean first;
          synchronized (probed) {
            first = !probed[0];
            probed[0] = true;
          }
          try {
            return identity.token.get();
          } catch (RemoteFileException e) {
            throw e;
          } catch (IOException e) {
            if (first) {
              return null; // nothing answers: not on Azure
            }
            throw e;
          }
        };
    return new AzureCredentials(
        "managed identity, if any",
        null,
        null,
        new Refreshing<>(probing, t -> t == null ? null : t.expiry()));
  }

  static AzureCredentials appServiceIdentity(URI endpoint, String header, String clientId) {
    String query =
        "api-version=2019-08-01&resource="
            + form(RESOURCE)
            + (clientId == null ? "" : "&client_id=" + form(clientId));
    return fetched(
        "managed identity (IDENTITY_ENDPOINT)",
        "the managed identity endpoint",
        "GET",
        URI.create(endpoint + (endpoint.getRawQuery() == null ? "?" : "&") + query),
        Map.of("X-IDENTITY-HEADER", header),
        RemoteRequests.NO_BODY);
  }

  /**
   * A service principal's secret, or a workload identity's federated token (AKS), exchanged for
   * tokens at Microsoft Entra ID (OAuth 2.0 client credentials).
   *
   * @param authority the authority host, {@code https://login.microsoftonline.com}
   * @param tenant the tenant id
   * @param clientId the application's client id
   * @param secret the client secret, or null for a federated token
   * @param federatedTokenFile the file holding the federated token (read again at each refresh), or
   *     null for a secret
   * @return the credentials
   */
  public static AzureCredentials clientCredentials(
      URI authority, String tenant, String clientId, String secret, Path federatedTokenFile) {
    URI uri =
        URI.create(
            authority.toString().replaceAll("/+$", "") + "/" + tenant + "/oauth2/v2.0/token");
    String description =
        secret != null ? "service principal " + clientId : "workload identity " + clientId;
    Refreshing.Source<String> body =
        () -> {
          String form =
              "grant_type=client_credentials&client_id="
                  + form(clientId)
                  + "&scope="
                  + form(RESOURCE + ".default");
          if (secret != null) {
            return form + "&client_secret=" + form(secret);
          }
          return form
              + "&client_assertion_type="
              + form("urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
              + "&client_assertion="
              + form(Files.readString(federatedTokenFile).strip());
        };
    return new AzureCredentials(
        description,
        null,
        null,
        new Refreshing<>(
            () ->
                tokenFrom(
                    "Microsoft Entra ID " + uri,
                    "POST",
                    uri,
                    Map.of("Content-Type", "application/x-www-form-urlencoded"),
                    body.fetch().getBytes(StandardCharsets.UTF_8)),
            Token::expiry));
  }

  private static AzureCredentials fetched(
      String description,
      String name,
      String method,
      URI uri,
      Map<String, String> headers,
      byte[] body) {
    return new AzureCredentials(
        description,
        null,
        null,
        new Refreshing<>(() -> tokenFrom(name, method, uri, headers, body), Token::expiry));
  }

  /**
   * A token from an OAuth answer: {@code access_token} with {@code expires_on} or {@code
   * expires_in}.
   */
  private static Token tokenFrom(
      String name, String method, URI uri, Map<String, String> headers, byte[] body)
      throws IOException {
    // The metadata service is on the local link: it answers at once or not at all (off Azure).
    boolean local = uri.getHost() != null && uri.getHost().startsWith("169.254.");
    RemoteOptions options =
        RemoteOptions.builder()
            .maxAttempts(local ? 2 : 3)
            .connectTimeout(Duration.ofSeconds(local ? 1 : 5))
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    RemoteRequests requests = new RemoteRequests(name, options, RemoteRequests.Signer.NONE);
    String answer =
        requests.send(
            new RemoteRequests.Request(method, uri, headers, body, "token", 1 << 20),
            response -> {
              String text = new String(response.body(), StandardCharsets.UTF_8);
              if (response.statusCode() / 100 != 2) {
                throw new RemoteFileException(
                    name + ": no token, HTTP " + response.statusCode() + ": " + text.strip(),
                    response.statusCode());
              }
              return text;
            });
    Map<String, Object> json = Json.object(answer, name + "'s answer");
    String access = Json.string(json, "access_token");
    if (access == null) {
      throw new IOException(name + " answered without an access_token");
    }
    String on = Json.string(json, "expires_on");
    String in = Json.string(json, "expires_in");
    Instant expiry = null;
    try {
      if (on != null && on.matches("\\d+")) {
        expiry = Instant.ofEpochSecond(Long.parseLong(on));
      } else if (in != null && in.matches("\\d+")) {
        expiry = Instant.now().plusSeconds(Long.parseLong(in));
      }
    } catch (NumberFormatException e) {
      throw new IOException(name + " answered a bad expiry: " + on + " / " + in);
    }
    return new Token(access, expiry);
  }

  /** Whether requests are signed with the account key (needed to name the account in them). */
  boolean isSharedKey() {
    return sharedKey != null;
  }

  @Override
  public String toString() {
    return description;
  }

  /** The signer of requests to an account. */
  RemoteRequests.Signer signer(String account) {
    return new RemoteRequests.Signer() {
      @Override
      public Map<String, String> sign(
          String method, URI uri, Map<String, String> headers, byte[] body) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("x-ms-version", VERSION);
        out.put("x-ms-date", HTTP_DATE.format(Instant.now()));
        if (sharedKey != null) {
          out.put(
              "Authorization",
              "SharedKey "
                  + account
                  + ":"
                  + signature(account, method, uri, headers, out, body.length));
        } else if (token != null) {
          Token t = token.get();
          if (t != null) {
            out.put("Authorization", "Bearer " + t.value());
          }
        }
        return out;
      }

      @Override
      public URI address(URI uri) {
        if (sas == null) {
          return uri;
        }
        return URI.create(uri + (uri.getRawQuery() == null ? "?" : "&") + sas);
      }
    };
  }

  /** The Shared Key signature of a request (the string to sign of API versions since 2015). */
  private String signature(
      String account,
      String method,
      URI uri,
      Map<String, String> headers,
      Map<String, String> added,
      int contentLength) {
    TreeMap<String, String> h = new TreeMap<>();
    headers.forEach((k, v) -> h.put(k.toLowerCase(Locale.ROOT), v.strip()));
    added.forEach((k, v) -> h.put(k.toLowerCase(Locale.ROOT), v.strip()));
    StringBuilder s = new StringBuilder();
    s.append(method).append('\n');
    for (String name : new String[] {"content-encoding", "content-language"}) {
      s.append(h.getOrDefault(name, "")).append('\n');
    }
    s.append(contentLength == 0 ? "" : Integer.toString(contentLength)).append('\n');
    for (String name :
        new String[] {
          "content-md5",
          "content-type",
          "date",
          "if-modified-since",
          "if-match",
          "if-none-match",
          "if-unmodified-since",
          "range"
        }) {
      s.append(h.getOrDefault(name, "")).append('\n');
    }
    for (Map.Entry<String, String> e : h.entrySet()) {
      if (e.getKey().startsWith("x-ms-")) {
        s.append(e.getKey()).append(':').append(e.getValue()).append('\n');
      }
    }
    s.append('/')
        .append(account)
        .append(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
    if (uri.getRawQuery() != null) {
      TreeMap<String, String> params = new TreeMap<>();
      for (String p : uri.getRawQuery().split("&")) {
        int eq = p.indexOf('=');
        String k = decode(eq < 0 ? p : p.substring(0, eq)).toLowerCase(Locale.ROOT);
        String v = eq < 0 ? "" : decode(p.substring(eq + 1));
        params.merge(k, v, (a, b) -> a + "," + b);
      }
      params.forEach((k, v) -> s.append('\n').append(k).append(':').append(v));
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(sharedKey, "HmacSHA256"));
      return Base64.getEncoder()
          .encodeToString(mac.doFinal(s.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  private static String form(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static String decode(String value) {
    return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
