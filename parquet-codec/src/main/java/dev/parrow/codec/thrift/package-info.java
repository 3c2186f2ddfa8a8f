/**
 * Internal: the Thrift compact protocol encoding of Parquet's metadata structures, one reader and
 * one writer per struct, over libthrift's {@code TCompactProtocol}. No libthrift type appears in a
 * public signature; {@link dev.parrow.codec.thrift.ThriftCodec} is the entry point and speaks only
 * in the records of {@code dev.parrow.codec.metadata}. Not API.
 */
package dev.parrow.codec.thrift;
