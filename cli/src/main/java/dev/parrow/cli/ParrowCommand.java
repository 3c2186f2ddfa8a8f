package dev.parrow.cli;

import dev.parrow.codec.ParquetFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code parrow} command: inspect Parquet files and move them to and from Arrow. */
@Command(
    name = "parrow",
    mixinStandardHelpOptions = true,
    versionProvider = ParrowCommand.Version.class,
    description = "Parquet <-> Apache Arrow, fast, with no Hadoop.",
    subcommands = {
      SchemaCommand.class,
      MetaCommand.class,
      PagesCommand.class,
      ColumnIndexCommand.class,
      BloomFilterCommand.class,
      DictionaryCommand.class,
      HeadCommand.class,
      CatCommand.class,
      ToArrowCommand.class,
      TypesCommand.class,
      FromArrowCommand.class,
      AppendCommand.class,
      ConvertCommand.class
    })
public final class ParrowCommand {

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error, not only its message.")
  boolean verbose;

  public static void main(String[] args) {
    // Arrow's memory module logs through SLF4J; with no logger bound, SLF4J warns on stderr. The
    // CLI
    // reports its own errors, so silence that notice rather than ship a logging backend.
    System.setProperty("slf4j.internal.verbosity", "ERROR");
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs one command line; the exit code is 0 on success and 1 on any error. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    ParrowCommand top = new ParrowCommand();
    CommandLine cli = new CommandLine(top);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(e -> 1);
    cli.setParameterExceptionHandler(
        (e, args1) -> {
          err.println("parrow: " + e.getMessage());
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
          err.println("parrow: " + describe(e));
          if (top.verbose) {
            e.printStackTrace(err);
          }
          err.flush();
          return 1;
        });
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /** A message a user can act on, without a stack trace. */
  static String describe(Throwable e) {
    if (e instanceof UncheckedIOException u) {
      return describe(u.getCause());
    }
    if (e instanceof NoSuchFileException n) {
      return "no such file: " + n.getFile();
    }
    if (e instanceof AccessDeniedException a) {
      return "permission denied: " + a.getFile();
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
      String v = ParrowCommand.class.getPackage().getImplementationVersion();
      return new String[] {"parrow " + (v == null ? "(development build)" : v)};
    }
  }
}
