package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/** UUID (16 bytes) as its canonical 36-character string, when the caller asks for strings. */
final class UuidStringFiller implements VectorFiller {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) vector;
    FixedWidthValues src = (FixedWidthValues) values;
    Buffers.allocate(v, (long) src.size() * 36, rows);
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    ArrowBuf data = v.getDataBuffer();
    ArrowBuf offsets = v.getOffsetBuffer();
    byte[] text = new byte[36];
    int end = 0;
    offsets.setInt(0, 0);
    for (int i = 0, j = 0; i < rows; i++) {
      if (validity == null || Bits.get(validity, i)) {
        int t = 0;
        for (int k = 0; k < 16; k++) {
          if (k == 4 || k == 6 || k == 8 || k == 10) {
            text[t++] = '-';
          }
          int b = src.bytes()[j * 16 + k] & 0xff;
          text[t++] = HEX[b >>> 4];
          text[t++] = HEX[b & 0xf];
        }
        j++;
        data.setBytes(end, text, 0, 36);
        end += 36;
      }
      offsets.setInt((long) (i + 1) * 4, end);
    }
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
