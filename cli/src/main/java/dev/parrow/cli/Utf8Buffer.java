package dev.parrow.cli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * A growable run of UTF-8 bytes that the row printers build lines in. Strings from Arrow are copied
 * as the bytes they are, and numbers written as ASCII digits, so printing millions of values
 * neither decodes nor allocates per value.
 */
final class Utf8Buffer {
  private byte[] bytes;
  private int length;

  Utf8Buffer(int capacity) {
    bytes = new byte[capacity];
  }

  int length() {
    return length;
  }

  /** The array behind the buffer; valid up to {@link #length()} until the next append. */
  byte[] array() {
    return bytes;
  }

  byte byteAt(int i) {
    return bytes[i];
  }

  void setLength(int n) {
    length = n;
  }

  void clear() {
    length = 0;
  }

  private void ensure(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length * 2));
    }
  }

  /** An ASCII character. */
  Utf8Buffer ascii(char c) {
    ensure(1);
    bytes[length++] = (byte) c;
    return this;
  }

  /** {@code n} spaces. */
  Utf8Buffer spaces(int n) {
    if (n > 0) {
      ensure(n);
      Arrays.fill(bytes, length, length + n, (byte) ' ');
      length += n;
    }
    return this;
  }

  Utf8Buffer append(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        return appendRaw(s.substring(i).getBytes(StandardCharsets.UTF_8));
      }
      bytes[length++] = (byte) c;
    }
    return this;
  }

  Utf8Buffer appendRaw(byte[] b) {
    return appendRaw(b, 0, b.length);
  }

  Utf8Buffer appendRaw(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, length, len);
    length += len;
    return this;
  }

  /** {@code len} bytes of Arrow memory from {@code start}. */
  Utf8Buffer append(ArrowBuf buf, long start, int len) {
    ensure(len);
    buf.getBytes(start, bytes, length, len);
    length += len;
    return this;
  }

  /** Bytes {@code [from, to)} of another buffer. */
  Utf8Buffer append(Utf8Buffer other, int from, int to) {
    return appendRaw(other.bytes, from, to - from);
  }

  /** A number in decimal ASCII digits. */
  Utf8Buffer append(long v) {
    if (v == Long.MIN_VALUE) {
      return append("-9223372036854775808");
    }
    ensure(20);
    if (v < 0) {
      bytes[length++] = '-';
      v = -v;
    }
    int digits = 1;
    for (long t = v; t >= 10; t /= 10) {
      digits++;
    }
    int end = length + digits;
    for (int i = end - 1; i >= length; i--) {
      bytes[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
    length = end;
    return this;
  }

  /** Inserts an ASCII character at {@code at}, moving what follows. */
  void insert(int at, char c) {
    ensure(1);
    System.arraycopy(bytes, at, bytes, at + 1, length - at);
    bytes[at] = (byte) c;
    length++;
  }

  /** The bytes from {@code from} on as text. */
  String toString(int from) {
    return new String(bytes, from, length - from, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return toString(0);
  }
}
