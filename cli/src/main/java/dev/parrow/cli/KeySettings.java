package dev.parrow.cli;

import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The keys of encrypted files (Parquet Modular Encryption), for the verbs that read or write them
 * (a writer encrypts its output with them: see {@link WriteSettings#encrypt}). A key is given as
 * {@code hex:...}, {@code base64:...}, {@code env:NAME} or {@code file:PATH} (the variable or file
 * holding the hex or base64 form, so that the key stays out of the shell's history); no key is ever
 * printed, in an error or otherwise.
 */
final class KeySettings {
  @Option(
      names = "--footer-key",
      paramLabel = "KEY",
      description =
          "The footer key of an encrypted file (also the key of the columns encrypted with it):"
              + " hex:..., base64:..., env:NAME or file:PATH. A writer encrypts its output with it:"
              + " every column, or with --column-key the columns given (the others plaintext).")
  String footerKey;

  @Option(
      names = "--column-key",
      paramLabel = "COLUMN=KEY",
      description =
          "The key of an encrypted column (a top-level name or dotted path), as --footer-key"
              + " takes it; repeat for each column.")
  List<String> columnKeys = new ArrayList<>();

  @Option(
      names = "--aad-prefix",
      paramLabel = "TEXT",
      description =
          "The AAD prefix of an encrypted file whose writer did not store it; for a writer, the"
              + " prefix to bind the file to (stored in it).")
  String aadPrefix;

  @Option(
      names = "--no-footer-signature-check",
      description = "Do not check the signature of an encrypted file's plaintext footer.")
  boolean noSignatureCheck;

  /** The keys given, or null when none were: a plaintext file needs none. */
  FileDecryption decryption() throws IOException {
    if (footerKey == null && columnKeys.isEmpty() && aadPrefix == null) {
      return null;
    }
    FileDecryption.Builder b = FileDecryption.builder().checkFooterSignature(!noSignatureCheck);
    if (footerKey != null) {
      b.footerKey(key(footerKey, "--footer-key"));
    }
    for (var c : columnKeys().entrySet()) {
      b.columnKey(c.getKey(), c.getValue());
    }
    if (aadPrefix != null) {
      b.aadPrefix(aadPrefix.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    return b.build();
  }

  /**
   * How a writer encrypts its output with the keys given: null when none were.
   *
   * @param algorithm the algorithm
   * @param plaintextFooter whether the footer stays plaintext (signed)
   * @return the encryption, or null
   * @throws IllegalArgumentException when column keys come without a footer key
   */
  FileEncryption encryption(FileEncryption.Algorithm algorithm, boolean plaintextFooter)
      throws IOException {
    if (footerKey == null) {
      if (!columnKeys.isEmpty()) {
        throw new IllegalArgumentException(
            "an encrypted file needs a footer key: give --footer-key with --column-key");
      }
      return null;
    }
    FileEncryption.Builder b =
        FileEncryption.builder(key(footerKey, "--footer-key"))
            .algorithm(algorithm)
            .plaintextFooter(plaintextFooter);
    for (var c : columnKeys().entrySet()) {
      b.columnKey(c.getKey(), c.getValue(), null);
    }
    if (aadPrefix != null) {
      b.aadPrefix(aadPrefix.getBytes(java.nio.charset.StandardCharsets.UTF_8), true);
    }
    return b.build();
  }

  /** The --column-key options: each column's key, in the order given. */
  private java.util.Map<String, byte[]> columnKeys() throws IOException {
    java.util.Map<String, byte[]> out = new java.util.LinkedHashMap<>();
    for (String c : columnKeys) {
      int eq = c.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--column-key takes COLUMN=KEY");
      }
      String column = c.substring(0, eq);
      out.put(column, key(c.substring(eq + 1), "--column-key for " + column));
    }
    return out;
  }

  /**
   * A key from its form on the command line. Errors say which option and which form was wrong,
   * never the key.
   */
  static byte[] key(String spec, String option) throws IOException {
    int colon = spec.indexOf(':');
    String form = colon < 0 ? "" : spec.substring(0, colon);
    String rest = colon < 0 ? "" : spec.substring(colon + 1);
    switch (form) {
      case "hex", "base64" -> {
        return decode(form, rest, option);
      }
      case "env" -> {
        String value = System.getenv(rest);
        if (value == null) {
          throw new IllegalArgumentException(
              option + ": the environment variable " + rest + " is not set");
        }
        return encoded(value.strip(), option + " (from " + rest + ")");
      }
      case "file" -> {
        Path path = Path.of(rest);
        if (!Files.isRegularFile(path)) {
          throw new IllegalArgumentException(option + ": no file " + path);
        }
        return encoded(Files.readString(path).strip(), option + " (from " + path + ")");
      }
      default ->
          throw new IllegalArgumentException(
              option + ": a key is hex:..., base64:..., env:NAME or file:PATH");
    }
  }

  /** A key held in a variable or file: its hex form, else its base64 form. */
  private static byte[] encoded(String value, String where) {
    String v =
        value.startsWith("hex:") || value.startsWith("base64:")
            ? value
            : value.matches("[0-9a-fA-F]+") && value.length() % 2 == 0
                ? "hex:" + value
                : "base64:" + value;
    int colon = v.indexOf(':');
    return decode(v.substring(0, colon), v.substring(colon + 1), where);
  }

  private static byte[] decode(String form, String text, String where) {
    byte[] key;
    try {
      key = form.equals("hex") ? HexFormat.of().parseHex(text) : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": the key is not valid " + form);
    }
    if (key.length != 16 && key.length != 24 && key.length != 32) {
      throw new IllegalArgumentException(
          where + ": the key has " + key.length + " bytes; AES keys have 16, 24 or 32");
    }
    return key;
  }
}
