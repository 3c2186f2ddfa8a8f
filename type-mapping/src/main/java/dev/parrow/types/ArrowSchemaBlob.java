package dev.parrow.types;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code ARROW:schema} key-value entry: base64 of an Arrow IPC Schema message, as Arrow C++,
 * arrow-rs and nanoparquet store their writer's schema. Both message framings are read: with the
 * {@code 0xFFFFFFFF} continuation marker before the length (Arrow 0.15 and later) and without it
 * (older writers).
 */
public final class ArrowSchemaBlob {
  /** The footer key that holds the blob. */
  public static final String KEY = "ARROW:schema";

  private ArrowSchemaBlob() {}

  /**
   * The schema in the blob, or empty (with a warning added) when it is not base64 of an IPC Schema
   * message. Never throws for bad input: a hint is only a hint.
   *
   * @param blob the key's value, or null
   * @param warnings where a bad blob is reported
   * @return the schema, or empty
   */
  public static Optional<Schema> decode(String blob, List<String> warnings) {
    if (blob == null) {
      return Optional.empty();
    }
    byte[] bytes;
    try {
      // Some writers pad or wrap the text; the MIME decoder skips what is not base64.
      bytes = Base64.getMimeDecoder().decode(blob.strip());
    } catch (IllegalArgumentException e) {
      warnings.add(KEY + " is not base64 (" + e.getMessage() + "); the hint is ignored");
      return Optional.empty();
    }
    // Arrow Java allocates the length the message claims: check it against the blob first.
    java.nio.ByteBuffer framing =
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int header = bytes.length >= 4 && framing.getInt(0) == -1 ? 8 : 4;
    if (bytes.length < header
        || framing.getInt(header - 4) <= 0
        || framing.getInt(header - 4) > bytes.length - header) {
      warnings.add(KEY + " is cut short or its message length is wrong; the hint is ignored");
      return Optional.empty();
    }
    // A writer's arrow.uuid comes back as UuidType, as Parrow reads UUIDs.
    CanonicalExtensions.ensureRegistered();
    try {
      Schema schema =
          MessageSerializer.deserializeSchema(
              new ReadChannel(Channels.newChannel(new ByteArrayInputStream(bytes))));
      if (schema == null) {
        warnings.add(KEY + " holds no schema message; the hint is ignored");
        return Optional.empty();
      }
      return Optional.of(schema);
    } catch (IOException | RuntimeException | StackOverflowError e) {
      warnings.add(
          KEY
              + " does not decode as an Arrow IPC schema ("
              + e.getMessage()
              + "); the hint is ignored");
      return Optional.empty();
    }
  }

  /**
   * Base64 of the schema as an IPC Schema message with the continuation marker, padded to 8 bytes.
   *
   * @param schema the Arrow schema
   * @return the blob
   */
  public static String encode(Schema schema) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (WriteChannel channel = new WriteChannel(Channels.newChannel(out))) {
      MessageSerializer.serialize(channel, schema, IpcOption.DEFAULT);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }
}
