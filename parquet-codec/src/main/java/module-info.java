/**
 * The Parquet format, hand-written: metadata records, the footer, pages, encodings and compression.
 * The Thrift compact protocol ({@code dev.parrow.codec.thrift}) is internal and not exported; the
 * decoding machinery is exported to Parrow's own modules only.
 */
module dev.parrow.codec {
  requires transitive org.apache.arrow.memory.core;
  requires transitive dev.parrow.storage;
  requires org.apache.thrift;
  requires com.github.luben.zstd_jni;
  requires com.aayushatharva.brotli4j;
  requires org.lz4.java;
  // snappy-java and org.brotli:dec name no module: these are the names Java derives from their
  // jars.
  requires snappy.java;
  requires dec;

  // The API: the exception, the footer and its records, Bloom filters, the schema tree, the column
  // write options and the keys of encrypted files.
  exports dev.parrow.codec;
  exports dev.parrow.codec.bloom;
  exports dev.parrow.codec.crypto;
  exports dev.parrow.codec.footer;
  exports dev.parrow.codec.metadata;
  exports dev.parrow.codec.schema;
  exports dev.parrow.codec.options;
  // The machinery under the reader and the writer, shared with Parrow's own modules only, so that
  // it can change without breaking users.
  exports dev.parrow.codec.column to
      dev.parrow.arrow,
      dev.parrow.cli;
  exports dev.parrow.codec.compression to
      dev.parrow.arrow,
      dev.parrow.cli;
  exports dev.parrow.codec.encoding to
      dev.parrow.arrow,
      dev.parrow.cli;
  exports dev.parrow.codec.page to
      dev.parrow.arrow,
      dev.parrow.cli;
  exports dev.parrow.codec.values to
      dev.parrow.arrow,
      dev.parrow.cli;
  exports dev.parrow.codec.write to
      dev.parrow.arrow;
}
