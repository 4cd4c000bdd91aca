#!/bin/bash
# golden/valgrind: memcheck over the golden grading paths of the normal build:
# the Part A solution, `validate` of the Part A corpus (every fixture graded
# in one process), one `grade --format json` process for every fourth
# fixture (the corpus grows by hundreds; a process each cost ~1 s under
# valgrind), and loading every bad exercise (the error paths free what they
# built).
# Any memory error or definite/indirect leak fails the test. Skipped (77)
# when valgrind is not installed, and inside the sanitizer run.
#
#   valgrind.sh GRADER SRC
set -u
G=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") SRC=$2
if [ -n "${GRADER_HARDENING_INNER:-}" ]; then
	echo "valgrind: inside the sanitizer run (ASan and valgrind don't mix): skipped"
	exit 77
fi
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind: not installed: skipped (apt-get install -y valgrind)"
	exit 77
fi
cd "$SRC"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# 99: a memcheck error must not look like "graded, some failed" (1) or a
# refused input (2).
# GRADER_NO_JIT: PCRE2's JIT code reads words past the subject and masks
# them, which memcheck reports; interpreted, every report is real.
export GRADER_NO_JIT=1
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect"
fails=0 runs=0

check() { # check ALLOWED_EXIT... -- command...: run under memcheck
	allowed=""
	while [ "$1" != -- ]; do allowed="$allowed $1"; shift; done
	shift
	runs=$((runs + 1))
	$VG "$@" >"$T/out" 2>"$T/err"
	rc=$?
	case " $allowed " in
	*" $rc "*) ;;
	*)
		echo "FAIL: exit $rc under valgrind: $*"
		grep -E '^==[0-9]+== ' "$T/err" | head -20
		[ $rc = 99 ] || sed 's/^/    /' "$T/err" | head -5
		fails=$((fails + 1)) ;;
	esac
}

check 0 -- "$G" grade part-a solutions/part-a.md
check 0 -- "$G" grade part-a solutions/part-a.md --format json
i=0
for f in fixtures/part-a/*.md; do
	i=$((i + 1))
	[ $((i % 4)) = 1 ] || continue
	check 0 1 -- "$G" grade part-a "$f" --format json
done
check 0 1 -- "$G" validate part-a fixtures/part-a
for f in grader/tests/data/bad-exercises/*.yaml; do
	check 2 -- "$G" grade "$f" solutions/part-a.md
done
for f in grader/tests/data/regress/exercise-*.yaml; do
	check 0 1 2 -- "$G" grade "$f" solutions/part-a.md
done

echo "valgrind: $runs runs, $fails with memory errors or leaks"
[ $fails = 0 ]
