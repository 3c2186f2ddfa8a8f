package dev.parrow.types;

import dev.parrow.codec.metadata.Repetition;

/**
 * The levels that place one node of a nested schema, as Arrow C++ defines them.
 *
 * @param defLevel the definition level at which this node's slot holds a value: for a list, the
 *     level at which it has at least one element
 * @param repLevel the repetition level of this node (of its own repeated field, for a list)
 * @param repeatedAncestorDefLevel the definition level of the nearest enclosing repeated field:
 *     entries below it have no slot here (an ancestor list is null or empty)
 */
public record LevelInfo(int defLevel, int repLevel, int repeatedAncestorDefLevel) {

  /** The root: every row has a slot. */
  public static final LevelInfo ROOT = new LevelInfo(0, 0, 0);

  /**
   * After entering a field of this repetition that is not repeated (a struct, a leaf, an optional
   * list).
   *
   * @param repetition the field's repetition
   * @return the levels inside the field
   */
  public LevelInfo enter(Repetition repetition) {
    return switch (repetition) {
      case OPTIONAL -> new LevelInfo(defLevel + 1, repLevel, repeatedAncestorDefLevel);
      case REQUIRED, VECTOR -> this;
      case REPEATED -> repeated();
    };
  }

  /**
   * After entering a repeated field: one more definition and repetition level, and a new repeated
   * ancestor.
   *
   * @return the levels inside the field
   */
  public LevelInfo repeated() {
    return new LevelInfo(defLevel + 1, repLevel + 1, defLevel + 1);
  }

  /**
   * The level info of a list whose repeated field gave {@code inner}: the list keeps the inner
   * levels (a slot with elements is at the repeated field's level) but the repeated ancestor
   * outside it.
   *
   * @param outer the levels outside the list
   * @param inner the levels of its repeated field
   * @return the list's levels
   */
  public static LevelInfo list(LevelInfo outer, LevelInfo inner) {
    return new LevelInfo(inner.defLevel, inner.repLevel, outer.repeatedAncestorDefLevel);
  }
}
