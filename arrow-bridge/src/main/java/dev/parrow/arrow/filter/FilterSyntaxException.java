package dev.parrow.arrow.filter;

/** A filter expression that is not valid SQL for {@link Filter#parse}, with where it goes wrong. */
public final class FilterSyntaxException extends IllegalArgumentException {
  /** The text parsed. */
  private final String expression;

  /** Where the error is, from 0. */
  private final int position;

  FilterSyntaxException(String expression, int position, String problem) {
    super(
        problem
            + " at position "
            + (position + 1)
            + "\n  "
            + expression
            + "\n  "
            + " ".repeat(Math.max(0, position))
            + "^");
    this.expression = expression;
    this.position = position;
  }

  /** {@return the text parsed} */
  public String expression() {
    return expression;
  }

  /**
   * The character index (from 0) where the error is.
   *
   * @return the position
   */
  public int position() {
    return position;
  }
}
