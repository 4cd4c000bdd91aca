#!/bin/sh
# `make fuzz`: build the libFuzzer targets in their own tree (clang, ASan +
# UBSan + coverage) and run each for FUZZ_SECONDS, seeded with the fixtures,
# solutions and exercises. Crash, leak and timeout inputs are kept in
# grader/fuzz/crashes/ (gitignored): turn each into a regression input under
# grader/tests/data/regress/. The working corpora grow in
# grader/fuzz/corpus-<target>/ (gitignored) and are reused by the next run.
#
# Environment: FUZZ_SECONDS (60), FUZZ_TARGETS ("report exercise"),
# FUZZ_BUILD (build-fuzz), FUZZ_PARALLEL (0: one target after the other;
# 1: all at once, one core each), FUZZ_MAX_LEN (the per-target default
# below), CC (clang).
set -u
cd "$(dirname "$0")/../.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-report exercise}
B=${FUZZ_BUILD:-build-fuzz}
CRASHES=grader/fuzz/crashes
CC=${CC:-clang}
case "$CC" in *clang*) ;; *) CC=clang ;; esac
if ! command -v "$CC" >/dev/null 2>&1; then
	echo "grader: make fuzz needs clang with libFuzzer: apt-get install -y clang" >&2
	exit 2
fi

mkdir -p "$B"
CC=$CC cmake -S . -B "$B" -DENABLE_FUZZ=ON -DBUILD_TESTING=OFF -DENABLE_CUDA=OFF \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >"$B/configure.log" 2>&1 || {
	cat "$B/configure.log" >&2
	echo "grader: configuring $B failed" >&2
	exit 2
}
targets=""
for t in $TARGETS; do targets="$targets fuzz_$t"; done
cmake --build "$B" -j "$(nproc 2>/dev/null || echo 2)" --target $targets || exit 2
mkdir -p "$CRASHES"

# Known, reported findings can be suppressed here only (grader/fuzz/*.supp);
# the sanitizer ctest never suppresses anything.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:suppressions=$PWD/grader/fuzz/ubsan.supp}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/grader/fuzz/lsan.supp:print_suppressions=0}

run_one() { # run_one TARGET: fuzz it, log in $B/fuzz/TARGET.log
	t=$1
	corpus=grader/fuzz/corpus-$t
	mkdir -p "$corpus"
	case $t in
	report)
		seeds="fixtures/*/ solutions/ grader/tests/data/regress/"
		maxlen=131072 ;;  # fixtures go to 670 KB; longer inputs only slow mutation
	exercise)
		seeds="exercises/ grader/tests/data/bad-exercises/ grader/tests/data/regress/"
		maxlen=65536 ;;   # part-a.yaml is 27 KB
	esac
	maxlen=${FUZZ_MAX_LEN:-$maxlen}
	dirs=""
	for d in $seeds; do [ -d "$d" ] && dirs="$dirs $d"; done
	# shellcheck disable=SC2086
	"$B/fuzz/fuzz_$t" "$corpus" $dirs \
		-dict="grader/fuzz/$t.dict" -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 \
		-max_total_time="$SECONDS_EACH" -print_final_stats=1 \
		-artifact_prefix="$CRASHES/$t-" >"$B/fuzz/$t.log" 2>&1
	echo $? >"$B/fuzz/$t.rc"
}

before=$(ls "$CRASHES" | wc -l)
echo "fuzzing ($SECONDS_EACH s per target):$targets"
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
	for t in $TARGETS; do run_one "$t" & done
	wait
else
	for t in $TARGETS; do run_one "$t"; done
fi

status=0
for t in $TARGETS; do
	log=$B/fuzz/$t.log
	rc=$(cat "$B/fuzz/$t.rc" 2>/dev/null || echo "?")
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	units=$(ls "grader/fuzz/corpus-$t" | wc -l)
	printf '%-9s exit %s, %s execs (%s/s), %s, corpus %s\n' "$t" "$rc" "${execs:-?}" \
		"${speed:-?}" "${cov:-cov: ?}" "$units"
	if [ "$rc" != 0 ]; then
		status=1
		grep -m3 'ERROR\|SUMMARY\|runtime error' "$log" | sed 's/^/    /'
	fi
done
after=$(ls "$CRASHES" | wc -l)
if [ "$after" -gt "$before" ]; then
	echo "new inputs in $CRASHES/ (reproduce: $B/fuzz/fuzz_TARGET FILE):"
	ls -t "$CRASHES" | head -n $((after - before)) | sed 's/^/    /'
	status=1
elif [ $status = 0 ]; then
	echo "fuzz: no crash, leak or timeout"
fi
exit $status
