package dev.parrow.arrow.internal.read;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.types.LevelInfo;

/**
 * Pure functions that turn definition and repetition levels into Arrow validity bitmaps and list
 * offsets, following Arrow C++'s rules. Each level entry either makes a slot in the node being
 * built, or belongs to a slot made earlier (a continuation of a deeper list), or has no slot here
 * at all (an enclosing list is null or empty). Output arrays are filled from index 0; levels
 * inconsistent with the schema are errors.
 */
public final class LevelConversion {
  private LevelConversion() {}

  /** What a conversion produced: slots made and how many of them are null. */
  public record Slots(int count, int nulls) {}

  /**
   * Slots of a node that is not a list (a struct or a leaf): one per entry whose definition level
   * reaches the nearest repeated ancestor, present when it reaches {@code info.defLevel()}. An
   * entry whose repetition level is above the node's continues a list below the node and makes no
   * slot; {@code reps} may be null when the levels come from a leaf with no list below the node (no
   * entry can be one).
   *
   * @param validity bits set for present slots (its bits must start at zero)
   */
  public static Slots defLevelsToValidity(
      int[] defs, int[] reps, int n, LevelInfo info, byte[] validity) {
    int slots = 0;
    int nulls = 0;
    int repLevel = info.repLevel();
    for (int i = 0; i < n; i++) {
      int def = defs[i];
      if (def < info.repeatedAncestorDefLevel() || reps != null && reps[i] > repLevel) {
        continue;
      }
      if (def >= info.defLevel()) {
        Bits.set(validity, slots);
      } else {
        nulls++;
      }
      slots++;
    }
    return new Slots(slots, nulls);
  }

  /**
   * Slots of a list node and their offsets: an entry whose repetition level is below the list's
   * starts a new list slot (if its definition level reaches the repeated ancestor), one equal to it
   * adds an element to the current list, one above it continues a deeper list and is skipped.
   *
   * @param listNullable whether a null list is possible (an OPTIONAL list): its slot is present
   *     when the definition level reaches {@code info.defLevel() - 1} (defined, maybe empty)
   * @param offsets receives count + 1 offsets, starting at 0
   * @param validity bits set for present (non-null) lists (its bits must start at zero)
   */
  public static Slots defRepLevelsToList(
      int[] defs,
      int[] reps,
      int n,
      LevelInfo info,
      boolean listNullable,
      int[] offsets,
      byte[] validity) {
    return defRepLevelsToList(defs, reps, n, info, listNullable, offsets, validity, null);
  }

  /**
   * As above, and sets in {@code defined} (when not null; its bits must start at zero) the slots
   * where the list itself is defined: neither null nor under a null ancestor. A required list under
   * a null struct is present but not defined, and has no elements.
   */
  public static Slots defRepLevelsToList(
      int[] defs,
      int[] reps,
      int n,
      LevelInfo info,
      boolean listNullable,
      int[] offsets,
      byte[] validity,
      byte[] defined) {
    int slots = 0;
    int nulls = 0;
    long elements = 0;
    offsets[0] = 0;
    // The definition level of the entry that started the current list (or the place where an
    // enclosing list is null or empty and no slot is made), -1 before the first.
    int startDef = -1;
    for (int i = 0; i < n; i++) {
      int rep = reps[i];
      int def = defs[i];
      if (rep > info.repLevel()) {
        continue;
      }
      if (rep == info.repLevel()) {
        // Another element of the list in the current slot.
        if (startDef < 0) {
          throw new ParquetFormatException(
              "repetition level " + rep + " continues a list that was never started");
        }
        if (startDef < info.defLevel()) {
          // A list that is null, empty or under a null ancestor has no elements, but DuckDB
          // writes a null fixed-size ARRAY as its size's entries, all as undefined as the first:
          // they hold no value and make nothing here (DuckDB reads them so; pyarrow fails).
          if (def <= startDef) {
            continue;
          }
          throw new ParquetFormatException(
              "definition level "
                  + def
                  + " for an element of a list that is null, empty or under a null ancestor"
                  + " (definition level "
                  + startDef
                  + ")");
        }
        if (def < info.defLevel()) {
          throw new ParquetFormatException(
              "definition level "
                  + def
                  + " below "
                  + info.defLevel()
                  + " for a list element that follows another");
        }
        elements++;
        if (elements > Integer.MAX_VALUE) {
          throw new ParquetFormatException("a batch of more than 2^31 list elements");
        }
        offsets[slots] = (int) elements;
        continue;
      }
      // A new slot for this list, unless an enclosing list is null or empty here.
      startDef = def;
      if (def < info.repeatedAncestorDefLevel()) {
        continue;
      }
      boolean present = listNullable ? def >= info.defLevel() - 1 : true;
      if (present) {
        Bits.set(validity, slots);
      } else {
        nulls++;
      }
      if (defined != null && def >= info.defLevel() - 1) {
        Bits.set(defined, slots);
      }
      if (def >= info.defLevel()) {
        elements++;
      }
      slots++;
      offsets[slots] = (int) elements;
    }
    return new Slots(slots, nulls);
  }
}
