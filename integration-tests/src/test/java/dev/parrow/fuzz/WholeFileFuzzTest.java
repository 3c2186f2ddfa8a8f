package dev.parrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadOptions.DictionaryMode;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Whole files read through the public API, every column, under one of several option sets. The
 * first byte picks the options; the rest is the file. Seeds: small files Parrow writes in every
 * encoding, page version and codec, flat and nested ({@code FuzzSeeds}).
 */
class WholeFileFuzzTest {
  private static final List<Function<ParquetFile, ReadOptions>> OPTIONS =
      List.of(
          file -> ReadOptions.defaults(),
          file -> ReadOptions.builder().verifyCrc(false).build(),
          file -> ReadOptions.builder().batchSize(7).maxLevelsPerBatch(64).build(),
          file -> ReadOptions.builder().dictionaryMode(DictionaryMode.PER_ROW_GROUP).build(),
          file -> ReadOptions.builder().dictionaryMode(DictionaryMode.UNIFY).batchSize(50).build(),
          WholeFileFuzzTest::lastColumnOnly,
          file -> ReadOptions.builder().parallelism(2).batchSize(100).build(),
          file ->
              ReadOptions.builder()
                  .useArrowSchemaHint(false)
                  .decimalsAsDouble(true)
                  .uuidAsString(true)
                  .build());

  @FuzzTest
  void wholeFile(byte[] input) throws Exception {
    if (input.length == 0) {
      return;
    }
    FuzzChecks.readAll(
        Arrays.copyOfRange(input, 1, input.length),
        OPTIONS.get((input[0] & 0xff) % OPTIONS.size()));
  }

  /** A projection: the last leaf column alone. */
  private static ReadOptions lastColumnOnly(ParquetFile file) {
    int leaves = file.parquetSchema().columnCount();
    return leaves == 0
        ? ReadOptions.defaults()
        : ReadOptions.builder().columnIndices(leaves - 1).build();
  }
}
