package dev.parrow.storage;

import java.io.IOException;
import java.util.List;

/**
 * Azure Blob Storage: {@code az://CONTAINER/PATH} or {@code
 * abfss://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH} (see {@link AzureFiles}), with {@link
 * RemoteOptions#azure} (or the environment's settings). A location ending in {@code /} is a prefix.
 */
final class AzureStore implements Store {
  private final RemoteOptions options;

  AzureStore(RemoteOptions options) {
    this.options = options;
  }

  @Override
  public InputFile open(String location) throws IOException {
    return AzureFiles.open(location, options);
  }

  @Override
  public StagedOutputFile create(String location) {
    return AzureFiles.create(location, options);
  }

  @Override
  public StagedOutputFile createIfAbsent(String location) {
    return AzureFiles.create(location, options, true);
  }

  @Override
  public void publish(PendingFile file) throws IOException {
    AzureFiles.publish(file, options);
  }

  @Override
  public void discard(PendingFile file) throws IOException {
    // Azure cannot discard blocks: see AzureFiles.Upload.
  }

  @Override
  public void delete(String location) throws IOException {
    AzureFiles.delete(location, options);
  }

  @Override
  public List<String> list(String prefix) throws IOException {
    return AzureFiles.list(prefix, options);
  }

  @Override
  public boolean isDirectory(String location) {
    return location.endsWith("/");
  }
}
