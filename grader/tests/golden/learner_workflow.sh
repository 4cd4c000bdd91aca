#!/bin/sh
# The learner's path: `grader new`, `make check` (grader/scripts/check.sh) from
# nothing to 4/4, and progressive hints that are remembered between runs.
. "$(dirname "$0")/../golden.sh"

cd "$T"
ln -s "$SRC/exercises" exercises
ln -s "$SRC/solutions" solutions
n=$(ls exercises/*.yaml | wc -l)

# No answers: a demonstration on the solutions that says how to start.
sh "$SRC/grader/scripts/check.sh" "$G" >out 2>&1 || fail "demo run should exit 0"
grep -q "0/$n exercises complete" out || fail "demo run lacks the progress line"
grep -q "grader new part-a\|new part-a" out || fail "demo run does not say how to start"

# new writes the template once and never overwrites an answer.
"$G" new part-a >/dev/null || fail "grader new failed"
grep -q "^Next experiment:" answers/part-a.md || fail "template lacks the field labels"
echo "my work" >>answers/part-a.md
"$G" new part-a >out 2>&1
[ $? = 2 ] || fail "second grader new should exit 2"
grep -q "already exists" out || fail "second grader new should say the answer exists"
grep -q "my work" answers/part-a.md || fail "grader new overwrote an answer"

# An unfinished answer: progress, marks and the next thing to do; exit 1.
sh "$SRC/grader/scripts/check.sh" "$G" >out 2>&1 && fail "check should fail while criteria fail"
grep -q "0/$n exercises complete" out || fail "progress line missing"
grep -q "FAIL" out || fail "per-criterion marks missing"
grep -q "Next: improve answers/part-a.md" out || fail "next step not named"

# Hints: one more each time, remembered in answers/.progress.
"$G" hint part-a report-fields >out
grep -q "Hint 1/" out || fail "first hint not shown"
"$G" hint part-a report-fields >out
grep -q "Hint 2/" out || fail "second hint not shown"
grep -q '"report-fields": 2' answers/.progress || fail "hint progress not saved"
if grep -q "Workload: decoder-only" out; then fail "a hint leaked solution text"; fi

# Solved one by one: 1/n, then n/n with exit 0.
cp solutions/part-a.md answers/part-a.md
sh "$SRC/grader/scripts/check.sh" "$G" >out 2>&1
grep -q "1/$n exercises complete" out || fail "one solved exercise not counted"
for f in exercises/*.yaml; do
	id=$(basename "$f" .yaml)
	cp "solutions/$id.md" "answers/$id.md"
done
sh "$SRC/grader/scripts/check.sh" "$G" >out 2>&1 || fail "all solved should exit 0"
grep -q "$n/$n exercises complete" out || fail "all solved not reported"

[ $fails = 0 ] && echo "learner workflow: ok"
exit $fails
