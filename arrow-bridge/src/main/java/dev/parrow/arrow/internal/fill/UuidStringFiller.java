package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/** UUID (16 bytes) as its canonical 36-character string, when the caller asks for strings. */
final class UuidStringFiller implements VectorFiller {
  private byte[] text = new byte[0];
  private int[] ends = new int[1];
  private int[] spread = new int[0];

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) vector;
    FixedWidthValues src = (FixedWidthValues) values;
    Buffers.allocate(v, (long) present * 36, rows);
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    text = Spread.ensure(text, present * 36);
    ends = Spread.ensure(ends, present + 1);
    for (int j = 0; j < present; j++) {
      int t = j * 36;
      for (int k = 0; k < 16; k++) {
        if (k == 4 || k == 6 || k == 8 || k == 10) {
          text[t++] = '-';
        }
        int b = src.bytes()[j * 16 + k] & 0xff;
        text[t++] = HEX[b >>> 4];
        text[t++] = HEX[b & 0xf];
      }
      ends[j + 1] = (j + 1) * 36;
    }
    v.getDataBuffer().setBytes(0, text, 0, (long) present * 36);
    spread = Spread.ensure(spread, rows + 1);
    Spread.offsets(ends, validity, rows, spread);
    Buffers.putInts(v.getOffsetBuffer(), spread, rows + 1);
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
