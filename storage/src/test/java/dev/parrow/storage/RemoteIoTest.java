package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Request planning, the S3 signature and where S3 settings come from. */
class RemoteIoTest {
  @TempDir Path dir;

  /** AWS's documented example of a signed GET of a byte range (the S3 API reference). */
  @Test
  void signatureMatchesAwsExample() {
    Map<String, String> headers =
        SigV4.sign(
            "GET",
            URI.create("https://examplebucket.s3.amazonaws.com/test.txt"),
            Map.of("Range", "bytes=0-9"),
            Instant.parse("2013-05-24T00:00:00Z"),
            AwsCredentials.of("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            "us-east-1",
            "s3",
            SigV4.payloadHash(RemoteRequests.NO_BODY));
    assertEquals(
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            + " SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            + " Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
        headers.get("Authorization"));
    assertEquals("20130524T000000Z", headers.get("x-amz-date"));
  }

  @Test
  void keysAreEncodedOnceAndHostsKeepTheirPort() {
    assertEquals("a/b%20c/%C3%A9%3D1.parquet", SigV4.encodePath("a/b c/é=1.parquet"));
    assertEquals("127.0.0.1:9000", SigV4.host(URI.create("http://127.0.0.1:9000/b/k")));
    assertEquals("s3.example", SigV4.host(URI.create("https://s3.example:443/b/k")));
    S3Settings local = S3Settings.of(URI.create("http://127.0.0.1:9000/"), "eu-west-1", "k", "s");
    assertEquals(
        URI.create("http://127.0.0.1:9000/bucket/d%3D1/f.parquet"),
        local.objectUri("bucket", "d=1/f.parquet"));
    S3Settings aws = new S3Settings(null, "eu-west-1", null, null, null, false);
    assertEquals(
        URI.create("https://bucket.s3.eu-west-1.amazonaws.com/f.parquet"),
        aws.objectUri("bucket", "f.parquet"));
  }

  @Test
  void settingsComeFromEnvironmentThenProfile() throws Exception {
    Files.writeString(
        dir.resolve("credentials"),
        "[default]\naws_access_key_id = DEF\naws_secret_access_key = defsecret\n"
            + "[other]\naws_access_key_id=OTHER\naws_secret_access_key=othersecret\n"
            + "aws_session_token=tok\n");
    Files.writeString(
        dir.resolve("config"),
        "[default]\nregion = eu-central-1\n[profile other]\nregion=ap-south-1\n"
            + "endpoint_url = http://127.0.0.1:9999\n");
    S3Settings byDefault = S3Settings.from(Map.of("AWS_EC2_METADATA_DISABLED", "true"), dir);
    assertEquals("DEF", byDefault.credentials().credentials().accessKeyId());
    assertEquals("eu-central-1", byDefault.region());
    assertNull(byDefault.endpoint());
    S3Settings other = S3Settings.from(Map.of("AWS_PROFILE", "other"), dir);
    assertEquals("OTHER", other.credentials().credentials().accessKeyId());
    assertEquals("tok", other.credentials().credentials().sessionToken());
    assertEquals("ap-south-1", other.region());
    assertEquals(URI.create("http://127.0.0.1:9999"), other.endpoint());
    assertTrue(other.pathStyle());
    S3Settings env =
        S3Settings.from(
            Map.of(
                "AWS_ACCESS_KEY_ID", "ENV",
                "AWS_SECRET_ACCESS_KEY", "envsecret",
                "AWS_REGION", "us-west-2",
                "AWS_ENDPOINT_URL_S3", "http://127.0.0.1:1234"),
            dir);
    assertEquals("ENV", env.credentials().credentials().accessKeyId());
    assertNull(env.credentials().credentials().sessionToken());
    assertEquals("us-west-2", env.region());
    assertEquals(URI.create("http://127.0.0.1:1234"), env.endpoint());
    S3Settings none =
        S3Settings.from(Map.of("AWS_EC2_METADATA_DISABLED", "true"), dir.resolve("missing"));
    assertNull(none.credentials().credentials());
    assertEquals("us-east-1", none.region());
  }

  @Test
  void coalescingMergesSmallHolesAndCutsLongRuns() {
    List<FileRange> plan =
        RangePlan.coalesce(
            List.of(
                new FileRange(100, 50),
                new FileRange(0, 10),
                new FileRange(155, 10),
                new FileRange(10_000, 30_000),
                new FileRange(120, 5),
                new FileRange(500, 0)),
            8,
            10_000);
    assertEquals(
        List.of(
            new FileRange(0, 10),
            new FileRange(100, 65),
            new FileRange(10_000, 10_000),
            new FileRange(20_000, 10_000),
            new FileRange(30_000, 10_000)),
        plan);
  }

  /** On random ranges: every byte asked for is covered once, and no request exceeds the limit. */
  @Test
  void coalescingCoversEveryRangeExactlyOnce() {
    Random r = new Random(7);
    for (int round = 0; round < 500; round++) {
      List<FileRange> ranges = new ArrayList<>();
      int n = 1 + r.nextInt(12);
      for (int i = 0; i < n; i++) {
        ranges.add(new FileRange(r.nextInt(5_000), r.nextInt(800)));
      }
      long hole = r.nextInt(300);
      long limit = 1 + r.nextInt(2_000);
      List<FileRange> plan = RangePlan.coalesce(ranges, hole, limit);
      for (int i = 0; i < plan.size(); i++) {
        assertTrue(plan.get(i).length() <= limit && plan.get(i).length() > 0, plan.toString());
        if (i > 0) {
          assertTrue(plan.get(i).offset() >= plan.get(i - 1).end(), plan.toString());
        }
      }
      boolean[] covered = new boolean[6_000];
      for (FileRange p : plan) {
        for (long b = p.offset(); b < p.end(); b++) {
          covered[(int) b] = true;
        }
      }
      for (FileRange want : ranges) {
        for (long b = want.offset(); b < want.end(); b++) {
          assertTrue(covered[(int) b], "byte " + b + " of " + plan);
        }
      }
    }
  }
}
