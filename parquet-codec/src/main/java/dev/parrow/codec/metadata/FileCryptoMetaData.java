package dev.parrow.codec.metadata;

/**
 * The plaintext part of an encrypted footer: the algorithm and the footer key's metadata.
 *
 * @param algorithm how the file is encrypted
 * @param keyMetadata the footer key's metadata, or null
 */
public record FileCryptoMetaData(EncryptionAlgorithm algorithm, Bytes keyMetadata) {}
