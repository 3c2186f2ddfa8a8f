package dev.parrow.types;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The Arrow types whose values Parquet stores in another unit, each as data: the Arrow type it is
 * stored as, and the factor between the two ({@code stored = arrow * multiplier / divisor}, exact).
 * The schema mapping, the writer, the ARROW:schema hint and the reader all consult this one table.
 */
public enum UnitRescale {
  /** time32[s]: Parquet has no seconds; stored as TIME(MILLIS). */
  TIME32_SECONDS(1_000, 1),
  /** timestamp[s]: stored as TIMESTAMP(MILLIS), the zone kept. */
  TIMESTAMP_SECONDS(1_000, 1),
  /** date64 (milliseconds): stored as DATE (days); only whole days fit. */
  DATE64(1, 86_400_000L);

  private final long multiplier;
  private final long divisor;

  UnitRescale(long multiplier, long divisor) {
    this.multiplier = multiplier;
    this.divisor = divisor;
  }

  /**
   * The rule for values of {@code arrow}, or null when Parquet stores them as they are.
   *
   * @param arrow an Arrow type
   * @return the rule, or null
   */
  public static UnitRescale of(ArrowType arrow) {
    if (arrow instanceof ArrowType.Time t && t.getUnit() == TimeUnit.SECOND) {
      return TIME32_SECONDS;
    }
    if (arrow instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.SECOND) {
      return TIMESTAMP_SECONDS;
    }
    if (arrow instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND) {
      return DATE64;
    }
    return null;
  }

  /**
   * The Arrow type {@code arrow} (of this rule) is stored as.
   *
   * @param arrow a type this rule applies to
   * @return the stored type
   */
  public ArrowType storedType(ArrowType arrow) {
    return switch (this) {
      case TIME32_SECONDS -> new ArrowType.Time(TimeUnit.MILLISECOND, 32);
      case TIMESTAMP_SECONDS ->
          new ArrowType.Timestamp(
              TimeUnit.MILLISECOND, ((ArrowType.Timestamp) arrow).getTimezone());
      case DATE64 -> new ArrowType.Date(DateUnit.DAY);
    };
  }

  /**
   * Whether a column that reads as {@code read} without a hint holds this rule's stored values (the
   * zone of a timestamp aside: the file keeps only whether it is UTC).
   *
   * @param read the type without the hint
   * @return true if it is this rule's stored type
   */
  public boolean storedAs(ArrowType read) {
    return switch (this) {
      case TIME32_SECONDS ->
          read instanceof ArrowType.Time t && t.getUnit() == TimeUnit.MILLISECOND;
      case TIMESTAMP_SECONDS ->
          read instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.MILLISECOND;
      case DATE64 -> read instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY;
    };
  }

  /**
   * Stored units per Arrow unit's worth: {@code stored = arrow * multiplier / divisor}.
   *
   * @return the multiplier
   */
  public long multiplier() {
    return multiplier;
  }

  /**
   * Arrow units per stored unit's worth: {@code stored = arrow * multiplier / divisor}.
   *
   * @return the divisor
   */
  public long divisor() {
    return divisor;
  }

  /**
   * The bytes of the Arrow value (4 for time32, 8 for timestamp and date64).
   *
   * @return the width in bytes
   */
  public int arrowWidth() {
    return this == TIME32_SECONDS ? 4 : 8;
  }
}
