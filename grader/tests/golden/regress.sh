#!/bin/bash
# Fuzzer findings and other regressions (grader/tests/data/regress/): every
# input that once crashed, leaked or hung the grader is graded again and must
# give a clean verdict or a clean refusal. report-*.md grade against Part A
# (exit 0 or 1), exercise-*.yaml load as exercises (exit 0, 1 or 2 and, when
# refused, a located message). The bugs themselves only show under ASan/UBSan
# (golden/sanitizers) or valgrind (golden/valgrind); this script also pins
# what a plain build can see.
. "$(dirname "$0")/../golden.sh"
D=grader/tests/data/regress
cases=0

run() { # run ALLOWED_EXITS -- command...
	allowed=$1
	shift 2
	cases=$((cases + 1))
	timeout 20 "$@" >"$T/out" 2>"$T/err"
	rc=$?
	case " $allowed " in
	*" $rc "*) return 0 ;;
	esac
	echo "FAIL: exit $rc (want one of $allowed): $*"
	sed 's/^/    /' "$T/err" | head -8
	fails=$((fails + 1))
	return 1
}

for f in $D/report-*.md; do
	run "0 1" -- "$G" grade part-a "$f"
done
for f in $D/exercise-*.yaml; do
	run "0 1 2" -- "$G" grade "$f" solutions/part-a.md
	if [ $rc = 2 ] && ! grep -qE "^grader: $f(:[0-9]+:[0-9]+)?: " "$T/err"; then
		echo "FAIL: $f refused without a located message:"
		sed 's/^/    /' "$T/err" | head -4
		fails=$((fails + 1))
	fi
done

# exercise-cr-caret-overread.yaml: libyaml counts a lone CR as a line break,
# so the error is at line 2 col 5 and the line shown under it must be that
# line ("c: d: e"), with the caret inside it, not the '\n'-counted line 2 ("z").
# exercise-ls-caret-overread.yaml: the same with U+2028 LINE SEPARATOR, which
# libyaml also counts as a line break (so do NEL and PARAGRAPH SEPARATOR).
for kind in cr ls; do
	f=exercise-$kind-caret-overread.yaml
	run "2" -- "$G" grade $D/$f solutions/part-a.md
	if ! grep -qF "$f:2:5: invalid YAML: mapping values are not allowed" "$T/err" ||
		! grep -qx '    c: d: e' "$T/err"; then
		echo "FAIL: $f: wrong location or source line:"
		sed 's/^/    /' "$T/err" | head -4
		fails=$((fails + 1))
	fi
done

# --max-size: a size that is not a whole positive number of bytes is a usage
# error, not a float-to-integer cast (UB: "nan" meant no limit, "1e30" a 0-byte one).
for size in nan inf 1e30 -1 0.5 1e-300; do
	run "2" -- "$G" grade part-a solutions/part-a.md --max-size $size
	grep -qF -- "--max-size wants a size" "$T/err" || {
		echo "FAIL: --max-size $size: not refused as a usage error"
		sed 's/^/    /' "$T/err" | head -3
		fails=$((fails + 1))
	}
done

[ $fails = 0 ] && echo "regressions: all $cases inputs handled cleanly"
exit $((fails > 0))
