#!/bin/bash
# `grader bulk` end to end on a class folder with good, bad and broken
# submissions: the CSV parsed back, each JSONL line valid and equal to
# `grade --format json --all`, feedback files, the summary page, -j 1 and
# -j 4 byte-identical, re-runs identical, and interrupted runs (SIGTERM and
# SIGKILL mid-batch) leaving the previous complete outputs.
. "$(dirname "$0")/../golden.sh"

C=$T/class
mkdir -p "$C/carol" "$C/dave" "$C/erin" "$C/.git" "$T/outside"
cp fixtures/part-a/001.md "$C/alice.md"
cp fixtures/part-a/005.md "$C/bob.txt"
cp fixtures/part-a/004.md "$C/carol/my report.md"
cp fixtures/part-a/001.md "$C/dave/a.md"
cp fixtures/part-a/005.md "$C/dave/b.md"
: >"$C/empty.md"
printf 'Workload: x\0\1\2binary\n' >"$C/binary.md"
head -c 1100000 /dev/zero | tr '\0' 'a' >"$C/big.md"
cp fixtures/part-a/005.md "$C/..\\..\\evil.md"
cp fixtures/part-a/005.md "$C/...md"
cp fixtures/part-a/005.md "$C/$(printf 'tab\tname').md"
cp fixtures/part-a/005.md "$C/a b.md"
cp fixtures/part-a/005.md "$C/a_b.md"
echo "secret" >"$T/outside/secret.md"
ln -s "$T/outside/secret.md" "$C/link-out.md"
ln -s "$T/outside" "$C/mallory"
ln -s alice.md "$C/link-in.md"
mkfifo "$C/fifo.md"
echo "not a report" >"$C/roster.pdf"

"$G" bulk part-a "$C" --out "$T/out" -j 4 >"$T/stdout" 2>"$T/stderr"
rc=$?
[ $rc = 1 ] || fail "bulk exit $rc, want 1 (some submissions could not be graded)"
grep -q "skipping 'link-out.md': a symlink leading outside the class folder" "$T/stderr" || fail "no warning for link-out.md"
grep -q "skipping 'mallory': a symlink leading outside the class folder" "$T/stderr" || fail "no warning for mallory"
grep -q "'a_b.md' is graded as student 'a_b~2'" "$T/stderr" || fail "no warning for the id collision"
if grep -q $'\r\\[' "$T/stderr"; then fail "progress bar drawn on a non-terminal"; fi
ls -A "$T/out" | sort >"$T/listing"
printf 'feedback\ngrades.csv\nresults.jsonl\nsummary.html\n' | cmp -s - "$T/listing" || fail "OUT holds $(tr '\n' ' ' <"$T/listing")"

# The CSV, the JSONL and the feedback files, read back.
"$G" grade part-a solutions/part-a.md --format json --all >"$T/sol.json"
(cd "$C" && "$G" grade "$SRC/exercises/part-a.yaml" alice.md --format json --all >"$T/alice.json")
python3 - "$T/out" "$T/sol.json" "$T/alice.json" <<'EOF' || fails=$((fails + 1))
import csv, json, os, sys
out, sol, alice = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
ids = [c["id"] for c in sol["criteria"]]
errs = []
def check(cond, msg):
    if not cond:
        errs.append(msg)
raw = open(os.path.join(out, "grades.csv"), "rb").read()
check(raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "CSV rows must end in CRLF")
with open(os.path.join(out, "grades.csv"), newline="") as f:
    rows = list(csv.reader(f))
check(rows[0] == ["student", "score", "max_score"] + ids + ["status"], "header %r" % rows[0])
body = rows[1:]
students = [r[0] for r in body]
check(students == sorted(students), "rows not sorted by student id")
by = {r[0]: r for r in body}
want = {"alice", "bob", "carol", "dave", "erin", "empty", "binary", "big", "fifo", "link-in",
        "a_b", "a_b~2", "tab_name"}
check(want <= set(by), "missing students: %s" % sorted(want - set(by)))
check(not {"link-out", "mallory", "roster", ".git", "_git"} & set(by), "skipped entries graded: %s" % sorted(by))
check(len(body) == 15, "%d rows, want 15: %s" % (len(body), students))
for s in students:
    check(".." not in s and "/" not in s and "\\" not in s and not any(ord(c) < 32 for c in s),
          "unsafe id %r" % s)
def status(s): return by[s][-1] if s in by else ""
for s in ["alice", "bob", "carol", "empty", "link-in", "a_b", "a_b~2", "tab_name"]:
    check(status(s) == "graded", "%s: status %r" % (s, status(s)))
for s, why in [("binary", "NUL byte"), ("big", "larger than"), ("fifo", "not a regular file"),
               ("dave", "2 reports in the folder"), ("erin", "no .md or .txt report")]:
    check(status(s).startswith("error: ") and why in status(s), "%s: status %r" % (s, status(s)))
    check(s not in by or by[s][1] == "", "%s: an error row has no score" % s)
check(by.get("alice", [""] * 3)[1:3] == ["9", "9"], "alice: %r" % by.get("alice"))
check(by.get("empty", [""] * 3)[1] == "0", "empty: %r" % by.get("empty"))
lines = open(os.path.join(out, "results.jsonl"), encoding="utf-8").read().split("\n")
check(lines[-1] == "", "JSONL must end with a newline")
objs = []
for i, l in enumerate(lines[:-1]):
    try:
        objs.append(json.loads(l))
    except ValueError as e:
        errs.append("JSONL line %d: %s" % (i + 1, e))
check([o.get("student") for o in objs] == students, "JSONL order differs from the CSV")
for o in objs:
    r = by.get(o["student"])
    if not r: continue
    if r[-1] == "graded":
        check(str(o["score"]) == r[1] and str(o["max_score"]) == r[2], "%s: score differs" % o["student"])
        check([str(int(c["passed"])) for c in o["criteria"]] == r[3:-1], "%s: criteria differ" % o["student"])
    else:
        check(o["score"] is None and o["error"] == r[-1][len("error: "):], "%s: error line %r" % (o["student"], o))
a = next((o for o in objs if o["student"] == "alice"), {})
check({k: v for k, v in a.items() if k != "student"} == alice, "alice's line is not `grade --format json --all`")
check(list(a)[:1] == ["student"], "\"student\" comes first")
fb = sorted(os.listdir(os.path.join(out, "feedback")))
check(fb == sorted(s + ".md" for s in students), "feedback files: %s" % fb)
bob = open(os.path.join(out, "feedback", "bob.md"), encoding="utf-8").read()
check(bob.startswith("# ") and "Score: **" in bob and "## To work on" in bob, "bob's feedback:\n" + bob[:300])
binary = open(os.path.join(out, "feedback", "binary.md"), encoding="utf-8").read()
check("could not be graded" in binary, "binary's feedback says why")
html = open(os.path.join(out, "summary.html"), encoding="utf-8").read()
check(html.startswith("<!DOCTYPE html>") and html.count("<svg") == 2, "summary has two inline SVG charts")
low = html.lower()
check("<script" not in low and "https://" not in low and " src=" not in low and "<link" not in low,
      "summary must be self-contained, no script")
check("15 submissions: 10 graded, 5 could not be graded" in html, "summary counts")
for s in ["binary", "big", "fifo", "dave", "erin"]:
    check("<td>%s</td>" % s in html, "summary lists %s as not graded" % s)
for e in errs:
    print("FAIL: " + e)
sys.exit(1 if errs else 0)
EOF

# Determinism: -j 1 and -j 4, and a re-run over the previous outputs.
"$G" bulk part-a "$C" --out "$T/out1" -j 1 -q 2>/dev/null
diff -r "$T/out" "$T/out1" >/dev/null || fail "-j 1 and -j 4 outputs differ"
"$G" bulk part-a "$C" --out "$T/out1" -j 3 -q 2>/dev/null
diff -r "$T/out" "$T/out1" >/dev/null || fail "a re-run changed the outputs"

# --quiet prints nothing but warnings; usage errors.
"$G" bulk part-a "$C" --out "$T/out2" --quiet 2>"$T/err2"
grep -v "warning:" "$T/err2" | grep -q . && fail "--quiet printed: $(grep -v warning: "$T/err2")"
"$G" bulk part-a "$C" >/dev/null 2>"$T/err3"
[ $? = 2 ] && grep -q "need --out" "$T/err3" || fail "no --out: want exit 2 and 'need --out'"
"$G" bulk part-a "$C" --out "$T/o" -j 0 >/dev/null 2>"$T/err3"
[ $? = 2 ] && grep -q -- "-j wants a number" "$T/err3" || fail "-j 0 accepted"
"$G" bulk part-a "$T/missing" --out "$T/o" >/dev/null 2>"$T/err3"
[ $? = 2 ] && grep -q "is not a folder of submissions" "$T/err3" || fail "missing DIR: $(cat "$T/err3")"

# The progress bar on a terminal (when script(1) can give us one).
if command -v script >/dev/null 2>&1; then
	script -qec "'$G' bulk part-a '$C' --out '$T/out3' -j 2" /dev/null >"$T/tty" 2>&1
	grep -q '/s' "$T/tty" && grep -q '\[#' "$T/tty" || fail "no progress bar on a terminal"
	script -qec "'$G' bulk part-a '$C' --out '$T/out3' -j 2 --quiet" /dev/null >"$T/tty" 2>&1
	grep -q '\[#' "$T/tty" && fail "progress bar drawn with --quiet"
fi

# Interrupted runs: a big class, killed mid-batch, leaves the previous
# outputs byte for byte and no half files.
B=$T/big
mkdir "$B"
report=$(cat fixtures/part-a/004.md)
for i in $(seq -w 1 1500); do printf '%s\n' "$report" >"$B/s$i.md"; done
cp -r "$T/out" "$T/before"
for sig in TERM KILL; do
	"$G" bulk part-a "$B" --out "$T/out" -j 1 -q 2>/dev/null &
	pid=$!
	for _ in $(seq 1 500); do
		n=$(ls "$T/out"/.bulk-tmp-*/feedback 2>/dev/null | wc -l)
		[ "$n" -gt 20 ] && break
		sleep 0.01
	done
	kill -$sig $pid
	{ wait $pid; } 2>/dev/null
	rc=$?
	[ "$n" -gt 20 ] || fail "SIG$sig: the run was not caught mid-batch"
	diff -r -x '.bulk-tmp-*' "$T/before" "$T/out" >/dev/null || fail "SIG$sig: the previous outputs changed"
	if [ $sig = TERM ]; then
		[ $rc = 143 ] || fail "SIGTERM: exit $rc, want 143"
		ls -A "$T/out" | grep -q bulk-tmp && fail "SIGTERM: temporary files left behind"
	fi
done
# After SIGKILL the next run cleans the dead run's temporary folder.
"$G" bulk part-a "$C" --out "$T/out" -q 2>/dev/null
ls -A "$T/out" | grep -q bulk-tmp && fail "a dead run's temporary folder was not cleaned"
diff -r "$T/before" "$T/out" >/dev/null || fail "outputs after recovery differ"

# summary.html renders in headless Chromium (docs/instructors.md), when installed.
if [ -x /usr/bin/chromium ]; then
	timeout 60 /usr/bin/chromium --headless --no-sandbox --disable-gpu --window-size=900,1400 \
		--screenshot="$T/summary.png" "file://$T/out/summary.html" >/dev/null 2>&1
	[ -s "$T/summary.png" ] && [ "$(stat -c %s "$T/summary.png")" -gt 10000 ] ||
		fail "chromium did not render summary.html"
else
	echo "skip: /usr/bin/chromium not installed, summary.html not rendered"
fi

[ $fails = 0 ] && echo "bulk: all cases behave"
exit $fails
