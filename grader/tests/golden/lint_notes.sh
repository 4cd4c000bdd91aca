#!/bin/bash
# `grader lint` notes a concept pattern that holds no literal (every report
# runs it: slower), names the concept and the pattern, and does not count
# the note as a problem: lint still passes.
. "$(dirname "$0")/../golden.sh"
mkdir -p "$T/exercises" "$T/solutions"
cat >"$T/exercises/tiny.yaml" <<'YAML'
id: tiny
title: "Tiny"
prompt: "Say what dominates, with a number."
table:
  - {op: "aten::mm", cuda_ms: 10, cpu_ms: 1, calls: 2, memory_bytes: 0}
fields:
  - id: top-cuda
    label: "Top CUDA time"
    labels: ['top\s+cuda\s+time']
concepts:
  math: ['\bmatmul\b', '\bmm\b']
  number: ['[0-9]+\s*ms']
criteria:
  - id: names-math
    title: "Names the math, with a number"
    points: 1
    rule: {all: [{concept: math}, {concept: number}]}
    pass: "Yes."
    fail: "No."
    hints: ["Which op is it, and how long does it take?"]
    docs: docs/tiny.md
    examples:
      - {expect: true, text: "Top CUDA time: matmul, 10 ms."}
      - {expect: false, text: "Top CUDA time: matmul."}
YAML
echo 'Top CUDA time: aten::mm (the matmul), 10 ms.' >"$T/solutions/tiny.md"
"$G" lint "$T/exercises/tiny.yaml" >"$T/out" 2>&1
rc=$?
[ $rc = 0 ] || fail "lint exited $rc, want 0 (a note is not a problem): $(cat "$T/out")"
grep -qF "note: concept 'number', pattern '[0-9]+\s*ms' holds no literal" "$T/out" ||
	fail "no note for the literal-less pattern: $(cat "$T/out")"
grep -q "concept 'math'" "$T/out" && fail "a note for '\\bmatmul\\b', which has a literal"
grep -qF "tiny: 0 problems" "$T/out" || fail "lint counted the note: $(cat "$T/out")"

# A concept pattern that opens with \G continues only its own last match:
# a problem (it finds nothing where it was meant to), not a note.
sed -i "s/  number: \['\[0-9\]+\\\\s\*ms'\]/  number: ['[0-9]+\\\\s*ms', '\\\\G,\\\\s*[0-9]+']/" "$T/exercises/tiny.yaml"
grep -qF "'\G,\s*[0-9]+'" "$T/exercises/tiny.yaml" || fail "test setup: the \\G pattern was not added"
"$G" lint "$T/exercises/tiny.yaml" >"$T/out2" 2>&1
rc=$?
[ $rc = 1 ] || fail "lint exited $rc for a \\G pattern, want 1: $(cat "$T/out2")"
grep -qF "concept 'number': a pattern opens with \G" "$T/out2" || fail "no problem for the \\G pattern: $(cat "$T/out2")"
exit $((fails > 0))
