package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writes to S3 against an S3 in memory ({@link FakeS3}): whole or not at all, parts sent while the
 * writer goes on with a bound on those held, retries of what is transient, an abort on every
 * failure, and messages that say what to do.
 */
class S3WriteTest {
  FakeS3 s3;

  @BeforeEach
  void start() throws IOException {
    s3 = new FakeS3("bucket");
  }

  @AfterEach
  void stop() {
    s3.close();
  }

  static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private Store store(RemoteOptions options) {
    return Stores.of("s3://bucket/x", options);
  }

  /** Writes {@code data} in uneven pieces. */
  private static void write(OutputFile out, byte[] data) throws IOException {
    OutputStream stream = out.open();
    Random r = new Random(1);
    for (int at = 0; at < data.length; ) {
      int n = Math.min(data.length - at, 1 + r.nextInt(3000));
      stream.write(data, at, n);
      at += n;
    }
    stream.close();
  }

  @Test
  void smallFileIsOnePutOnCommitAndReadsBack() throws IOException {
    Store store = store(s3.options().build());
    byte[] data = bytes(5000, 1);
    OutputFile out = store.create("s3://bucket/dir/small.parquet");
    write(out, data);
    assertTrue(s3.objects.isEmpty(), "nothing appears before the commit");
    out.commit();
    assertArrayEquals(data, s3.objects.get("bucket/dir/small.parquet"));
    assertEquals(1, s3.count("PUT", ""));
    assertEquals(0, s3.count("POST", "uploads"));
    try (InputFile in = store.open("s3://bucket/dir/small.parquet")) {
      ByteBuffer all = ByteBuffer.allocate(data.length);
      in.readFully(0, all);
      assertArrayEquals(data, all.array());
    }
    assertEquals(List.of("s3://bucket/dir/small.parquet"), store.list("s3://bucket/dir/"));
  }

  @Test
  void largeFileIsSentInPartsWithABoundOnThoseHeld() throws IOException {
    s3.partMillis = 20;
    Store store = store(s3.options().partSize(4096).partsInFlight(3).build());
    byte[] data = bytes(4096 * 40 + 123, 2);
    OutputFile out = store.create("s3://bucket/big.parquet");
    write(out, data);
    assertTrue(s3.objects.isEmpty(), "parts are not the object");
    out.commit();
    assertArrayEquals(data, s3.objects.get("bucket/big.parquet"));
    assertEquals(41, s3.count("PUT", "partNumber="));
    assertEquals(1, s3.count("POST", "uploads"));
    assertTrue(s3.uploads.isEmpty(), "the upload was completed");
    // One part is being filled while the others are sent: at most partsInFlight at once.
    assertTrue(s3.mostReceiving.get() <= 3, "parts received at once: " + s3.mostReceiving);
    assertTrue(s3.mostReceiving.get() >= 2, "parts are sent while the writer goes on");
  }

  @Test
  void partsAreSignedWithTheirPayloadHash() throws IOException {
    Store store = store(s3.options().partSize(4096).build());
    OutputFile out = store.create("s3://bucket/signed");
    write(out, bytes(10_000, 3));
    out.commit();
    for (FakeS3.Seen seen : s3.seen) {
      if (seen.method().equals("PUT")) {
        String hash = seen.headers().get("X-amz-content-sha256").get(0);
        assertTrue(!hash.equals(SigV4.EMPTY_PAYLOAD) && hash.length() == 64, hash);
        assertTrue(seen.headers().get("Authorization").get(0).startsWith("AWS4-HMAC-SHA256"));
      }
    }
  }

  @Test
  void abortAfterPartsLeavesNoObjectAndNoUpload() throws IOException {
    Store store = store(s3.options().partSize(4096).build());
    OutputFile out = store.create("s3://bucket/aborted");
    write(out, bytes(50_000, 4));
    out.abort();
    assertTrue(s3.objects.isEmpty());
    assertTrue(s3.uploads.isEmpty(), "the multipart upload was aborted");
    assertEquals(1, s3.count("DELETE", "uploadId="));
  }

  @Test
  void transientFailuresAreRetried() throws IOException {
    AtomicInteger failures = new AtomicInteger();
    s3.fault =
        seen -> {
          boolean part = seen.query() != null && seen.query().contains("partNumber=2");
          boolean complete = seen.method().equals("POST") && seen.query().contains("uploadId");
          if ((part || complete) && failures.getAndIncrement() % 2 == 0) {
            return complete
                ? new FakeS3.Fault(200, FakeS3.errorXml("InternalError")) // S3's 200 with an error
                : new FakeS3.Fault(503, FakeS3.errorXml("SlowDown"));
          }
          return null;
        };
    Store store = store(s3.options().partSize(4096).build());
    byte[] data = bytes(20_000, 5);
    OutputFile out = store.create("s3://bucket/retried");
    write(out, data);
    out.commit();
    assertArrayEquals(data, s3.objects.get("bucket/retried"));
    assertTrue(failures.get() >= 2);
  }

  @Test
  void aFailedPartFailsTheWriteAndAbortsTheUpload() throws IOException {
    s3.fault =
        seen ->
            seen.query() != null && seen.query().contains("partNumber=3")
                ? new FakeS3.Fault(403, FakeS3.errorXml("AccessDenied"))
                : null;
    Store store = store(s3.options().partSize(4096).build());
    OutputFile out = store.create("s3://bucket/failed");
    IOException e =
        assertThrows(
            IOException.class,
            () -> {
              write(out, bytes(40_000, 6));
              out.commit();
            });
    assertTrue(e.getMessage().contains("s3://bucket/failed"), e.getMessage());
    assertTrue(e.getMessage().contains("access denied"), e.getMessage());
    out.abort(); // what a writer does after a failure: harmless after a failed commit
    assertTrue(s3.objects.isEmpty());
    assertTrue(s3.uploads.isEmpty(), "the multipart upload was aborted");
  }

  @Test
  void errorsSayWhatToDo() throws IOException {
    RemoteOptions options = s3.options().maxAttempts(2).build();
    OutputFile missing = Stores.of("s3://nobucket/x", options).create("s3://nobucket/x");
    missing.open().write(1);
    IOException e = assertThrows(IOException.class, missing::commit);
    assertTrue(
        e.getMessage().startsWith("s3://nobucket/x: the bucket does not exist"), e.getMessage());

    s3.fault = seen -> new FakeS3.Fault(400, FakeS3.errorXml("ExpiredToken"));
    OutputFile expired = store(options).create("s3://bucket/x");
    expired.open().write(1);
    e = assertThrows(IOException.class, expired::commit);
    assertTrue(e.getMessage().contains("credentials have expired"), e.getMessage());

    s3.fault = seen -> new FakeS3.Fault(503, FakeS3.errorXml("SlowDown"));
    OutputFile throttled = store(options).create("s3://bucket/x");
    throttled.open().write(1);
    e = assertThrows(IOException.class, throttled::commit);
    assertTrue(e.getMessage().contains("throttled"), e.getMessage());
    assertTrue(e.getMessage().contains("SlowDown"), e.getMessage());
    assertEquals(2 + 2, s3.count("PUT", ""), "two attempts each, then it stops");
  }

  @Test
  void anInterruptedWriterStopsAndTheUploadIsAborted() throws Exception {
    s3.partMillis = 200;
    Store store = store(s3.options().partSize(4096).partsInFlight(1).build());
    OutputFile out = store.create("s3://bucket/interrupted");
    Thread.currentThread().interrupt();
    try {
      assertThrows(java.io.InterruptedIOException.class, () -> write(out, bytes(40_000, 7)));
    } finally {
      Thread.interrupted();
    }
    out.abort();
    assertTrue(s3.objects.isEmpty());
    assertTrue(s3.uploads.isEmpty());
  }

  @Test
  void stagedUploadsAppearOnlyWhenPublishedAndCanBeHandedOver() throws IOException {
    Store store = store(s3.options().partSize(4096).build());
    StagedOutputFile small = store.create("s3://bucket/staged/small");
    write(small, bytes(100, 8));
    small.stage();
    assertTrue(s3.objects.isEmpty(), "a staged file is an upload, not an object");
    assertEquals(1, s3.uploads.size(), "even a small file is an upload of one part when staged");
    small.publish();
    assertEquals(List.of("bucket/staged/small"), s3.keys());

    // Handed over: completed, or aborted, through the store by someone else.
    StagedOutputFile kept = store.create("s3://bucket/staged/kept");
    write(kept, bytes(10_000, 9));
    kept.stage();
    PendingFile pending = kept.handOver();
    assertEquals("s3://bucket/staged/kept", pending.location());
    assertEquals(3, pending.parts().size());
    kept.abort(); // no longer this output's to discard
    assertEquals(1, s3.uploads.size());
    store.publish(pending);
    assertArrayEquals(bytes(10_000, 9), s3.objects.get("bucket/staged/kept"));

    StagedOutputFile dropped = store.create("s3://bucket/staged/dropped");
    write(dropped, bytes(10_000, 10));
    dropped.stage();
    store.discard(dropped.handOver());
    assertTrue(s3.uploads.isEmpty());
    assertEquals(List.of("bucket/staged/kept", "bucket/staged/small"), s3.keys());

    store.delete("s3://bucket/staged/small");
    assertEquals(List.of("bucket/staged/kept"), s3.keys());
  }

  @Test
  void aCompletionWhoseAnswerWasLostIsRecognised() throws IOException {
    java.util.concurrent.atomic.AtomicBoolean lost =
        new java.util.concurrent.atomic.AtomicBoolean();
    s3.loseAnswer =
        seen ->
            seen.method().equals("POST")
                && seen.query().contains("uploadId")
                && lost.compareAndSet(false, true);
    Store store = store(s3.options().partSize(4096).build());
    byte[] data = bytes(20_000, 11);
    OutputFile out = store.create("s3://bucket/lost");
    write(out, data);
    out.commit(); // the retry finds the upload completed, and the object made of its parts
    assertTrue(lost.get());
    assertArrayEquals(data, s3.objects.get("bucket/lost"));
    assertEquals(1, s3.count("HEAD", ""));
  }

  @Test
  void keysAreTakenAsWritten() throws IOException {
    Store store = store(s3.options().build());
    // A hive partition value escaped as Hive escapes it, a space, a percent sign of its own.
    List<String> locations =
        List.of(
            "s3://bucket/t/k=a%2Fb/f.parquet",
            "s3://bucket/t/with space.parquet", "s3://bucket/t/100%.parquet");
    for (int i = 0; i < locations.size(); i++) {
      OutputFile out = store.create(locations.get(i));
      write(out, bytes(100 + i, i));
      out.commit();
    }
    assertEquals(
        List.of(
            "bucket/t/100%.parquet", "bucket/t/k=a%2Fb/f.parquet", "bucket/t/with space.parquet"),
        s3.keys());
    List<String> listed = store.list("s3://bucket/t/");
    assertEquals(locations.stream().sorted().toList(), listed);
    for (String location : listed) {
      try (InputFile in = store.open(location)) {
        int i = locations.indexOf(location);
        ByteBuffer all = ByteBuffer.allocate(100 + i);
        in.readFully(0, all);
        assertArrayEquals(bytes(100 + i, i), all.array());
      }
    }
  }

  @Test
  void partBuffersGrowToThePartSize() throws IOException {
    Store store = store(s3.options().partSize(256 << 10).build());
    byte[] data = bytes((600 << 10) + 7, 12);
    OutputFile out = store.create("s3://bucket/grown");
    write(out, data);
    out.commit();
    assertArrayEquals(data, s3.objects.get("bucket/grown"));
    List<Long> sizes =
        s3.seen.stream()
            .filter(seen -> seen.query() != null && seen.query().contains("partNumber="))
            .map(seen -> Long.parseLong(seen.headers().get("Content-length").get(0)))
            .sorted(java.util.Comparator.reverseOrder())
            .toList();
    assertEquals(List.of(256L << 10, 256L << 10, (88L << 10) + 7), sizes);
  }

  /**
   * A put-if-absent (a table format's commit) is one conditional PutObject: made where no object
   * is; refused as FileAlreadyExistsException, the object left as it was, where one is; recognised
   * as made when its answer was lost and the retry found its own bytes there; refused above one
   * part, since it is sent whole.
   */
  @Test
  void putIfAbsentMakesAnObjectOnlyWhereNoneIs() throws IOException {
    Store store = store(s3.options().partSize(4096).build());
    byte[] first = bytes(1000, 1);
    OutputFile out = store.createIfAbsent("s3://bucket/_delta_log/1.json");
    write(out, first);
    out.commit();
    assertArrayEquals(first, s3.objects.get("bucket/_delta_log/1.json"));
    assertTrue(
        s3.seen.stream()
            .anyMatch(
                seen -> seen.method().equals("PUT") && seen.headers().containsKey("If-none-match")),
        "the put is conditional");

    OutputFile other = store.createIfAbsent("s3://bucket/_delta_log/1.json");
    write(other, bytes(900, 2));
    assertThrows(java.nio.file.FileAlreadyExistsException.class, other::commit);
    assertArrayEquals(first, s3.objects.get("bucket/_delta_log/1.json"), "left as it was");

    java.util.concurrent.atomic.AtomicBoolean lost =
        new java.util.concurrent.atomic.AtomicBoolean();
    s3.loseAnswer = seen -> seen.method().equals("PUT") && lost.compareAndSet(false, true);
    byte[] second = bytes(1200, 3);
    OutputFile retried = store.createIfAbsent("s3://bucket/_delta_log/2.json");
    write(retried, second);
    retried.commit(); // the retry is answered 412, and finds its own bytes there
    assertTrue(lost.get());
    assertArrayEquals(second, s3.objects.get("bucket/_delta_log/2.json"));

    OutputFile large = store.createIfAbsent("s3://bucket/_delta_log/3.json");
    IOException e = assertThrows(IOException.class, () -> write(large, bytes(10_000, 4)));
    assertTrue(e.getMessage().contains("put-if-absent"), e.getMessage());
    large.abort();
    assertFalse(s3.objects.containsKey("bucket/_delta_log/3.json"));
  }
}
