package dev.parrow.cli;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.io.InputFile;
import java.io.IOException;
import java.nio.file.Path;

/** A file opened for inspection, with its checked footer. */
final class OpenFile implements AutoCloseable {
  final InputFile input;
  final Footer footer;

  private OpenFile(InputFile input, Footer footer) {
    this.input = input;
    this.footer = footer;
  }

  static OpenFile open(Path path) throws IOException {
    InputFile input = InputFile.of(path);
    try {
      return new OpenFile(input, FooterReader.read(input));
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    input.close();
  }
}
