/*
 * cmd_lint.c - `grader lint EXERCISE`: what an author should fix before
 * shipping. Loading already checks the schema and every pattern; lint adds
 * what needs the whole file: unused concepts, concept patterns that open
 * with \G (they continue nothing), criteria without docs or hints,
 * examples the rules disagree with, and a solution that must earn full marks;
 * and notes (not problems) on patterns that every report must run.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "grade.h"

static int problem(const struct gr_exercise *ex, int line, const char *fmt, const char *a, const char *b)
{
	printf("%s:%d: ", ex->path, line);
	printf(fmt, a, b);
	putchar('\n');
	return 1;
}

static int check_examples(const struct gr_exercise *ex, struct gr_scratch *s)
{
	int n = 0;
	for (size_t c = 0; c < ex->ncriteria; c++) {
		const struct gr_criterion *cr = &ex->criteria[c];
		int pos = 0, neg = 0;
		for (size_t e = 0; e < cr->nexamples; e++) {
			struct gr_verdict v;
			struct gr_error err = { 0 };
			pos += cr->examples[e].expect;
			neg += !cr->examples[e].expect;
			if (gr_grade_string(&v, ex, cr->examples[e].text, strlen(cr->examples[e].text), "example", s, &err)) {
				gr_error_clear(&err);
				n += problem(ex, cr->examples[e].line, "example of '%s' cannot be graded%s", cr->id, "");
				continue;
			}
			if (v.results[c].passed != cr->examples[e].expect)
				n += problem(ex, cr->examples[e].line, "example of '%s' is labelled %s but the rule disagrees",
					     cr->id, cr->examples[e].expect ? "pass" : "fail");
			gr_verdict_free(&v);
		}
		if (!pos || !neg)
			n += problem(ex, cr->line, "criterion '%s' needs examples that pass and examples that fail%s", cr->id, "");
		if (!cr->docs)
			n += problem(ex, cr->line, "criterion '%s' has no 'docs' link to the section that teaches it%s", cr->id, "");
		if (!cr->nhints)
			n += problem(ex, cr->line, "criterion '%s' has no hints%s", cr->id, "");
	}
	return n;
}

/* A field's labels, a section's headings, their inferences: one
 * alternation each, tried on every line or sentence its gate lets through.
 * One alternative without a literal (or more literals in all than
 * GR_MAX_LITERALS) leaves the gate open, and every line pays. */
static void note_open_gate(const struct gr_exercise *ex, const char *kind, const char *id, const char *what,
			   const pcre2_code *re, const struct gr_gate *gate)
{
	if (re && !gate->n && !gate->shut)
		printf("%s: note: %s '%s', '%s' hold no literal in every pattern (or more than %d in all), so every "
		       "line tries them; find the pattern without a word of three letters\n",
		       ex->path, kind, id, what, GR_MAX_LITERALS);
}

/* Speed, not correctness: a concept pattern with no literal the report
 * index can look for (three letters or more that every match holds, or a
 * two-letter prefix) is run over every report. A note, not a problem. */
static void note_slow_patterns(const struct gr_exercise *ex)
{
	for (size_t c = 0; c < ex->nconcepts; c++) {
		const struct gr_patset *set = &ex->concepts[c].set;
		for (size_t i = 0; i < set->n; i++) {
			const char *src = set->v[i].src;
			if (set->v[i].nlit || !src)
				continue;
			int n = (int)strlen(src);
			printf("%s: note: concept '%s', pattern '%.*s%s' holds no literal, so every report runs it; a word "
			       "of three letters or more that every match contains lets most reports skip it\n",
			       ex->path, ex->concepts[c].id, n > 60 ? 60 : n, src, n > 60 ? "..." : "");
		}
	}
	for (size_t f = 0; f < ex->nfields; f++) {
		const struct gr_field *fd = &ex->fields[f];
		note_open_gate(ex, "field", fd->id, "labels", fd->label_re, &fd->label_gate);
		note_open_gate(ex, "field", fd->id, "aliases", fd->alias_re, &fd->alias_gate);
		note_open_gate(ex, "field", fd->id, "infer", fd->infer_re, &fd->infer_gate);
	}
	for (size_t k = 0; k < ex->nsections; k++) {
		const struct gr_section *sc = &ex->sections[k];
		note_open_gate(ex, "section", sc->id, "heading", sc->heading_re, &sc->heading_gate);
		note_open_gate(ex, "section", sc->id, "infer", sc->infer_re, &sc->infer_gate);
	}
}

/* A concept's patterns are matched one by one, so a pattern that opens
 * with \G ("\G,\s*\K\w+", meant to continue another's list) continues
 * only its own last match: it can match at the text's start and nowhere
 * else. The continuation belongs in the pattern it continues, as
 * (?:first|\G...). A problem: the pattern silently finds nothing. */
static int check_continuations(const struct gr_exercise *ex)
{
	int n = 0;
	for (size_t c = 0; c < ex->nconcepts; c++)
		for (size_t i = 0; i < ex->concepts[c].npatterns; i++) {
			const char *src = ex->concepts[c].patterns[i];
			while (src[0] == '(' && src[1] == '?' && src[2] && strchr("imsxnU-", src[2])) {
				const char *close = strchr(src, ')'); /* "(?m)", "(?i)": options first */
				if (!close)
					break;
				src = close + 1;
			}
			if (src[0] == '\\' && src[1] == 'G')
				n += problem(ex, 0,
					     "concept '%s': a pattern opens with \\G, which continues only its own last "
					     "match; join it to the pattern it continues, as (?:first|\\G...)%s",
					     ex->concepts[c].id, "");
		}
	return n;
}

static int check_solution(const struct gr_exercise *ex, struct gr_scratch *s)
{
	char *dup = strdup(ex->path);
	if (!dup)
		return 1;
	char path[4096];
	snprintf(path, sizeof(path), "%s/../solutions/%s.md", dirname(dup), ex->id);
	free(dup);
	struct gr_verdict v;
	struct gr_error err = { 0 };
	if (gr_grade_file(&v, ex, path, GR_DEFAULT_MAX_REPORT, s, &err)) {
		printf("%s: no gradable solution: %s\n", path, err.message ? err.message : "unreadable");
		gr_error_clear(&err);
		return 1;
	}
	int n = 0;
	for (size_t i = 0; i < v.nresults; i++)
		if (!v.results[i].passed) {
			printf("%s: the solution fails '%s': %s\n", path, v.results[i].criterion->id, v.results[i].feedback);
			n++;
		}
	gr_verdict_free(&v);
	return n;
}

int cmd_lint(int argc, char **argv)
{
	if (argc != 2)
		return cli_usage_error("lint", "need one exercise");
	struct gr_exercise *ex;
	int rc = cli_load_exercise(argv[1], &ex);
	if (rc)
		return rc;
	gr_exercise_jit(ex); /* every example ahead */
	struct gr_scratch s;
	if (gr_scratch_init(&s)) {
		gr_exercise_free(ex);
		return GR_EXIT_USAGE;
	}
	int n = 0;
	for (size_t c = 0; c < ex->nconcepts; c++)
		if (!ex->concepts[c].used)
			n += problem(ex, 0, "concept '%s' is defined but no rule uses it%s", ex->concepts[c].id, "");
	n += check_continuations(ex);
	n += check_examples(ex, &s);
	n += check_solution(ex, &s);
	note_slow_patterns(ex);
	printf("%s: %d problem%s\n", ex->id, n, n == 1 ? "" : "s");
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return n ? GR_EXIT_FAIL : GR_EXIT_PASS;
}
