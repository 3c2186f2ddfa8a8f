/**
 * The Parquet format, hand-written: metadata records, the footer, pages, encodings and compression.
 * The Thrift compact protocol ({@code dev.parrow.codec.thrift}) is internal and not exported.
 */
module dev.parrow.codec {
  requires transitive org.apache.arrow.memory.core;
  requires org.apache.thrift;
  requires com.github.luben.zstd_jni;
  requires com.aayushatharva.brotli4j;
  requires org.lz4.java;
  // snappy-java and org.brotli:dec name no module: these are the names Java derives from their
  // jars.
  requires snappy.java;
  requires dec;

  exports dev.parrow.codec;
  exports dev.parrow.codec.bloom;
  exports dev.parrow.codec.column;
  exports dev.parrow.codec.compression;
  exports dev.parrow.codec.encoding;
  exports dev.parrow.codec.footer;
  exports dev.parrow.codec.io;
  exports dev.parrow.codec.metadata;
  exports dev.parrow.codec.page;
  exports dev.parrow.codec.schema;
  exports dev.parrow.codec.values;
  exports dev.parrow.codec.write;
}
