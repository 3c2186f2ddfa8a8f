package dev.parrow.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The nearest verb or flag to a mistyped one, as git and cargo suggest them. */
final class Suggestions {
  private Suggestions() {}

  /**
   * {@return "Did you mean ...?" for the first unmatched argument that is near a verb (at the top)
   * or a flag (of the verb), or null}
   */
  static String forUnmatched(CommandLine.UnmatchedArgumentException e) {
    CommandLine command = e.getCommandLine();
    for (String arg : e.getUnmatched()) {
      String typed = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      Collection<String> candidates;
      if (typed.startsWith("-")) {
        candidates = new ArrayList<>();
        for (OptionSpec option : command.getCommandSpec().options()) {
          candidates.addAll(List.of(option.names()));
        }
      } else if (command.getParent() == null) {
        candidates = command.getSubcommands().keySet();
      } else {
        continue;
      }
      List<String> near = nearest(typed, candidates);
      if (!near.isEmpty()) {
        String prefix = typed.startsWith("-") ? "" : "parrow ";
        return "Did you mean: "
            + String.join(" or ", near.stream().map(n -> prefix + n).toList())
            + "?";
      }
    }
    return null;
  }

  /**
   * The candidates at the least edit distance from {@code typed}, if it is small for its length.
   */
  static List<String> nearest(String typed, Collection<String> candidates) {
    int best = Math.max(1, Math.min(3, typed.replaceFirst("^-+", "").length() / 3));
    List<String> out = new ArrayList<>();
    for (String c : candidates) {
      int d = distance(typed, c);
      if (d < best) {
        best = d;
        out.clear();
      }
      if (d == best) {
        out.add(c);
      }
    }
    return out;
  }

  /** Damerau-Levenshtein distance (optimal string alignment): a swap of neighbours costs one. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
