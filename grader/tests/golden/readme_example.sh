#!/bin/sh
# The graded example in README.md is real output: every line of its excerpt
# must appear in what `grader grade` prints today.
. "$(dirname "$0")/../golden.sh"
cmd=$(grep -o 'build/grader grade part-a fixtures/part-a/[0-9]*\.md' README.md | head -1)
[ -n "$cmd" ] || { echo "FAIL: README.md names no graded example"; exit 1; }
NO_COLOR=1 "$G" ${cmd#build/grader } >"$T/out"
awk '/^## A graded report/{s=1} s && /^```$/{n++; next} s && n==1' README.md >"$T/excerpt"
[ -s "$T/excerpt" ] || { echo "FAIL: no excerpt under '## A graded report'"; exit 1; }
while IFS= read -r line; do
	[ "$line" = "..." ] && continue
	grep -qxF -- "$line" "$T/out" || { echo "FAIL: README line not in today's output: $line"; fails=$((fails + 1)); }
done <"$T/excerpt"
[ $fails = 0 ] && echo "README example: matches '$cmd'"
exit $fails
