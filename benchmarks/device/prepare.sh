#!/usr/bin/env bash
# Prepares, on this machine, what the 16-core device machine needs to run the scaling comparison
# (it has pyarrow but no Java): a jlink'ed runtime, the benchmark jar without the native libraries
# of DuckDB and arrow-dataset (the comparison reads gen.py's files and needs neither), and pyarrow's
# side (../shared/scaling, which does not travel). All in .scaling-kit/, which git ignores; the
# device call names it in `carry` and runs benchmarks/device/run.sh.
#
#   mvn -B -q install -DskipTests && benchmarks/device/prepare.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
kit=.scaling-kit
shared=${SCALING_DIR:-../shared/scaling}
rm -rf "$kit"
mkdir -p "$kit"
jlink --add-modules java.base,java.management,jdk.unsupported,java.logging,java.naming,jdk.management,java.sql,jdk.jfr \
  --compress=2 --strip-debug --no-header-files --no-man-pages --output "$kit/jdk"
cp benchmarks/target/benchmarks.jar "$kit/benchmarks.jar"
# Native libraries of other engines and platforms: not loaded by ScalingRunner --files.
zip -q -d "$kit/benchmarks.jar" 'libduckdb_java*' 'arrow_dataset_jni/*' 'win/*' 'aix/*' 'darwin/*' \
  'freebsd/*' 'linux/aarch64/*' 'linux/arm*' 'linux/ppc64*' 'linux/s390x/*' 'linux/loongarch64/*' \
  'linux/riscv64/*' 'linux/mips64/*' 'org/xerial/snappy/native/Windows/*' \
  'org/xerial/snappy/native/Mac/*' 'org/xerial/snappy/native/AIX/*' \
  'org/xerial/snappy/native/Linux/s390x/*' 'org/xerial/snappy/native/Linux/ppc64*' \
  'org/xerial/snappy/native/Linux/arm*' 'org/xerial/snappy/native/Linux/aarch64/*' \
  'org/xerial/snappy/native/Linux/riscv64/*' 'org/xerial/snappy/native/Linux/loongarch64/*' \
  'org/xerial/snappy/native/FreeBSD/*' 'org/xerial/snappy/native/SunOS/*' 'linux/i386/*' \
  'arrow_cdata_jni/aarch_64/*' 'META-INF/maven/*' 2>/dev/null || true
# The object-store runners' servers (s3proxy, jclouds, Jetty and their kin): not loaded either. The
# device call carries 64 MiB at most.
zip -q -d "$kit/benchmarks.jar" 'org/gaul/*' 'org/jclouds/*' 'org/eclipse/*' 'com/ctc/*' \
  'org/glassfish/*' 'javax/servlet/*' 'jakarta/*' 'com/google/common/*' 'com/google/inject/*' \
  'com/google/gson/*' 'com/google/auto/*' 'org/codehaus/*' 'javax/xml/bind/*' 'org/openjdk/jmh/*' \
  'org/apache/commons/*' 2>/dev/null || true
cp "$shared"/gen.py "$shared"/pyread.py "$shared"/pywrite.py "$shared"/pyfilter.py "$kit/"
du -sh "$kit" "$kit"/*
