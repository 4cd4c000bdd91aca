#!/bin/bash
# `grader gradescope`: results.json checked against the Gradescope autograder
# spec's field names and types (gradescope-autograders.readthedocs.io/en/latest/specs/),
# for a graded submission, one found by name in a repository-like upload, and
# submissions that cannot be graded (which still get a results.json saying why).
. "$(dirname "$0")/../golden.sh"

validate() { # validate RESULTS WANT_SCORE OUTPUT_SUBSTRING
	python3 - "$@" <<'PY'
import json, sys
path, want, needle = sys.argv[1], float(sys.argv[2]), sys.argv[3]
r = json.load(open(path))
errs = []
num = (int, float)
for k, t in [("score", num), ("max_score", num), ("execution_time", num), ("output", str), ("tests", list)]:
    if not isinstance(r.get(k), t) or isinstance(r.get(k), bool):
        errs.append("top-level %r missing or not %s" % (k, t))
allowed = {"score", "max_score", "execution_time", "output", "output_format", "visibility",
           "stdout_visibility", "extra_data", "tests", "leaderboard"}
errs += ["unknown top-level key %r" % k for k in r if k not in allowed]
tests = r.get("tests", [])
for i, t in enumerate(tests):
    for k, ty in [("name", str), ("number", str), ("score", num), ("max_score", num), ("status", str),
                  ("output", str), ("visibility", str)]:
        if not isinstance(t.get(k), ty) or isinstance(t.get(k), bool):
            errs.append("tests[%d].%s missing or not %s" % (i, k, ty))
    if t.get("status") not in ("passed", "failed"):
        errs.append("tests[%d].status %r" % (i, t.get("status")))
    if t.get("visibility") not in ("visible", "hidden", "after_due_date", "after_published"):
        errs.append("tests[%d].visibility %r" % (i, t.get("visibility")))
    if (t.get("status") == "passed") != (t.get("score") == t.get("max_score")):
        errs.append("tests[%d]: status and score disagree" % i)
    if t.get("number") != str(i + 1):
        errs.append("tests[%d].number %r" % (i, t.get("number")))
if tests and abs(sum(t["score"] for t in tests) - r["score"]) > 1e-9:
    errs.append("score %r is not the sum of the tests" % r["score"])
if tests and abs(sum(t["max_score"] for t in tests) - r["max_score"]) > 1e-9:
    errs.append("max_score %r is not the sum of the tests" % r["max_score"])
if r.get("score") != want:
    errs.append("score %r, want %r" % (r.get("score"), want))
if needle not in r.get("output", ""):
    errs.append("output %r lacks %r" % (r.get("output"), needle))
for e in errs:
    print("FAIL: %s: %s" % (path, e))
sys.exit(1 if errs else 0)
PY
}

ncrit=$("$G" grade part-a solutions/part-a.md --format json --all | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["criteria"]))')

# A single-file upload.
mkdir -p "$T/s1"
cp solutions/part-a.md "$T/s1/my-answer.md"
"$G" gradescope part-a --submission "$T/s1" --results "$T/r1/results.json" >"$T/out" 2>&1
[ $? = 0 ] || fail "graded submission: exit $?: $(cat "$T/out")"
validate "$T/r1/results.json" 9 "Graded my-answer.md: 9/9" || fails=$((fails + 1))
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' "$T/r1/results.json")
[ "$n" = "$ncrit" ] || fail "$n tests, want one per criterion ($ncrit)"
ls -A "$T/r1" | grep -q tmp && fail "a temporary file left next to results.json"

# A repository upload: answers/part-a.md wins over other Markdown files.
mkdir -p "$T/s2/answers" "$T/s2/docs" "$T/s2/.git"
cp fixtures/part-a/005.md "$T/s2/answers/part-a.md"
echo "# readme" >"$T/s2/README.md"
echo "# notes" >"$T/s2/docs/notes.md"
"$G" gradescope part-a --submission "$T/s2" --results "$T/r2.json" >"$T/out" 2>&1
[ $? = 0 ] || fail "repository submission: exit $?"
want=$("$G" grade part-a fixtures/part-a/005.md --format json --all | python3 -c 'import json,sys; print(json.load(sys.stdin)["score"])')
validate "$T/r2.json" "$want" "Graded answers/part-a.md" || fails=$((fails + 1))

# Nothing to grade: still a results.json, score 0, saying why; exit 1.
mkdir -p "$T/s3"
"$G" gradescope part-a --submission "$T/s3" --results "$T/r3.json" >"$T/out" 2>&1
[ $? = 1 ] || fail "empty submission: exit $?, want 1"
validate "$T/r3.json" 0 "no report found: upload your report as part-a.md" || fails=$((fails + 1))
mkdir -p "$T/s4"
printf 'Workload: \0 binary' >"$T/s4/part-a.md"
"$G" gradescope part-a --submission "$T/s4" --results "$T/r4.json" >"$T/out" 2>&1
[ $? = 1 ] || fail "binary submission: exit $?, want 1"
validate "$T/r4.json" 0 "contains a NUL byte" || fails=$((fails + 1))
mkdir -p "$T/s5"
echo a >"$T/s5/a.md"
echo b >"$T/s5/b.md"
"$G" gradescope part-a --submission "$T/s5" --results "$T/r5.json" >"$T/out" 2>&1
[ $? = 1 ] || fail "two reports: exit $?, want 1"
validate "$T/r5.json" 0 "2 Markdown/text files and none named part-a.md" || fails=$((fails + 1))

"$G" gradescope >/dev/null 2>"$T/err"
[ $? = 2 ] && grep -q "usage: grader gradescope" "$T/err" || fail "no exercise: want usage and exit 2"
"$G" gradescope part-a --submission "$T/none" --results "$T/r6.json" >/dev/null 2>"$T/err"
[ $? = 2 ] && grep -q "cannot open the submission folder" "$T/err" || fail "missing folder: $(cat "$T/err")"

[ $fails = 0 ] && echo "gradescope: all cases behave"
exit $fails
