package dev.parrow.arrow.internal.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

class ValueExtractorTest {
  private static final ColumnDescriptor TEXT =
      new ColumnDescriptor(
          0,
          List.of("s"),
          new SchemaElement(
              PhysicalType.BYTE_ARRAY,
              null,
              Repetition.OPTIONAL,
              "s",
              null,
              ConvertedType.UTF8,
              null,
              null,
              null,
              new LogicalType.StringType(),
              null),
          1,
          0);

  /**
   * Strings whose null slots hold no bytes (one copy of the range) or some (value by value): the
   * same values.
   */
  @Test
  void stringsWithAndWithoutBytesUnderNulls() {
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector v = new VarCharVector("s", allocator)) {
      String[] rows = {"", "ab", null, "héllo", null, "z"};
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] != null) {
          v.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
        }
      }
      v.setValueCount(rows.length);
      ValueExtractor extractor = new ValueExtractor(TEXT);
      extractor.extract(v, rows.length);
      assertEquals(List.of("", "ab", "héllo", "z"), strings((BinaryValues) extractor.values()));
      assertArrayEquals(
          new int[] {1, 1, 0, 1, 0, 1}, java.util.Arrays.copyOf(extractor.defs(), rows.length));
    }
  }

  @Test
  void bytesUnderANullSlotDoNotReachTheValues() {
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector v = new VarCharVector("s", allocator)) {
      String[] rows = {"", "ab", "junk", "héllo", null, "z"};
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] != null) {
          v.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
        }
      }
      v.setValueCount(rows.length);
      // Slot 2 keeps its bytes but is null, as Arrow allows.
      v.setNull(2);
      ValueExtractor extractor = new ValueExtractor(TEXT);
      extractor.extract(v, rows.length);
      assertEquals(List.of("", "ab", "héllo", "z"), strings((BinaryValues) extractor.values()));
      try (VarCharVector tail = new VarCharVector("s", allocator)) {
        // A slice split off, as the writer makes for row groups.
        v.splitAndTransferTo(3, 3, tail);
        extractor.extract(tail, 3);
        assertEquals(List.of("héllo", "z"), strings((BinaryValues) extractor.values()));
      }
    }
  }

  /**
   * Strings without nulls (their ends copied at once) whose offsets start past 0, as Arrow allows:
   * the values from where they start, twice over (the extractor's values cleared between).
   */
  @Test
  void stringsWithoutNullsFromAnyFirstOffset() {
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector v = new VarCharVector("s", allocator)) {
      String[] rows = {"skipped", "ab", "", "héllo", "z"};
      for (int i = 0; i < rows.length; i++) {
        v.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
      }
      v.setValueCount(rows.length);
      // The vector as four values: the offsets of slots 1 to 4 moved down one place.
      for (int i = 0; i < rows.length; i++) {
        v.getOffsetBuffer().setInt(4L * i, v.getOffsetBuffer().getInt(4L * (i + 1)));
      }
      v.setValueCount(rows.length - 1);
      ValueExtractor extractor = new ValueExtractor(TEXT);
      for (int round = 0; round < 2; round++) {
        extractor.extract(v, rows.length - 1);
        assertEquals(List.of("ab", "", "héllo", "z"), strings((BinaryValues) extractor.values()));
        assertEquals(0, ((BinaryValues) extractor.values()).offsets()[0]);
      }
    }
  }

  private static List<String> strings(BinaryValues values) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      int start = values.offsets()[i];
      out.add(
          new String(
              values.bytes(), start, values.offsets()[i + 1] - start, StandardCharsets.UTF_8));
    }
    return out;
  }
}
