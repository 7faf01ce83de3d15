#!/usr/bin/env bash
# Start-up of the binary beside the sqlite3 shell's, in one run (issue 55):
# the median wall time of `jiaozhu --version` and `sqlite3 -version` over
# 31 runs each, interleaved three times (a noisy moment hits both), the best
# median of each kept; and the shared libraries the binary loads.
# Usage: bench/startup_bench.sh   (BENCH_BUILD=DIR for another build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jz=${BENCH_BUILD:-$root/build}/cli/jiaozhu
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "shared libraries: $(ldd "$jz" | awk '{print $1}' | sed 's|.*/||' | tr '\n' ' ')"
python3 - "$jz" <<'PY'
import statistics, subprocess, sys, time
def median(cmd, n=31):
    ts = []
    for _ in range(n):
        t = time.perf_counter(); subprocess.run(cmd, capture_output=True); ts.append(time.perf_counter() - t)
    return statistics.median(ts)
j, s = [], []
for _ in range(3):
    j.append(median([sys.argv[1], "--version"])); s.append(median(["sqlite3", "-version"]))
print(f"{'run':<22}{'median_ms':>10}")
print(f"{'sqlite3 -version':<22}{min(s) * 1000:>10.2f}   (baseline)")
print(f"{'jiaozhu --version':<22}{min(j) * 1000:>10.2f}   ({min(j) / min(s):.2f}x)")
PY
