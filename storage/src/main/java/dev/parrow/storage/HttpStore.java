package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.util.List;

/** Files on HTTP(S) servers, read with range requests; a server has no listing to read. */
final class HttpStore implements Store {
  private final RemoteOptions options;

  HttpStore(RemoteOptions options) {
    this.options = options;
  }

  @Override
  public InputFile open(String location) throws IOException {
    return HttpInputFile.open(URI.create(location), options);
  }

  @Override
  public StagedOutputFile create(String location) {
    throw new UnsupportedOperationException(location + ": HTTP(S) locations cannot be written");
  }

  @Override
  public void delete(String location) {
    throw new UnsupportedOperationException(location + ": HTTP(S) locations cannot be written");
  }

  @Override
  public List<String> list(String prefix) {
    throw new UnsupportedOperationException(
        prefix + ": an HTTP(S) server has no listing; name each file");
  }

  @Override
  public boolean isDirectory(String location) {
    return false;
  }
}
