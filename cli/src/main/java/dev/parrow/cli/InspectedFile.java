package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import java.io.IOException;
import picocli.CommandLine.Parameters;

/** The one Parquet file an inspection verb looks into (a path or a URI). */
final class InspectedFile {
  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "A Parquet file: a path, an http(s)://, s3:// or az:// URI.")
  String file;

  @picocli.CommandLine.Mixin KeySettings keys;

  ParquetFile open() throws IOException {
    return Inputs.parquet(file, keys.decryption());
  }
}
