package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Azure Blob Storage: blobs read as {@link HttpInputFile}s (the length from a HEAD first, since
 * Blob Storage takes no suffix ranges), listed by prefix (List Blobs), and written as block blobs
 * whole or not at all ({@link Upload}: one Put Blob, or blocks committed by one Put Block List).
 *
 * <p>Locations are {@code az://CONTAINER/PATH} (also {@code azure://}) in the account of {@link
 * RemoteOptions#azure} or the environment, or {@code
 * abfs[s]://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH} (or {@code .blob.}), which names the
 * account; the forms Arrow C++ and DuckDB take.
 */
final class AzureFiles {
  private AzureFiles() {}

  /** The most bytes of one listing page (up to 5,000 blobs with their properties). */
  private static final long LISTING_LIMIT = 32 << 20;

  private static final Pattern NAME = Pattern.compile("<Blob>\\s*<Name>([^<]*)</Name>");
  private static final Pattern NEXT = Pattern.compile("<NextMarker>([^<]+)</NextMarker>");

  /**
   * A blob: its account (null: the settings'), container and path. The path is taken as it is
   * written, not percent-decoded, as S3 keys are (see {@code S3Files.Location}).
   */
  record Location(String account, String container, String path) {
    static Location of(String location) {
      int colon = location.indexOf("://");
      if (colon < 0) {
        throw new IllegalArgumentException(location + ": an Azure location is az://CONTAINER/PATH");
      }
      String scheme = location.substring(0, colon).toLowerCase(Locale.ROOT);
      String rest = location.substring(colon + 3);
      int slash = rest.indexOf('/');
      String authority = slash < 0 ? rest : rest.substring(0, slash);
      String path = slash < 0 ? "" : rest.substring(slash + 1);
      if (scheme.equals("az") || scheme.equals("azure")) {
        if (authority.isEmpty()) {
          throw new IllegalArgumentException(
              location + ": an Azure location is az://CONTAINER/PATH");
        }
        return new Location(null, authority, path);
      }
      // abfs[s]://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH
      int at = authority.indexOf('@');
      if (at <= 0 || at == authority.length() - 1) {
        throw new IllegalArgumentException(
            location
                + ": an abfs(s) location is abfss://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH");
      }
      return new Location(
          authority.substring(at + 1).split("\\.")[0], authority.substring(0, at), path);
    }
  }

  /**
   * The settings for a location: the options', else the environment's; for a location that names
   * its account without a connection string in the environment, that account with the environment's
   * credentials (found once per process, as the settings are).
   */
  static AzureSettings settings(RemoteOptions options, Location l) {
    if (options.azure() != null) {
      return options.azure().forAccount(l.account());
    }
    if (l.account() != null) {
      String connection = System.getenv("AZURE_STORAGE_CONNECTION_STRING");
      if (connection == null || connection.isBlank()) {
        return new AzureSettings(l.account(), null, AzureSettings.environmentCredentials());
      }
    }
    return AzureSettings.fromEnvironment().forAccount(l.account());
  }

  static URI blobUri(AzureSettings settings, String container, String path) {
    return URI.create(
        settings.blobEndpoint().toString().replaceAll("/+$", "")
            + "/"
            + container
            + (path.isEmpty() ? "" : "/" + SigV4.encodePath(path)));
  }

  private static RemoteRequests.Signer signer(AzureSettings settings) {
    return settings.credentials() == null
        ? RemoteRequests.Signer.NONE
        : settings.credentials().signer(settings.account());
  }

  static HttpInputFile open(String uri, RemoteOptions options) throws IOException {
    Location l = Location.of(uri);
    if (l.path().isEmpty()) {
      throw new IllegalArgumentException(uri + ": an Azure blob is az://CONTAINER/PATH");
    }
    AzureSettings settings = settings(options, l);
    return HttpInputFile.openLengthFirst(
        blobUri(settings, l.container(), l.path()), uri, options, versioned(signer(settings)));
  }

  /**
   * The blobs whose names start with a prefix, in name order, as URIs of the form given.
   *
   * @param prefix {@code az://CONTAINER/PREFIX} or an abfs(s) URI
   */
  static List<String> list(String prefix, RemoteOptions options) throws IOException {
    Location l = Location.of(prefix);
    AzureSettings settings = settings(options, l);
    RemoteRequests requests = new RemoteRequests(prefix, options, versioned(signer(settings)));
    String base = blobUri(settings, l.container(), "").toString();
    // The container's own location ("az://data", "abfss://data@acct.dfs.core.windows.net").
    String root = prefix.substring(0, prefix.length() - l.path().length()).replaceAll("/+$", "");
    List<String> out = new ArrayList<>();
    String marker = null;
    do {
      String query =
          "restype=container&comp=list&prefix="
              + SigV4.encodePath(l.path()).replace("/", "%2F")
              + (marker == null ? "" : "&marker=" + SigV4.encodePath(marker).replace("/", "%2F"));
      String page =
          requests.get(
              URI.create(base + "?" + query),
              null,
              "listing",
              LISTING_LIMIT,
              response -> {
                if (response.statusCode() != 200) {
                  throw requests.statusError(response.statusCode(), response.body(), "listing");
                }
                return new String(response.body(), StandardCharsets.UTF_8);
              });
      Matcher names = NAME.matcher(page);
      while (names.find()) {
        String name = unescapeXml(names.group(1));
        if (!name.endsWith("/")) {
          out.add(root + "/" + name);
        }
      }
      Matcher next = NEXT.matcher(page);
      marker = next.find() ? unescapeXml(next.group(1)) : null;
    } while (marker != null);
    return out;
  }

  static StagedOutputFile create(String uri, RemoteOptions options) {
    return create(uri, options, false);
  }

  /**
   * A blob to write, whole or not at all, and with {@code ifAbsent} only if no blob is there (a
   * conditional Put Blob, {@code If-None-Match: *}; Azure answers 409 or 412 when one is).
   */
  static StagedOutputFile create(String uri, RemoteOptions options, boolean ifAbsent) {
    Location l = Location.of(uri);
    if (l.path().isEmpty() || l.path().endsWith("/")) {
      throw new IllegalArgumentException(uri + ": an Azure blob to write is az://CONTAINER/PATH");
    }
    AzureSettings settings = settings(options, l);
    return new Upload(
        uri,
        blobUri(settings, l.container(), l.path()),
        options,
        new RemoteRequests(uri, options, versioned(signer(settings))),
        ifAbsent);
  }

  /** Deletes a blob, if it is there (Delete Blob). */
  static void delete(String uri, RemoteOptions options) throws IOException {
    Location l = Location.of(uri);
    AzureSettings settings = settings(options, l);
    RemoteRequests requests = new RemoteRequests(uri, options, versioned(signer(settings)));
    requests.send(
        new RemoteRequests.Request(
            "DELETE",
            blobUri(settings, l.container(), l.path()),
            Map.of(),
            RemoteRequests.NO_BODY,
            "Delete Blob",
            1 << 20),
        response -> {
          int status = response.statusCode();
          if (status != 202 && status != 404) {
            throw requests.statusError(status, response.body(), "Delete Blob");
          }
          return null;
        });
  }

  /** Commits blocks staged elsewhere (Put Block List). */
  static void publish(PendingFile file, RemoteOptions options) throws IOException {
    ((Upload) create(file.location(), options, false)).complete(file.parts());
  }

  /** Every request names the API version, signed or not (anonymous reads need it too). */
  private static RemoteRequests.Signer versioned(RemoteRequests.Signer signer) {
    if (signer != RemoteRequests.Signer.NONE) {
      return signer;
    }
    return (method, uri, headers, body) -> Map.of("x-ms-version", AzureCredentials.VERSION);
  }

  /**
   * A block blob written whole or not at all: one Put Blob when it fits a part, else blocks (Put
   * Block) committed by one Put Block List. Azure has no call that discards uncommitted blocks: an
   * aborted upload's blocks never become the blob (readers and listings do not see them) and Azure
   * removes them a week later, or at the next write of the same name.
   */
  private static final class Upload extends PartedUpload {
    private final URI blob;
    private final RemoteRequests requests;

    Upload(
        String name, URI blob, RemoteOptions options, RemoteRequests requests, boolean ifAbsent) {
      super(name, options, ifAbsent);
      this.blob = blob;
      this.requests = requests;
    }

    @Override
    RemoteRequests sent() {
      return requests;
    }

    @Override
    int maxParts() {
      return 50_000;
    }

    @Override
    String uploadId() {
      return null;
    }

    @Override
    void putWhole(byte[] body) throws IOException {
      boolean made =
          requests.send(
              new RemoteRequests.Request(
                  "PUT",
                  blob,
                  ifAbsent()
                      ? Map.of("x-ms-blob-type", "BlockBlob", "If-None-Match", "*")
                      : Map.of("x-ms-blob-type", "BlockBlob"),
                  body,
                  "Put Blob",
                  1 << 20),
              response -> {
                if (ifAbsent() && (response.statusCode() == 409 || response.statusCode() == 412)) {
                  return false;
                }
                requests.expect(response, 201, "Put Blob");
                return true;
              });
      if (!made) {
        checkOwnWrite(body, AzureFiles.open(name(), options()));
      }
    }

    @Override
    void begin() {}

    @Override
    String sendPart(int number, byte[] body) throws IOException {
      // Block ids of one blob must all have the same length.
      String id =
          Base64.getEncoder()
              .encodeToString(
                  String.format("parrow-%08d", number).getBytes(StandardCharsets.US_ASCII));
      String what = "block " + number;
      requests.send(
          new RemoteRequests.Request(
              "PUT",
              URI.create(
                  blob
                      + "?comp=block&blockid="
                      + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8)),
              Map.of(),
              body,
              what,
              1 << 20),
          response -> requests.expect(response, 201, what));
      return id;
    }

    @Override
    void complete(List<String> partIds) throws IOException {
      StringBuilder xml =
          new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList>");
      for (String id : partIds) {
        xml.append("<Latest>").append(id).append("</Latest>");
      }
      xml.append("</BlockList>");
      requests.send(
          new RemoteRequests.Request(
              "PUT",
              URI.create(blob + "?comp=blocklist"),
              Map.of("Content-Type", "application/xml"),
              xml.toString().getBytes(StandardCharsets.UTF_8),
              "Put Block List",
              1 << 20),
          response -> requests.expect(response, 201, "Put Block List"));
    }

    @Override
    void discard() {
      // Nothing to call: see the class comment.
    }
  }

  private static String unescapeXml(String s) {
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&");
  }
}
