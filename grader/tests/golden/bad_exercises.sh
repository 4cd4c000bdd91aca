#!/bin/bash
# Bad exercise files (grader/tests/data/bad-exercises/): each is refused with
# exit 2 and a `file:line:col: message` that points at the problem, in bounded
# time (timeout) and memory (ulimit -v, except under ASan, which reserves
# terabytes of address space). The expected messages are what the loader
# prints, exactly.
. "$(dirname "$0")/../golden.sh"
D=grader/tests/data/bad-exercises
cases=0
MEM_KB=1048576 # 1 GiB of address space is plenty: part-a loads in a few MB

echo 'Next experiment: re-profile the matmul' >"$T/r.md"

bad() { # bad FILE EXPECTED: exit 2 and EXPECTED (a fixed string) on stderr
	f=$1 want=$2
	cases=$((cases + 1))
	(
		[ -z "${GRADER_HARDENING_INNER:-}" ] && ulimit -v $MEM_KB
		exec timeout 10 "$G" grade "$f" "$T/r.md"
	) >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc != 2 ] || ! grep -qF -- "$want" "$T/err"; then
		echo "FAIL: $f gave exit $rc (want 2) without '$want':"
		[ $rc = 124 ] && echo "    (timed out after 10 s)"
		sed 's/^/    /' "$T/err" | head -6
		fails=$((fails + 1))
	fi
}

# Missing keys and wrong types.
bad $D/missing-id.yaml "$D/missing-id.yaml:2:1: the exercise is missing required key 'id'"
bad $D/missing-criteria.yaml "$D/missing-criteria.yaml:2:1: the exercise is missing required key 'criteria'"
bad $D/empty.yaml "$D/empty.yaml: the file is empty: an exercise needs id, title, prompt, table, fields, concepts and criteria"
bad $D/root-list.yaml "$D/root-list.yaml:2:1: an exercise must be a mapping, found a list"
bad $D/wrong-type-title.yaml "$D/wrong-type-title.yaml:3:8: 'title' in the exercise must be a scalar, found a list"
bad $D/wrong-type-criteria.yaml "$D/wrong-type-criteria.yaml:14:3: 'criteria' must be a list, found a mapping"
bad $D/wrong-type-points.yaml "$D/wrong-type-points.yaml:16:13: 'points' must be a whole number, found 'many'"
bad $D/points-negative.yaml "$D/points-negative.yaml:16:13: 'points' must be between 0 and 1000"
bad $D/wrong-type-expect.yaml "$D/wrong-type-expect.yaml:21:18: 'expect' must be true or false, found 'maybe'"
bad $D/unknown-key.yaml "$D/unknown-key.yaml:18:5: unknown key 'pas' in a criterion"
bad $D/duplicate-key.yaml "$D/duplicate-key.yaml:4:1: key 'title' appears twice in the exercise"
bad $D/tab-indent.yaml "$D/tab-indent.yaml:12:1: invalid YAML: found character that cannot start any token"

# References and rules.
bad $D/duplicate-criterion-id.yaml "$D/duplicate-criterion-id.yaml:23:9: criterion id 'names-math' is used twice"
bad $D/unknown-concept.yaml "$D/unknown-concept.yaml:17:21: unknown concept 'maths' in concept (define it under 'concepts')"
bad $D/unknown-concept-before.yaml "$D/unknown-concept-before.yaml:17:36: unknown concept 'kernels' in 'before' (define it under 'concepts')"
bad $D/unknown-scope-field.yaml "$D/unknown-scope-field.yaml:17:12: unknown field 'diagnosis' in scope"
bad $D/fact-unknown-op.yaml "$D/fact-unknown-op.yaml:17:18: fact names op 'aten::bmm', which is not in the table"
bad $D/rule-two-kinds.yaml "$D/rule-two-kinds.yaml:17:11: a rule has one kind, found both 'concept' and 'words'"
bad $D/rule-whole-not-concept.yaml "$D/rule-whole-not-concept.yaml:17:29: 'whole' applies to a concept rule only"
bad $D/rule-empty-any.yaml "$D/rule-empty-any.yaml:17:17: 'any' needs at least one rule"
bad $D/rule-lines-two.yaml "$D/rule-lines-two.yaml:17:19: 'lines' takes one rule"
bad $D/rule-bad-kid.yaml "$D/rule-bad-kid.yaml:17:45: unknown concept 'nope' in concept (define it under 'concepts')"
bad $D/no-examples.yaml "$D/no-examples.yaml:14:5: criterion 'names-math' has no labelled examples: add at least one under 'examples'"

# Patterns.
bad $D/invalid-regex.yaml "$D/invalid-regex.yaml:12:24: bad pattern in concept 'math' at offset 9: missing closing parenthesis"
bad $D/empty-pattern.yaml "$D/empty-pattern.yaml:12:24: empty pattern in concept 'math'"
bad $D/empty-match-pattern.yaml "$D/empty-match-pattern.yaml:12:24: pattern in concept 'math' matches the empty string, so it matches everywhere"

# Shared patterns: `include:` (files under lib/) and {use: NAME}. An error
# in a library names the library's own line.
bad $D/include-missing.yaml "$D/include-missing.yaml:3:10: included file $D/lib/nowhere.yaml: cannot open: No such file or directory"
bad $D/include-absolute.yaml "$D/include-absolute.yaml:3:10: 'include' names a file relative to the exercise's folder, not '/etc/passwd'"
bad $D/include-extra-key.yaml "$D/lib/extra-key.yaml:4:1: unknown key 'concepts' in a library of patterns"
bad $D/use-unknown.yaml "$D/use-unknown.yaml:13:28: concept 'math' uses pattern list 'maths-words', which neither 'patterns:' nor an included file defines"
bad $D/use-bad-key.yaml "$D/use-bad-key.yaml:13:11: unknown key 'uses' in a pattern's {use: NAME}"
bad $D/use-bad-pattern.yaml "$D/lib/shared.yaml:4:24: bad pattern in concept 'math' at offset 9: missing closing parenthesis"
bad $D/patterns-twice.yaml "$D/patterns-twice.yaml:5:3: pattern list 'math-words' is defined twice (first at $D/lib/shared.yaml:3)"
bad $D/patterns-nested.yaml "$D/patterns-nested.yaml:4:13: pattern list 'b' uses pattern list 'a', which is defined below it: a list can use only the lists above it"
bad $D/use-builtin-unknown.yaml "$D/use-builtin-unknown.yaml:5:23: there is no built-in pattern list 'grader-negaton': the grader's own are grader-negation, grader-deferral and grader-clause"
bad $D/patterns-reserved.yaml "$D/patterns-reserved.yaml:5:3: pattern list names starting with 'grader-' are the grader's own: rename 'grader-b'"

# Size, depth and aliases: refused quickly, in little memory.
bad $D/rule-depth-40.yaml "$D/rule-depth-40.yaml:17:209: rules nest deeper than 32 levels"
bad $D/deep-rule-10000.yaml "$D/deep-rule-10000.yaml:17:209: rules nest deeper than 32 levels"
bad $D/deep-flow-10000.yaml "$D/deep-flow-10000.yaml:4:9: 'prompt' in the exercise must be a scalar, found a list"
bad $D/deep-block-10000.yaml "$D/deep-block-10000.yaml:23:1: unknown key 'x' in the exercise"
bad $D/alias-bomb-unknown-key.yaml "$D/alias-bomb-unknown-key.yaml:5:1: unknown key 'laughs' in the exercise"
bad $D/alias-bomb-rule.yaml "$D/alias-bomb-rule.yaml:19:72: exercise is too large or has too many aliases (over 200000 nodes visited)"
# The budget running out inside a lookup once read as "a rule needs one of ..."
# at this valid rule.
bad $D/alias-bomb-rule-wide.yaml "$D/alias-bomb-rule-wide.yaml:21:16: exercise is too large or has too many aliases (over 200000 nodes visited)"
# Generated: too big to keep in git, or not text.
{
	cat $D/missing-id.yaml
	yes '# padding: an exercise file is at most GR_MAX_YAML_BYTES' | head -c 4300000
} >"$T/huge.yaml"
bad "$T/huge.yaml" "$T/huge.yaml: exercise file is larger than the 4194304-byte limit"
printf 'id: x\ntitle: "a\0b"\n' >"$T/nul.yaml"
bad "$T/nul.yaml" "$T/nul.yaml: contains a NUL byte: not a YAML file"

# Every file in the folder has a case above.
for f in $D/*.yaml; do
	grep -qF "bad \$D/$(basename "$f") " "$0" || {
		echo "FAIL: $f has no expected message in $0"
		fails=$((fails + 1))
	}
done

[ $fails = 0 ] && echo "bad exercises: all $cases cases refused with the expected message"
exit $((fails > 0))
