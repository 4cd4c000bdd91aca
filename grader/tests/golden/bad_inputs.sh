#!/bin/sh
# Bad inputs: each gives exit 2 and a message that names the problem, while an
# empty report or invalid UTF-8 is graded (exit 1, with a warning saying why).
. "$(dirname "$0")/../golden.sh"

expect() { # expect CODE PATTERN -- command...
	code=$1 pat=$2
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc != "$code" ] || ! grep -q -- "$pat" "$T/out" "$T/err"; then
		echo "FAIL: '$*' gave exit $rc (want $code) without '$pat':"
		sed 's/^/    /' "$T/err" "$T/out" | head -8
		fails=$((fails + 1))
	fi
}

printf 'Workload: x\0binary\n' >"$T/nul.md"
expect 2 "nul.md:1:12: contains a NUL byte" -- "$G" grade part-a "$T/nul.md"
head -c 1100000 /dev/urandom | base64 >"$T/big.md"
expect 2 "larger than the 1048576-byte limit" -- "$G" grade part-a "$T/big.md"
expect 2 "larger than the" -- "$G" grade part-a /dev/zero
expect 2 "is a directory" -- "$G" grade part-a "$T"
expect 2 "cannot open" -- "$G" grade part-a "$T/missing.md"
expect 2 "unknown exercise 'part-z'" -- "$G" grade part-z solutions/part-a.md
printf 'id: x\ntitle: [unclosed\n' >"$T/bad.yaml"
expect 2 "bad.yaml:3:1: invalid YAML" -- "$G" grade "$T/bad.yaml" solutions/part-a.md
mkdir -p "$T/lib" && cp exercises/lib/*.yaml "$T/lib/" # what part-a.yaml includes
sed 's/- .\\bmm\\b./- '"'"'(unclosed'"'"'/' exercises/part-a.yaml >"$T/regex.yaml"
expect 2 "bad pattern in concept 'math' at offset 9: missing closing parenthesis" -- "$G" grade "$T/regex.yaml" solutions/part-a.md
expect 2 "usage: grader grade" -- "$G" grade part-a
expect 2 "--format must be text or json" -- "$G" grade part-a solutions/part-a.md --format xml
expect 2 "not a grader verb" -- "$G" frobnicate

: >"$T/empty.md"
expect 1 "the report is empty" -- "$G" grade part-a "$T/empty.md"
printf 'Workload: caf\351 \377\376 LLM\nHardware: L4\n' >"$T/latin1.md"
expect 1 "not valid UTF-8" -- "$G" grade part-a "$T/latin1.md"
expect 0 '"passed": true' -- "$G" grade part-a solutions/part-a.md --format json

[ $fails = 0 ] && echo "bad inputs: all cases behave"
exit $fails
