package dev.parrow.arrow.filter;

/** A filter expression that is not valid SQL for {@link Filter#parse}, with where it goes wrong. */
public final class FilterSyntaxException extends IllegalArgumentException {
  private final String expression;
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

  public String expression() {
    return expression;
  }

  /** The character index (from 0) where the error is. */
  public int position() {
    return position;
  }
}
