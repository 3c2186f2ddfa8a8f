package dev.parrow.it;

import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** Files with their footer swapped, for tests that change metadata and leave the pages alone. */
public final class Footers {
  private Footers() {}

  /** Where the Thrift footer of {@code file} starts (its length is in the last 8 bytes). */
  static int start(byte[] file) {
    int length = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 8);
    return file.length - 8 - length;
  }

  /** The footer of {@code file}. */
  public static FileMetaData read(byte[] file) {
    int start = start(file);
    return ThriftCodec.readFileMetaData(ByteBuffer.wrap(file, start, file.length - 8 - start));
  }

  /** {@code file} with {@code meta} as its footer, every byte before the footer kept. */
  public static byte[] replace(byte[] file, FileMetaData meta) {
    int start = start(file);
    byte[] footer = FooterWriter.encode(meta);
    byte[] out = Arrays.copyOf(file, start + footer.length);
    System.arraycopy(footer, 0, out, start, footer.length);
    return out;
  }
}
