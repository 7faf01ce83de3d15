#!/usr/bin/env bash
# The binary starts with the C library alone (and libm, the loader and the
# kernel's vDSO): every other library is linked in, or, like libcurl for
# `facsimile add --iiif URL`, loaded by the one command that needs it.
# Usage: shared_libraries_test.sh JIAOZHU
set -euo pipefail
libs=$(ldd "$1" | awk '{print $1}' | sed 's|.*/||' | sort)
unexpected=$(grep -vxE 'linux-vdso\.so\.1|libm\.so\.6|libc\.so\.6|ld-linux-x86-64\.so\.2' <<<"$libs" || true)
if [ -n "$unexpected" ]; then
  echo "the binary loads at every start: $(tr '\n' ' ' <<<"$unexpected")(want the C library only)" >&2
  exit 1
fi
echo "ok: $(tr '\n' ' ' <<<"$libs")"
