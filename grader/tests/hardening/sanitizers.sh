#!/bin/bash
# golden/sanitizers: the whole ctest suite again, built with ASan + UBSan in a
# second tree. Fails on any sanitizer report (heap errors, leaks, undefined
# behaviour), whether or not the test that triggered it noticed: reports go to
# files under $SAN/sanitizer-logs/ as well as to a distinct exit status.
#
#   sanitizers.sh SRC SAN_BUILD CC
# Environment: GRADER_HARDENING_INNER (set by this script for the inner run:
# skip, don't recurse), GRADER_SKIP_SANITIZERS=1 (skip, e.g. on a slow laptop).
set -u
SRC=$1 SAN=$2 CC=${3:-cc}
if [ -n "${GRADER_HARDENING_INNER:-}" ]; then
	echo "sanitizers: inside the sanitizer run already: skipped"
	exit 77
fi
if [ -n "${GRADER_SKIP_SANITIZERS:-}" ]; then
	echo "sanitizers: GRADER_SKIP_SANITIZERS is set: skipped"
	exit 77
fi
# Probe: does this compiler link an ASan + UBSan program?
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'int main(void) { return 0; }' >"$probe/p.c"
if ! "$CC" -fsanitize=address,undefined "$probe/p.c" -o "$probe/p" 2>"$probe/err"; then
	echo "sanitizers: $CC cannot build with -fsanitize=address,undefined: skipped"
	sed 's/^/    /' "$probe/err" | head -5
	exit 77
fi

launcher=""
command -v ccache >/dev/null 2>&1 && launcher="-DCMAKE_C_COMPILER_LAUNCHER=ccache"
jobs=$(nproc 2>/dev/null || echo 2)
# CMake turns `-DX=` flags into cache entries once: reconfigure is cheap.
if ! cmake -S "$SRC" -B "$SAN" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
	-DENABLE_SANITIZERS=ON -DBUILD_TESTING=ON -DENABLE_CUDA=OFF -DENABLE_FUZZ=OFF \
	$launcher >"$probe/configure.log" 2>&1; then
	cat "$probe/configure.log"
	echo "sanitizers: configuring $SAN failed"
	exit 1
fi
if ! cmake --build "$SAN" -j "$jobs" >"$probe/build.log" 2>&1; then
	grep -E 'error|Error' "$probe/build.log" | head -30
	echo "sanitizers: building $SAN failed (log: rerun 'cmake --build $SAN')"
	exit 1
fi

logs=$SAN/sanitizer-logs
rm -rf "$logs"
mkdir -p "$logs"
# exitcode=23: a sanitizer death must not look like "graded, some failed" (1).
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:exitcode=23:log_path=$logs/asan:log_exe_name=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=23:log_path=$logs/ubsan:log_exe_name=1"
export LSAN_OPTIONS="exitcode=23"
export GRADER_HARDENING_INNER=1
(cd "$SAN" && ctest --output-on-failure -j "$jobs" -E '^golden/(sanitizers|valgrind)$') >"$probe/ctest.log" 2>&1
rc=$?
status=0
if [ $rc != 0 ]; then
	grep -E 'tests passed|\(Failed\)|\(Timeout\)|\*\*\*|Exit code' "$probe/ctest.log" | head -40
	echo "sanitizers: the suite failed under ASan + UBSan (full log: cd $SAN && ctest --output-on-failure)"
	status=1
fi
# GCC's combined runtime writes UBSan reports to stderr whatever log_path
# says: find them in what ctest captured too.
last=$SAN/Testing/Temporary/LastTest.log
if [ -f "$last" ] && grep -qE 'runtime error:|ERROR: (Address|Leak|UndefinedBehavior)Sanitizer' "$last"; then
	echo "== reports in the tests' output ($last):"
	grep -E 'runtime error:|ERROR: (Address|Leak|UndefinedBehavior)Sanitizer' "$last" | sort | uniq -c | head -20
	status=1
fi
reports=$(ls "$logs")
if [ -n "$reports" ]; then
	# The first report in full, then one line per distinct kind and place.
	first=$(ls "$logs"/* | head -1)
	echo "== $first"
	grep -E 'ERROR: |runtime error|SUMMARY|^    #[0-7] ' "$first" | head -16
	echo "== all reports, by summary and first frame in the project:"
	for f in "$logs"/*; do
		sum=$(grep -m1 -oE 'SUMMARY: .*' "$f" | sed 's/[0-9]* byte(s) leaked in [0-9]* allocation(s)/leak/')
		where=$(grep -m1 -oE 'in [a-z_0-9]+ [^ ]*/(grader|kernels)/[^ ]*' "$f")
		echo "$sum  [$where]"
	done | sort | uniq -c | sed 's/^/    /'
	echo "sanitizers: $(echo "$reports" | wc -l) sanitizer report(s) (kept in $logs/)"
	status=1
fi
[ $status = 0 ] && grep -E 'tests passed' "$probe/ctest.log" && echo "sanitizers: no ASan/UBSan/LSan report"
exit $status
