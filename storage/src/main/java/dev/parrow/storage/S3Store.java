package dev.parrow.storage;

import java.io.IOException;
import java.util.List;

/**
 * S3 and S3-compatible object stores: {@code s3://BUCKET/KEY}, requests signed with {@link
 * RemoteOptions#s3} (or the environment's settings), written whole or not at all. A location ending
 * in {@code /} is a prefix.
 */
final class S3Store implements Store {
  private final RemoteOptions options;

  S3Store(RemoteOptions options) {
    this.options = options;
  }

  @Override
  public InputFile open(String location) throws IOException {
    return S3Files.open(location, options);
  }

  @Override
  public StagedOutputFile create(String location) {
    return S3Files.create(location, options);
  }

  @Override
  public StagedOutputFile createIfAbsent(String location) {
    return S3Files.create(location, options, true);
  }

  @Override
  public void publish(PendingFile file) throws IOException {
    S3Files.publish(file, options);
  }

  @Override
  public void discard(PendingFile file) throws IOException {
    S3Files.discard(file, options);
  }

  @Override
  public void delete(String location) throws IOException {
    S3Files.delete(location, options);
  }

  @Override
  public List<String> list(String prefix) throws IOException {
    return S3Files.list(prefix, options);
  }

  @Override
  public boolean isDirectory(String location) {
    return location.endsWith("/");
  }
}
