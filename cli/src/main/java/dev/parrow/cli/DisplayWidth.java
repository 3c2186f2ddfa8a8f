package dev.parrow.cli;

/**
 * How many columns a character takes on a terminal, as wcwidth and terminals count them: East Asian
 * wide and fullwidth characters (CJK ideographs, kana, hangul, fullwidth forms) and emoji take two,
 * combining marks, zero-width joiners and variation selectors none, everything else one. Tables
 * align by these widths, so CJK text and emoji keep their columns straight.
 */
final class DisplayWidth {
  private DisplayWidth() {}

  /** Code point ranges, first and last inclusive, that take two columns. */
  private static final int[] WIDE = {
    0x1100, 0x115F, // hangul jamo leading consonants
    0x231A, 0x231B, // watch, hourglass
    0x2329, 0x232A,
    0x23E9, 0x23EC,
    0x23F0, 0x23F0,
    0x23F3, 0x23F3,
    0x25FD, 0x25FE,
    0x2614, 0x2615,
    0x2648, 0x2653,
    0x267F, 0x267F,
    0x2693, 0x2693,
    0x26A1, 0x26A1,
    0x26AA, 0x26AB,
    0x26BD, 0x26BE,
    0x26C4, 0x26C5,
    0x26CE, 0x26CE,
    0x26D4, 0x26D4,
    0x26EA, 0x26EA,
    0x26F2, 0x26F3,
    0x26F5, 0x26F5,
    0x26FA, 0x26FA,
    0x26FD, 0x26FD,
    0x2705, 0x2705,
    0x270A, 0x270B,
    0x2728, 0x2728,
    0x274C, 0x274C,
    0x274E, 0x274E,
    0x2753, 0x2755,
    0x2757, 0x2757,
    0x2795, 0x2797,
    0x27B0, 0x27B0,
    0x27BF, 0x27BF,
    0x2B1B, 0x2B1C,
    0x2B50, 0x2B50,
    0x2B55, 0x2B55,
    0x2E80, 0x303E, // CJK radicals, punctuation
    0x3041, 0x33FF, // kana, bopomofo, CJK compatibility
    0x3400, 0x4DBF, // CJK extension A
    0x4E00, 0x9FFF, // CJK unified ideographs
    0xA000, 0xA4CF, // Yi
    0xA960, 0xA97F,
    0xAC00, 0xD7A3, // hangul syllables
    0xF900, 0xFAFF, // CJK compatibility ideographs
    0xFE10, 0xFE19,
    0xFE30, 0xFE6F,
    0xFF00, 0xFF60, // fullwidth forms
    0xFFE0, 0xFFE6,
    0x16FE0, 0x16FE4,
    0x17000, 0x18CFF, // Tangut
    0x1B000, 0x1B2FF, // kana supplement
    0x1F004, 0x1F004,
    0x1F0CF, 0x1F0CF,
    0x1F18E, 0x1F18E,
    0x1F191, 0x1F19A,
    0x1F200, 0x1F251,
    0x1F300, 0x1F64F, // pictographs, emoticons
    0x1F680, 0x1F6FF, // transport and map symbols
    0x1F7E0, 0x1F7EB,
    0x1F90C, 0x1F9FF, // supplemental symbols and pictographs
    0x1FA70, 0x1FAFF,
    0x20000, 0x3FFFD, // CJK extensions B and later
  };

  /** {@return the columns {@code cp} takes: 0, 1 or 2} */
  static int of(int cp) {
    if (cp < 0x300) {
      return 1;
    }
    if (cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF) {
      return 0;
    }
    if (cp >= 0xFE00 && cp <= 0xFE0F || cp >= 0xE0100 && cp <= 0xE01EF) {
      return 0;
    }
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK) {
      return 0;
    }
    if (cp >= 0x1160 && cp <= 0x11FF) {
      // Hangul medial vowels and final consonants join the syllable before them.
      return 0;
    }
    int low = 0;
    int high = WIDE.length / 2 - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (cp < WIDE[2 * mid]) {
        high = mid - 1;
      } else if (cp > WIDE[2 * mid + 1]) {
        low = mid + 1;
      } else {
        return 2;
      }
    }
    return 1;
  }

  /** {@return the columns {@code s} takes} */
  static int of(String s) {
    int w = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      w += of(cp);
      i += Character.charCount(cp);
    }
    return w;
  }

  /**
   * {@return the columns UTF-8 bytes {@code [from, to)} take} (ASCII bytes one each, without
   * decoding them)
   */
  static int ofUtf8(byte[] b, int from, int to) {
    int w = 0;
    int i = from;
    while (i < to) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        w++;
        i++;
        continue;
      }
      int cp;
      int n;
      if (c >= 0xF0) {
        n = 4;
        cp = c & 0x07;
      } else if (c >= 0xE0) {
        n = 3;
        cp = c & 0x0F;
      } else if (c >= 0xC0) {
        n = 2;
        cp = c & 0x1F;
      } else {
        // A stray continuation byte: one replacement character on screen.
        w++;
        i++;
        continue;
      }
      for (int k = 1; k < n && i + k < to; k++) {
        cp = (cp << 6) | (b[i + k] & 0x3F);
      }
      w += of(cp);
      i += n;
    }
    return w;
  }
}
