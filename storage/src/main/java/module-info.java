/**
 * Where Parrow's bytes are read from and written to: {@code InputFile} and {@code OutputFile} side
 * by side, and the stores (local files, {@code http(s)}, {@code s3}) chosen by URI scheme in {@code
 * Stores}. It knows nothing of Parquet or Arrow.
 */
module dev.parrow.storage {
  requires java.net.http;

  exports dev.parrow.storage;
  // Parrow's threads, shared with Parrow's own modules only.
  exports dev.parrow.storage.threads to
      dev.parrow.codec,
      dev.parrow.arrow,
      dev.parrow.cli;
}
