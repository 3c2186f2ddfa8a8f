package dev.parrow.types;

import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;

/**
 * Registers the canonical Arrow extension types Parrow reads values as ({@code arrow.uuid}) with
 * Arrow Java's process-wide registry, once. Arrow Java 19 defines {@link UuidType} but registers
 * nothing itself; without the registration an {@code ARROW:schema} blob, an IPC stream or a C Data
 * import naming {@code arrow.uuid} gives plain FixedSizeBinary(16), and what Parrow reads as a
 * {@code UuidVector} would not come back as one from a round trip.
 */
public final class CanonicalExtensions {
  static {
    ExtensionTypeRegistry.register(UuidType.INSTANCE);
  }

  private CanonicalExtensions() {}

  /** Makes sure the types are registered (the first call registers them). */
  public static void ensureRegistered() {
    // The static initialiser does the work, once per class loader.
  }
}
