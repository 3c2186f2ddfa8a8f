package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Local files: paths and {@code file:} URIs. Written files are {@link AtomicFile}s. */
final class LocalStore implements Store {
  static final LocalStore INSTANCE = new LocalStore();

  private LocalStore() {}

  static Path path(String location) {
    return isFileUri(location) ? Path.of(URI.create(location)) : Path.of(location);
  }

  private static boolean isFileUri(String location) {
    return location.regionMatches(true, 0, "file:", 0, 5);
  }

  @Override
  public String canonical(String location) {
    return isFileUri(location) ? path(location).toString() : location;
  }

  @Override
  public InputFile open(String location) throws IOException {
    return InputFile.of(path(location));
  }

  @Override
  public StagedOutputFile create(String location) {
    return new AtomicFile(path(location));
  }

  @Override
  public StagedOutputFile createIfAbsent(String location) {
    return new AtomicFile(path(location), true);
  }

  @Override
  public void makeParents(String location) throws IOException {
    Path parent = path(location).toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
  }

  @Override
  public void delete(String location) throws IOException {
    Files.deleteIfExists(path(location));
  }

  @Override
  public List<String> list(String prefix) throws IOException {
    Path root = prefix.isEmpty() ? Path.of(".") : path(prefix);
    if (!Files.isDirectory(root)) {
      throw new NoSuchFileException(prefix, null, "no directory to search");
    }
    String base = prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/";
    List<String> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all.sorted()::iterator) {
        if (Files.isRegularFile(p)) {
          out.add(base + root.relativize(p).toString().replace('\\', '/'));
        }
      }
    }
    return out;
  }

  @Override
  public boolean isDirectory(String location) throws IOException {
    Path p = path(location);
    if (!Files.exists(p)) {
      throw new NoSuchFileException(location);
    }
    return Files.isDirectory(p);
  }
}
