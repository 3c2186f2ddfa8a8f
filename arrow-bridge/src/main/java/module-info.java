/**
 * Parquet files read into Arrow vectors and written from them. The internal packages are not
 * exported: {@code internal.read} (the reader tree), {@code internal.fill} (one filler per vector
 * kind, chosen in {@code Fillers}), {@code internal.write} (the writer tree), {@code
 * internal.buffers} (bulk buffer and validity helpers), {@code internal.files} (appending), {@code
 * internal.threads} (a batch's columns split among the caller and helpers), {@code internal.filter}
 * and {@code internal.dataset}.
 */
module dev.parrow.arrow {
  requires transitive dev.parrow.types;
  requires transitive org.apache.arrow.vector;
  requires transitive org.apache.arrow.memory.core;
  // The key tools' key material is JSON: jackson-core, which Arrow brings.
  requires com.fasterxml.jackson.core;

  exports dev.parrow.arrow;
  exports dev.parrow.arrow.filter;
  exports dev.parrow.arrow.crypto;
}
