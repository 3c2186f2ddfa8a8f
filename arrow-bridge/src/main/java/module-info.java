/**
 * Parquet files read into Arrow vectors and written from them. {@code dev.parrow.arrow.internal}
 * (the fillers and the writer tree) is not exported.
 */
module dev.parrow.arrow {
  requires transitive dev.parrow.types;
  requires transitive org.apache.arrow.vector;
  requires transitive org.apache.arrow.memory.core;

  exports dev.parrow.arrow;
  exports dev.parrow.arrow.filter;
}
