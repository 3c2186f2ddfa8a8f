package dev.parrow.codec.footer;

import java.nio.charset.StandardCharsets;

/** The four-byte markers at both ends of a Parquet file. */
public final class ParquetMagic {
  private ParquetMagic() {}

  /** The marker at the start and end of a Parquet file whose footer is not encrypted. */
  public static final byte[] PLAIN = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** The marker of a file whose footer is encrypted. */
  public static final byte[] ENCRYPTED = "PARE".getBytes(StandardCharsets.US_ASCII);

  /** The footer length (4 bytes, little-endian) and the closing magic. */
  public static final int TRAILER_LENGTH = 8;

  /** Leading magic plus trailer: no Parquet file is shorter (its metadata takes more still). */
  public static final int MIN_FILE_LENGTH = 4 + TRAILER_LENGTH;
}
