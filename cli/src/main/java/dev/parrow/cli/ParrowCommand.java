package dev.parrow.cli;

import dev.parrow.arrow.Versions;
import dev.parrow.codec.ParquetFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code parrow} command: inspect Parquet files and move them to and from Arrow. */
@Command(
    name = "parrow",
    mixinStandardHelpOptions = true,
    versionProvider = ParrowCommand.Version.class,
    description = "Parquet <-> Apache Arrow, fast, with no Hadoop.",
    synopsisSubcommandLabel = "COMMAND")
public final class ParrowCommand {
  /**
   * The verbs, in the order help lists them. Only the one a command line names is built (picocli
   * reads each class's annotations by reflection, a third of a short command's time); help and
   * errors get them all.
   */
  static final Map<String, Class<?>> VERBS = new LinkedHashMap<>();

  static {
    for (Class<?> c :
        List.of(
            SchemaCommand.class,
            MetaCommand.class,
            PagesCommand.class,
            ColumnIndexCommand.class,
            BloomFilterCommand.class,
            DictionaryCommand.class,
            HeadCommand.class,
            TailCommand.class,
            SampleCommand.class,
            CatCommand.class,
            CountCommand.class,
            ToArrowCommand.class,
            TypesCommand.class,
            FromArrowCommand.class,
            AppendCommand.class,
            ConvertCommand.class,
            ImportCommand.class)) {
      VERBS.put(c.getAnnotation(Command.class).name(), c);
    }
  }

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error, not only its message.")
  boolean verbose;

  @Option(
      names = {"-q", "--quiet"},
      scope = ScopeType.INHERIT,
      description = "Print no warnings, progress or summary on stderr; errors only.")
  boolean quiet;

  private ParrowCommand() {}

  /**
   * The {@code parrow} command: runs the command line and exits with its code.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    int relaunched = Relaunch.ifNeeded(args);
    if (relaunched >= 0) {
      System.exit(relaunched);
    }
    // Arrow's memory module logs through SLF4J; with no logger bound, SLF4J warns on stderr. The
    // CLI reports its own errors, so silence that notice rather than ship a logging backend.
    System.setProperty("slf4j.internal.verbosity", "ERROR");
    // Netty (under Arrow's allocator) registers Flight Recorder events when it starts, which
    // costs a short command a quarter of its time; the CLI has no use for them.
    if (System.getProperty("io.netty.jfr.enabled") == null) {
      System.setProperty("io.netty.jfr.enabled", "false");
    }
    PrintWriter err =
        new PrintWriter(
            new java.io.OutputStreamWriter(
                new java.io.FileOutputStream(java.io.FileDescriptor.err),
                java.nio.charset.StandardCharsets.UTF_8),
            true);
    System.exit(run(args, Stdout.text(), err));
  }

  /** The top-level command of the command a subcommand's spec belongs to. */
  static ParrowCommand of(CommandSpec spec) {
    return (ParrowCommand) spec.root().userObject();
  }

  /** Prints each warning once, unless --quiet. */
  void warn(PrintWriter err, java.util.Collection<String> warnings) {
    if (quiet) {
      return;
    }
    for (String warning : new java.util.LinkedHashSet<>(warnings)) {
      err.println("parrow: warning: " + warning);
    }
    err.flush();
  }

  /**
   * Runs one command line; the exit code is 0 on success and 1 on any error.
   *
   * @param args the command line
   * @param out standard output
   * @param err standard error
   * @return the exit code
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    ParrowCommand top = new ParrowCommand();
    CommandLine cli = new CommandLine(top);
    String verb = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst().orElse(null);
    if (verb != null && VERBS.containsKey(verb)) {
      cli.addSubcommand(verb, VERBS.get(verb));
    } else {
      VERBS.forEach(cli::addSubcommand);
    }
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(e -> 1);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler(
        (e, args1) -> {
          err.println("parrow: " + e.getMessage());
          if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
            String suggestion = Suggestions.forUnmatched(unmatched);
            if (suggestion != null) {
              err.println(suggestion);
            }
          }
          err.println(
              "Run 'parrow "
                  + (e.getCommandLine().getCommandName().equals("parrow")
                      ? ""
                      : e.getCommandLine().getCommandName() + " ")
                  + "--help' for usage.");
          return 1;
        });
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (Stdout.isClosedPipe(e)) {
            // The reader of our output has gone (parrow cat F | head): stop quietly, as cat does.
            return 0;
          }
          err.println("parrow: " + describe(e));
          if (top.verbose) {
            e.printStackTrace(err);
          }
          err.flush();
          return 1;
        });
    int code;
    try {
      code = cli.execute(args);
    } catch (Error e) {
      // picocli hands on Errors: a JVM that cannot start Arrow's allocator, or memory run out.
      err.println("parrow: " + describeError(e));
      if (top.verbose) {
        e.printStackTrace(err);
      }
      code = 1;
    }
    try {
      Stdout.check(out);
    } catch (Stdout.Closed closed) {
      // Closed after the last row: nothing lost that anyone reads.
    } catch (java.io.UncheckedIOException e) {
      err.println("parrow: " + describe(e));
      code = 1;
    }
    err.flush();
    return code;
  }

  /** What went wrong in the JVM, and what to do about it. */
  static String describeError(Error e) {
    if (e instanceof OutOfMemoryError) {
      return "out of memory ("
          + e.getMessage()
          + "); give the JVM more with PARROW_JAVA_OPTS=-Xmx8g, or read smaller batches"
          + " (--batch-size)";
    }
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    boolean allocator =
        Arrays.stream(e.getStackTrace())
            .anyMatch(f -> f.getClassName().startsWith("org.apache.arrow.memory"));
    if (!allocator) {
      return "internal error: "
          + e
          + (cause != e ? " (" + cause + ")" : "")
          + "; --verbose prints where";
    }
    String hint =
        Runtime.version().feature() >= 24
            ? "; on Java 24 and later run it with --sun-misc-unsafe-memory-access=allow (the"
                + " parrow launcher does)"
            : "";
    return "Arrow's memory allocator could not start on this JVM (Java "
        + Runtime.version()
        + "): "
        + cause
        + hint;
  }

  /** A message a user can act on, without a stack trace. */
  static String describe(Throwable e) {
    if (e instanceof UncheckedIOException u) {
      return describe(u.getCause());
    }
    if (e instanceof FileSystemException f
        && f.getReason() != null
        && f.getFile() != null
        && f.getReason().contains(f.getFile())) {
      // A reason that names the file already (AtomicFile's "cannot write X: no directory D").
      return f.getReason();
    }
    if (e instanceof NoSuchFileException n) {
      return "no such file: " + n.getFile();
    }
    if (e instanceof AccessDeniedException a) {
      return "permission denied: " + a.getFile();
    }
    if (e instanceof FileSystemException f && f.getFile() != null) {
      // "Is a directory", "No space left on device": the JDK's message names the file.
      return f.getMessage();
    }
    if (e instanceof ParquetFormatException
        || e instanceof IOException
        || e instanceof IllegalArgumentException
        || e instanceof UnsupportedOperationException) {
      return e.getMessage();
    }
    return e.toString();
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        Versions.createdBy(), "Arrow Java " + Versions.arrow() + ", Java " + Runtime.version()
      };
    }
  }
}
