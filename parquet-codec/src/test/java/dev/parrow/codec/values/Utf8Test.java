package dev.parrow.codec.values;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** UTF-8 validation against the JDK's strict decoder, and per value, not per batch. */
class Utf8Test {
  @Test
  void agreesWithTheJdkDecoderOnRandomBytes() {
    Random random = new Random(7);
    var decoder = StandardCharsets.UTF_8.newDecoder();
    for (int trial = 0; trial < 200_000; trial++) {
      byte[] bytes = new byte[random.nextInt(6)];
      for (int i = 0; i < bytes.length; i++) {
        // Mostly the lead and continuation bytes where the rules are.
        bytes[i] = (byte) (random.nextBoolean() ? 0x80 + random.nextInt(0x80) : random.nextInt());
      }
      boolean jdk;
      try {
        decoder.reset().decode(java.nio.ByteBuffer.wrap(bytes));
        jdk = true;
      } catch (java.nio.charset.CharacterCodingException e) {
        jdk = false;
      }
      assertEquals(
          jdk, Utf8.isValid(bytes, 0, bytes.length), java.util.HexFormat.of().formatHex(bytes));
    }
  }

  @Test
  void aCharacterSplitAcrossTwoValuesIsInvalid() {
    byte[] bytes = "aé€😀".getBytes(StandardCharsets.UTF_8);
    assertEquals(-1, Utf8.firstInvalid(bytes, new int[] {0, 1, 3, 6, 10}, 4));
    // "é" is bytes 1..3; cutting it between values 1 and 2 makes value 1 invalid.
    assertEquals(1, Utf8.firstInvalid(bytes, new int[] {0, 1, 2, 6, 10}, 4));
    byte[] ascii =
        "plain ascii text, long enough for the wide path".getBytes(StandardCharsets.UTF_8);
    assertEquals(-1, Utf8.firstInvalid(ascii, new int[] {0, 10, ascii.length}, 2));
  }
}
