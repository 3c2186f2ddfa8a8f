package dev.parrow.codec.io;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.Map;

/** S3 objects as {@link HttpInputFile}s whose requests carry a Signature Version 4. */
final class S3Files {
  private S3Files() {}

  static HttpInputFile open(URI s3, RemoteOptions options) throws IOException {
    String bucket = s3.getHost();
    String key = s3.getPath() == null ? "" : s3.getPath().replaceFirst("^/", "");
    if (bucket == null || bucket.isEmpty() || key.isEmpty()) {
      throw new IllegalArgumentException(s3 + ": an S3 URI is s3://BUCKET/KEY");
    }
    S3Settings settings = options.s3() != null ? options.s3() : S3Settings.fromEnvironment();
    URI http = settings.objectUri(bucket, key);
    HttpInputFile.Signer signer =
        settings.accessKeyId() == null
            ? HttpInputFile.Signer.NONE
            : (HttpRequest.Builder builder, URI uri, String range) -> {
              Map<String, String> headers =
                  SigV4.sign("GET", uri, Map.of("Range", range), Instant.now(), settings, "s3");
              headers.forEach(builder::header);
            };
    return HttpInputFile.open(http, s3.toString(), options, signer);
  }
}
