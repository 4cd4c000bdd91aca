#!/bin/bash
# Regex-hostile reports: huge lines, many lines, long runs of one character
# class, deep markdown nesting, every line a field label. Each is graded
# against Part A with exit 0 or 1 (never a crash, never an input error when
# under the size limit) within a time bound, because the PCRE2 match and depth
# limits and the JIT stack (rule.h) bound every match. The inputs are made
# here: they are too big for git and trivially reproducible.
. "$(dirname "$0")/../golden.sh"
cases=0
LIMIT=${HOSTILE_TIMEOUT:-10} # seconds per report: the slowest takes 2 s under ASan
MAX=1048576                  # GR_DEFAULT_MAX_REPORT

# Plain POSIX tools only (no python or bc on a bare CI machine).
rep() { # rep WORD COUNT: WORD repeated COUNT times, no newline (WORD has none)
	yes -- "$1" | head -n "$2" | tr -d '\n'
}
lines() { # lines TEXT COUNT: TEXT on COUNT lines
	yes -- "$1" | head -n "$2"
}
graded() { # graded NAME: grade $T/NAME.md, expect exit 0 or 1 within LIMIT
	name=$1
	cases=$((cases + 1))
	start=$(date +%s%N)
	timeout "$LIMIT" "$G" grade part-a "$T/$name.md" --format json >"$T/out" 2>"$T/err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	if [ $rc != 0 ] && [ $rc != 1 ]; then
		echo "FAIL: $name ($(wc -c <"$T/$name.md") bytes) gave exit $rc (want 0 or 1)${rc/124/, timed out after $LIMIT s}"
		sed 's/^/    /' "$T/err" | head -6
		fails=$((fails + 1))
	elif ! grep -q '"criteria"' "$T/out"; then
		echo "FAIL: $name: no verdict on stdout"
		fails=$((fails + 1))
	fi
	[ -n "${HOSTILE_VERBOSE:-}" ] && printf '%-28s exit %s %6d ms\n' "$name" $rc "$ms"
	return 0
}

# One 500 KB line: words, spaces, punctuation, digits, one letter.
rep 'the copy cast matmul not ' 20000 >"$T/line-words.md"; graded line-words
rep ' ' 500000 >"$T/line-spaces.md"; graded line-spaces
rep '.,;:!?-()' 55000 >"$T/line-punct.md"; graded line-punct
rep '0123456789' 50000 >"$T/line-digits.md"; graded line-digits
rep '3.1.4.1.5.9 ' 42000 >"$T/line-dotted-numbers.md"; graded line-dotted-numbers
rep 'a' 500000 >"$T/line-one-letter.md"; graded line-one-letter
rep '38.4 ms 31.7% 54 calls 2.8 GiB ~' 16000 >"$T/line-quantities.md"; graded line-quantities
rep "not n't never instead of rather than before until later " 9000 >"$T/line-cues.md"; graded line-cues
# Every label on one line, up to the size limit: once 40 s, when label
# matching scanned the rest of the line on every try.
rep 'Workload: Hardware: Top CUDA time: Next experiment: ' 20000 | head -c $MAX >"$T/line-labels.md"; graded line-labels
rep '**' 250000 >"$T/line-stars.md"; graded line-stars
rep '<!--' 125000 >"$T/line-open-comments.md"; graded line-open-comments
rep '`' 500000 >"$T/line-backticks.md"; graded line-backticks
rep 'é€😀' 50000 >"$T/line-multibyte.md"; graded line-multibyte
rep 'to() ' 100000 >"$T/line-to-calls.md"; graded line-to-calls

# 10,000 lines and more.
lines 'Next experiment: re-profile with record_shapes=True and check who calls to()' 10000 >"$T/lines-labels.md"; graded lines-labels
{ for l in 'Workload: LLM' 'Hardware: L4' 'Top CUDA time: matmul' 'Top CPU / orchestration cost: tokenizer' 'Next experiment: profile'; do lines "$l" 2000; done; } >"$T/lines-all-fields.md"; graded lines-all-fields
lines '- copy' 50000 >"$T/lines-bullets.md"; graded lines-bullets
lines '1. matmul' 50000 >"$T/lines-numbered.md"; graded lines-numbered
lines '' 500000 >"$T/lines-empty.md"; graded lines-empty
lines '| op | aten::copy_ | 19.6 ms |' 20000 >"$T/lines-table.md"; graded lines-table
lines '## Next experiment' 20000 >"$T/lines-headings.md"; graded lines-headings
lines 'I would not write a custom attention kernel yet; instead of that, re-profile.' 10000 >"$T/lines-negations.md"; graded lines-negations
rep "$(printf 'a\r')" 300000 >"$T/lines-cr.md"; graded lines-cr

# Deep markdown nesting.
rep '> ' 200000 >"$T/nest-quotes.md"; echo 'Next experiment: profile' >>"$T/nest-quotes.md"; graded nest-quotes
awk 'BEGIN { for (i = 0; i < 700; i++) { s = ""; for (j = 0; j < i; j++) s = s "  "; print s "- level " i " copy" } }' >"$T/nest-lists.md"; graded nest-lists
{ rep '[' 200000; rep ']' 200000; } >"$T/nest-brackets.md"; graded nest-brackets
{ rep '(' 200000; rep ')' 200000; } >"$T/nest-parens.md"; graded nest-parens
{ rep '<!-- ' 50000; rep ' -->' 50000; } >"$T/nest-comments.md"; graded nest-comments

# Many mentions of many concepts, then many sentences: the keyword-stuffing
# check was O(sentences x mentions), 18 s (rule.c mark_stuffed; found by fuzz_report).
{
	rep 'matmul copy cast tokenizer latency overhead profile batch compile quantize dtype attention. ' 4096
	rep 'x. ' 300000
} | head -c $MAX >"$T/stuffed-sentences.md"; graded stuffed-sentences

# Right at the size limit: still a report (one byte more is refused: bad_inputs.sh).
rep 'copy ' $((MAX / 5)) >"$T/at-limit.md"; head -c $MAX "$T/at-limit.md" >"$T/at-limit.tmp"; mv "$T/at-limit.tmp" "$T/at-limit.md"; graded at-limit

[ $fails = 0 ] && echo "hostile reports: all $cases graded (exit 0/1) within $LIMIT s each"
exit $((fails > 0))
