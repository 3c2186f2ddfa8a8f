package dev.parrow.it;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.domain.StorageType;
import org.jclouds.blobstore.options.ListContainerOptions;

/**
 * A real S3-compatible server on 127.0.0.1 for the S3 tests: s3proxy with a filesystem backend
 * under a test's directory and Signature V4 authentication, one bucket named {@code bucket}; the
 * objects and open multipart uploads seen through jclouds, apart from Parrow's own requests.
 */
final class S3Server implements AutoCloseable {
  static final String ACCESS = "parrow-access";
  static final String SECRET = "parrow-secret";

  private final S3Proxy proxy;
  private final BlobStoreContext context;
  final BlobStore blobs;
  final URI endpoint;

  S3Server(Path dir) throws Exception {
    Path store = Files.createDirectories(dir.resolve("store"));
    Properties properties = new Properties();
    properties.setProperty("jclouds.filesystem.basedir", store.toString());
    context =
        ContextBuilder.newBuilder("filesystem")
            .credentials("identity", "credential")
            .overrides(properties)
            .build(BlobStoreContext.class);
    proxy =
        S3Proxy.builder()
            .blobStore(context.getBlobStore())
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS, SECRET)
            .build();
    proxy.start();
    for (int i = 0; i < 100 && !"STARTED".equals(proxy.getState()); i++) {
      Thread.sleep(50);
    }
    endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    blobs = context.getBlobStore();
    blobs.createContainerInLocation(null, "bucket");
  }

  /** Puts a local file into the bucket as {@code key}. */
  void put(String key, Path file) {
    blobs.putBlob("bucket", blobs.blobBuilder(key).payload(file.toFile()).build());
  }

  /** The keys of the bucket's objects under a prefix, sorted. */
  List<String> keys(String prefix) {
    List<String> out = new ArrayList<>();
    for (StorageMetadata m :
        blobs.list("bucket", ListContainerOptions.Builder.prefix(prefix).recursive())) {
      if (m.getType() == StorageType.BLOB) {
        out.add(m.getName());
      }
    }
    Collections.sort(out);
    return out;
  }

  /** {@return how many multipart uploads of the bucket are open} */
  int openUploads() {
    return blobs.listMultipartUploads("bucket").size();
  }

  /** An object copied to a local file in {@code dir}. */
  Path download(String key, Path dir) throws Exception {
    Path local = Files.createTempFile(dir, "download-", ".parquet");
    try (var in = blobs.getBlob("bucket", key).getPayload().openStream()) {
      Files.copy(in, local, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    return local;
  }

  @Override
  public void close() throws Exception {
    proxy.stop();
    context.close();
  }
}
