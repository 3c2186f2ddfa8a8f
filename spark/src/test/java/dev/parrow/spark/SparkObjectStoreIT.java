package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.domain.StorageType;
import org.jclouds.blobstore.options.ListContainerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code format("parrow")} writes to {@code s3://} through s3proxy on 127.0.0.1: each task stages
 * its files as multipart uploads the driver completes on the job's commit. The table reads back
 * equal through Parrow and, downloaded, through Spark's own Parquet reader; an overwrite replaces
 * it; a job whose task fails leaves no object and no upload.
 */
class SparkObjectStoreIT {
  static final String ACCESS = "parrow-access";
  static final String SECRET = "parrow-secret";

  @TempDir static Path dir;
  static SparkSession spark;
  static S3Proxy proxy;
  static BlobStoreContext context;
  static BlobStore blobs;
  static URI endpoint;

  @BeforeAll
  static void start() throws Exception {
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
    spark = ParrowSparkIT.session();
    ParrowSparkIT.spark = spark; // its sample rows
  }

  @AfterAll
  static void stop() throws Exception {
    spark.stop();
    proxy.stop();
    context.close();
  }

  static <T> DataFrameWriter<T> s3(DataFrameWriter<T> w) {
    return w.option("parrow.s3.endpoint", endpoint.toString())
        .option("parrow.s3.region", "us-east-1")
        .option("parrow.s3.access.key", ACCESS)
        .option("parrow.s3.secret.key", SECRET);
  }

  static Dataset<Row> read(String path) {
    return spark
        .read()
        .format("parrow")
        .option("parrow.s3.endpoint", endpoint.toString())
        .option("parrow.s3.region", "us-east-1")
        .option("parrow.s3.access.key", ACCESS)
        .option("parrow.s3.secret.key", SECRET)
        .load(path);
  }

  static List<String> keys(String prefix) {
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

  /** The objects under a prefix copied to a local directory, for Spark's own reader. */
  static Path download(String prefix) throws Exception {
    Path local = Files.createTempDirectory(dir, "download-");
    for (String key : keys(prefix)) {
      Path target = local.resolve(key.substring(prefix.length()));
      Files.createDirectories(target.getParent());
      try (var in = blobs.getBlob("bucket", key).getPayload().openStream()) {
        Files.copy(in, target);
      }
    }
    return local;
  }

  @Test
  void partitionedWriteReadsBackInParrowAndSpark() throws Exception {
    Dataset<Row> sample = ParrowSparkIT.sample(20_000).repartition(3);
    s3(sample.write().format("parrow").partitionBy("k").mode("append")).save("s3://bucket/table");
    assertEquals(0, blobs.listMultipartUploads("bucket").size(), "every upload completed");
    List<String> objects = keys("table/");
    assertTrue(objects.size() >= 5, objects.toString());
    assertTrue(
        objects.stream().allMatch(k -> k.matches("table/k=[0-4]/part-.*\\.parquet")),
        objects.toString());
    ParrowSparkIT.assertSameRows(
        sample,
        read("s3://bucket/table/")
            .select(
                sample.columns()[0],
                java.util.Arrays.copyOfRange(sample.columns(), 1, sample.columns().length)));
    // Spark's own Parquet source reads the objects, downloaded (it runs on Java 17 and 21 only).
    if (ParrowSparkIT.BUILT_IN_READER) {
      Path local = download("table/");
      ParrowSparkIT.assertSameRows(
          sample,
          spark
              .read()
              .parquet(local.toString())
              .select(
                  sample.columns()[0],
                  java.util.Arrays.copyOfRange(sample.columns(), 1, sample.columns().length)));
    }

    // An overwrite replaces the table.
    Dataset<Row> fewer = ParrowSparkIT.sample(100);
    s3(fewer.write().format("parrow").partitionBy("k").mode("overwrite")).save("s3://bucket/table");
    ParrowSparkIT.assertSameRows(
        fewer,
        read("s3://bucket/table/")
            .select(
                fewer.columns()[0],
                java.util.Arrays.copyOfRange(fewer.columns(), 1, fewer.columns().length)));
    assertEquals(0, blobs.listMultipartUploads("bucket").size());
  }

  @Test
  void aFailedJobLeavesNothing() {
    Dataset<Row> failing =
        spark
            .range(0, 50_000, 1, 4)
            .selectExpr("id", "CASE WHEN id = 40000 THEN raise_error('boom') ELSE id END AS v");
    assertThrows(
        Exception.class, () -> s3(failing.write().format("parrow")).save("s3://bucket/failed"));
    assertEquals(List.of(), keys("failed/"));
    assertEquals(0, blobs.listMultipartUploads("bucket").size(), "every upload aborted");
  }
}
