package dev.parrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.it.Footers;
import dev.parrow.types.ArrowSchemaBlob;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * The ARROW:schema hint, applied to real files: the first byte picks one of the seed files (flat
 * and nested, with dictionary columns) and its read mode; the rest replaces the file's hint as the
 * bytes of an IPC schema message. The read must use the hint, ignore it with a warning, or fail
 * with a ParquetFormatException: never build vectors the file's columns do not fit. Seeds: each
 * file's own hint.
 */
class HintFuzzTest {
  /** The files whose hints are replaced; FuzzSeeds writes them. */
  static final List<String> FILES =
      List.of("flat_dictionary.parquet", "flat_encodings.parquet", "nested_v1.parquet");

  private static final List<byte[]> BASES = FILES.stream().map(HintFuzzTest::resource).toList();

  @FuzzTest
  void hint(byte[] input) throws Exception {
    if (input.length == 0) {
      return;
    }
    int pick = input[0] & 0xff;
    byte[] file =
        withHint(
            BASES.get(pick % BASES.size()),
            Base64.getEncoder().encodeToString(Arrays.copyOfRange(input, 1, input.length)));
    DictionaryMode mode = DictionaryMode.values()[(pick / 8) % DictionaryMode.values().length];
    FuzzChecks.readAll(file, ReadOptions.builder().types(t -> t.dictionaryMode(mode)).build());
  }

  /** {@code file} with its ARROW:schema value replaced by {@code hint}. */
  static byte[] withHint(byte[] file, String hint) {
    return Footers.replace(file, Footers.read(file).withKeyValue(ArrowSchemaBlob.KEY, hint));
  }

  static byte[] resource(String name) {
    try (InputStream in = HintFuzzTest.class.getResourceAsStream("files/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no seed file " + name + ": run FuzzSeeds");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
