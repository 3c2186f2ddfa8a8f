package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.delta.ParrowEngine;
import dev.parrow.storage.AzureSettings;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.OutputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.S3Settings;
import dev.parrow.storage.Stores;
import io.delta.kernel.Operation;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta tables committed to object stores through {@link ParrowEngine} (no Hadoop): S3 (s3proxy)
 * and Azure Blob Storage (Azurite). A commit is a put-if-absent ({@code If-None-Match: *}): the
 * store itself refuses a second object of the same version, so two writers that both commit on top
 * of the same version never lose one's commit (Kernel rebases the blind append that finds its
 * version taken onto the next). The table reads back with every row of every commit.
 */
class DeltaObjectStoreIT {
  @TempDir static Path dir;
  static S3Server s3;
  static Azurite azurite;

  private static final StructType SCHEMA =
      new StructType().add("id", LongType.LONG, false).add("name", StringType.STRING, true);

  @BeforeAll
  static void start() throws Exception {
    s3 = new S3Server(dir);
    azurite = Azurite.start();
    azurite.createContainer("tables");
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
    if (azurite != null) {
      azurite.close();
    }
  }

  private static RemoteOptions s3Options() {
    return RemoteOptions.builder()
        .s3(S3Settings.of(s3.endpoint, "us-east-1", S3Server.ACCESS, S3Server.SECRET))
        .build();
  }

  private static RemoteOptions azureOptions() {
    return RemoteOptions.builder()
        .azure(AzureSettings.fromConnectionString(azurite.connectionString()))
        .build();
  }

  @Test
  void putIfAbsentOnAzureRefusesABlobThatIsThere() throws Exception {
    putIfAbsentRefusesAnObjectThatIsThere("az://tables/conditional/1.json", azureOptions());
  }

  private static void putIfAbsentRefusesAnObjectThatIsThere(String location, RemoteOptions options)
      throws Exception {
    var store = Stores.of(location, options);
    byte[] first = "{\"commitInfo\":{\"first\":true}}\n".getBytes(StandardCharsets.UTF_8);
    OutputFile out = store.createIfAbsent(location);
    try (OutputStream stream = out.open()) {
      stream.write(first);
    }
    out.commit();
    OutputFile second = store.createIfAbsent(location);
    try (OutputStream stream = second.open()) {
      stream.write("{\"commitInfo\":{\"second\":true}}\n".getBytes(StandardCharsets.UTF_8));
    }
    assertThrows(FileAlreadyExistsException.class, second::commit);
    try (InputFile in = store.open(location)) {
      ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(in.length()));
      in.readFully(0, all);
      assertArrayEquals(first, all.array(), "the first object, as it was");
    }
  }

  @Test
  void tablesCommittedToS3ReadBackWithEveryCommit() throws Exception {
    String path = "s3://bucket/delta/events";
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine engine = ParrowEngine.create(allocator, s3Options(), ReadOptions.defaults());
      append(
          engine,
          allocator,
          Table.forPath(engine, path)
              .createTransactionBuilder(engine, "parrow-it", Operation.CREATE_TABLE)
              .withSchema(engine, SCHEMA)
              .build(engine),
          0,
          100);
      for (long from = 100; from < 300; from += 100) {
        append(
            engine,
            allocator,
            Table.forPath(engine, path)
                .createTransactionBuilder(engine, "parrow-it", Operation.WRITE)
                .build(engine),
            from,
            from + 100);
      }
      assertEquals(ids(0, 300), read(engine, path));
      assertEquals(2, Table.forPath(engine, path).getLatestSnapshot(engine).getVersion());
    }
  }

  private static List<Long> ids(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      out.add(i);
    }
    return out;
  }

  @Test
  void tablesCommittedToAzureKeepEveryCommit() throws Exception {
    tablesKeepEveryCommit("az://tables/delta/events", azureOptions());
  }

  /**
   * Creates a table, then two transactions built on the same version commit one after the other:
   * the second finds its version taken (the store refuses the put) and Kernel commits it as the
   * next; the table holds the rows of all three commits.
   */
  private static void tablesKeepEveryCommit(String path, RemoteOptions options) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine engine = ParrowEngine.create(allocator, options, ReadOptions.defaults());
      Transaction create =
          Table.forPath(engine, path)
              .createTransactionBuilder(engine, "parrow-it", Operation.CREATE_TABLE)
              .withSchema(engine, SCHEMA)
              .build(engine);
      append(engine, allocator, create, 0, 100);
      Transaction a =
          Table.forPath(engine, path)
              .createTransactionBuilder(engine, "parrow-it", Operation.WRITE)
              .build(engine);
      Transaction b =
          Table.forPath(engine, path)
              .createTransactionBuilder(engine, "parrow-it", Operation.WRITE)
              .build(engine);
      assertEquals(1, append(engine, allocator, a, 100, 250));
      assertEquals(2, append(engine, allocator, b, 250, 300), "rebased past a's commit");
      assertEquals(ids(0, 300), read(engine, path));
      assertEquals(2, Table.forPath(engine, path).getLatestSnapshot(engine).getVersion());
    }
  }

  /** Appends ids {@code from} to {@code to} - 1 in one data file; the version committed. */
  private static long append(
      Engine engine, BufferAllocator allocator, Transaction txn, long from, long to)
      throws Exception {
    Row state = txn.getTransactionState(engine);
    try (VectorSchemaRoot root =
        VectorSchemaRoot.create(
            new org.apache.arrow.vector.types.pojo.Schema(
                List.of(
                    org.apache.arrow.vector.types.pojo.Field.notNullable(
                        "id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                    org.apache.arrow.vector.types.pojo.Field.nullable(
                        "name", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE))),
            allocator)) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      VarCharVector name = (VarCharVector) root.getVector(1);
      int n = (int) (to - from);
      id.allocateNew(n);
      name.allocateNew(n);
      for (int i = 0; i < n; i++) {
        id.set(i, from + i);
        if (i % 7 != 3) {
          name.setSafe(i, ("n" + (from + i)).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(n);
      FilteredColumnarBatch batch =
          new FilteredColumnarBatch(ParrowEngine.columnarBatch(root, SCHEMA), Optional.empty());
      var context = Transaction.getWriteContext(engine, state, Map.of());
      CloseableIterator<DataFileStatus> files =
          engine
              .getParquetHandler()
              .writeParquetFiles(
                  context.getTargetDirectory(),
                  Transaction.transformLogicalData(
                      engine, state, Utils.singletonCloseableIterator(batch), Map.of()),
                  context.getStatisticsColumns());
      CloseableIterator<Row> actions =
          Transaction.generateAppendActions(engine, state, files, context);
      return txn.commit(engine, CloseableIterable.inMemoryIterable(actions)).getVersion();
    }
  }

  /** Every id of the latest snapshot, sorted. */
  private static List<Long> read(Engine engine, String path) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (String row :
        dev.parrow.delta.KernelScan.rows(
            engine,
            path,
            null,
            (v, r) ->
                v.isNullAt(r)
                    ? "null"
                    : v.getDataType() instanceof LongType
                        ? Long.toString(v.getLong(r))
                        : v.getString(r))) {
      ids.add(Long.parseLong(row.substring(0, row.indexOf('|'))));
    }
    ids.sort(null);
    return ids;
  }
}
