#!/bin/sh
# Criterion visibility: a hidden criterion counts for instructors (--all, bulk,
# Gradescope) but is not shown in a learner's self-check, and does not change
# the learner's exit code.
. "$(dirname "$0")/../golden.sh"

# Part A with not-yet hidden (beside the library of patterns it includes).
mkdir -p "$T/lib" && cp exercises/lib/*.yaml "$T/lib/" || fail "could not copy exercises/lib"
awk '{ print } /^    scope: section:not-yet$/ && !done { print "    visibility: hidden"; done = 1 }' \
	exercises/part-a.yaml >"$T/hidden.yaml"
grep -q "visibility: hidden" "$T/hidden.yaml" || fail "could not build the test exercise"
# A report that earns everything but not-yet.
grep -v "^3\. Not yet" solutions/part-a.md >"$T/report.md"

"$G" grade "$T/hidden.yaml" "$T/report.md" >"$T/learner.txt"
rc=$?
[ $rc = 0 ] || fail "learner view: exit $rc, want 0 (the only failure is hidden)"
grep -q "not-yet" "$T/learner.txt" && fail "learner view shows the hidden criterion"
grep -q "score 8/8" "$T/learner.txt" || fail "learner view should score 8/8"

"$G" grade "$T/hidden.yaml" "$T/report.md" --all --format json >"$T/all.json"
[ $? = 1 ] || fail "instructor view: want exit 1 (a criterion failed)"
python3 - "$T/all.json" <<'PY' || fail "instructor JSON lacks the hidden criterion"
import json, sys
v = json.load(open(sys.argv[1]))
ids = [c["id"] for c in v["criteria"]]
assert "not-yet" in ids and v["max_score"] == 9 and v["score"] == 8, (ids, v["score"], v["max_score"])
PY

[ $fails = 0 ] && echo "visibility: hidden criteria hidden from learners only"
exit $fails
