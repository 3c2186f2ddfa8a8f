/**
 * The {@code parrow} command. Picocli reads the commands' annotations, so their package is open to
 * it.
 */
module dev.parrow.cli {
  requires dev.parrow.arrow;
  requires info.picocli;
  // The IPC schema flatbuffer, read to name columns that Arrow Java has no vector for.
  requires org.apache.arrow.format;
  // The JVM's own options, to run java -jar on Java 24+ once more with the one Netty needs.
  requires java.management;
  // JSON lines read by import: the streaming parser Arrow itself depends on.
  requires com.fasterxml.jackson.core;

  opens dev.parrow.cli to
      info.picocli;
}
