#!/usr/bin/env bash
# Runs, on the 16-core device machine, both sides of the scaling comparison on the same files in one
# call: gen.py's files, Parrow's ScalingRunner, then pyarrow's scripts; every output under $OUT.
# Made ready here by prepare.sh; the device call carries .scaling-kit and runs
#
#   bash benchmarks/device/run.sh [ITERATIONS] [COUNTS]      (defaults: 3, 1,4,8,16)
#
# ScalingRunner warms up twice per table and thread count (WARMUP=n changes it): the JVM's heap
# grows through the first rounds of a large write, and its page faults are the kernel's time.
set -uo pipefail
cd "$(dirname "$0")/../.."
kit=.scaling-kit
iters=${1:-3}
counts=${2:-1,4,8,16}
out=${OUT:-/tmp/scaling-out}
data=/tmp/scaling-data
mkdir -p "$out" "$data"
export PYTHONUNBUFFERED=1
{
  date; nproc; free -g | head -2; python3 -c 'import pyarrow; print("pyarrow", pyarrow.__version__)'
  git log --oneline -1 2>/dev/null
} 2>&1 | tee "$out/machine.txt"
python3 "$kit/gen.py" "$data" "${SCALE:-1}" 2>&1 | tee "$out/gen.txt"
"$kit/jdk/bin/java" --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
  -Xmx64g -cp "$kit/benchmarks.jar" dev.parrow.bench.ScalingRunner --files "$data" --data "$data" \
  --counts "$counts" --iterations "$iters" --warmup "${WARMUP:-2}" 2>&1 | tee "$out/parrow.txt"
# The same reads at the most threads with a smaller budget for batches decoded ahead: fewer new
# buffers (page faults) against fewer batches ready; which holds the 16-thread read back.
most=${counts##*,}
"$kit/jdk/bin/java" --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
  -Xmx64g -cp "$kit/benchmarks.jar" dev.parrow.bench.ScalingRunner --files "$data" --data "$data" \
  --counts "$most" --iterations "$iters" --warmup "${WARMUP:-2}" --bytes-in-flight 64 \
  lineitem dataset8 2>&1 | tee "$out/parrow-inflight64.txt"
# The same reads without a BufferPool (ScalingRunner reads with one by default): each read's
# batches in new memory, which the kernel zeroes and maps in page by page at the most threads.
"$kit/jdk/bin/java" --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
  -Xmx64g -cp "$kit/benchmarks.jar" dev.parrow.bench.ScalingRunner --files "$data" --data "$data" \
  --counts "$most" --iterations "$iters" --warmup "${WARMUP:-2}" --pool false \
  lineitem dataset8 2>&1 | tee "$out/parrow-nopool.txt"
# A profile of the read at the most threads (JFR, in $OUT/read-most.jfr): where its time goes when
# it scales less than its headroom says, without a second call.
"$kit/jdk/bin/java" --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
  -Xmx64g -XX:StartFlightRecording=filename="$out/read-most.jfr",settings=profile \
  -cp "$kit/benchmarks.jar" dev.parrow.bench.ScalingRunner --files "$data" --data "$data" \
  --counts "$most" --iterations 5 --warmup 2 lineitem 2>&1 | tee "$out/parrow-jfr.txt"
threads=${counts//,/ }
python3 "$kit/pyread.py" "$data" "$iters" $threads 2>&1 | tee "$out/pyread.txt"
python3 "$kit/pyfilter.py" "$data" "$iters" $threads 2>&1 | tee "$out/pyfilter.txt"
python3 "$kit/pywrite.py" "$data" "$iters" $threads 2>&1 | tee "$out/pywrite.txt"
