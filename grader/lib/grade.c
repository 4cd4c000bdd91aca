/*
 * grade.c - run every criterion's rule over a report and compose feedback
 * (see grade.h). Knows no exercise: all wording comes from the YAML.
 */
#include "grade.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVIDENCE_MAX 200

static int add_warning(struct gr_verdict *v, char *msg)
{
	if (!msg)
		return GR_ENOMEM;
	char **w = realloc(v->warnings, (v->nwarnings + 1) * sizeof(char *));
	if (!w) {
		free(msg);
		return GR_ENOMEM;
	}
	v->warnings = w;
	v->warnings[v->nwarnings++] = msg;
	return 0;
}

static char *evidence_text(const struct gr_report *r, int line)
{
	const struct gr_line *l = &r->text.lines[line - 1];
	const char *s = r->text.buf + l->off;
	size_t n = l->len;
	while (n && (*s == ' '))
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	if (n > EVIDENCE_MAX) {
		n = EVIDENCE_MAX;
		while (n && ((unsigned char)s[n] & 0xC0) == 0x80) /* don't cut a character in half */
			n--;
		char *out = malloc(n + 4);
		if (out) {
			memcpy(out, s, n);
			memcpy(out + n, "...", 4);
		}
		return out;
	}
	return strndup(s, n);
}

/* The pieces, NULL-ended, in one malloc'ed string: feedback is built for
 * every criterion of every report, and asprintf's format parsing showed
 * in the grading loop's profile. */
static char *join(const char *first, ...)
{
	va_list ap;
	size_t len = 0;
	va_start(ap, first);
	for (const char *p = first; p; p = va_arg(ap, const char *))
		len += strlen(p);
	va_end(ap);
	char *out = malloc(len + 1), *o = out;
	if (!out)
		return NULL;
	va_start(ap, first);
	for (const char *p = first; p; p = va_arg(ap, const char *)) {
		size_t n = strlen(p);
		memcpy(o, p, n);
		o += n;
	}
	va_end(ap);
	*o = '\0';
	return out;
}

static char *compose_feedback(const struct gr_criterion *c, const struct gr_rule_result *res)
{
	const char *base = res->passed ? c->pass : c->fail;
	if (!res->passed && res->detail[0] && c->docs)
		return join(base, " (", res->detail, ") See ", c->docs, (char *)NULL);
	if (!res->passed && c->docs)
		return join(base, " See ", c->docs, (char *)NULL);
	if (!res->passed && res->detail[0])
		return join(base, " (", res->detail, ")", (char *)NULL);
	return strdup(base);
}

static int text_warnings(struct gr_verdict *v, const struct gr_report *r, const struct gr_analysis *a)
{
	char *m;
	int rc = 0;
	unsigned f = r->text.flags;
	if (r->other[0]) {
		/* Blanked: say why, not that it is empty. */
		if (asprintf(&m, "this file's first line is the command for %s, so it answers %s, not %s, and was not "
				 "graded as %s: grade it with 'grader grade %s FILE', and write your %s answer in its "
				 "own file",
			     r->other, r->other, r->ex->id, r->ex->id, r->other, r->ex->id) < 0)
			return GR_ENOMEM;
		rc |= add_warning(v, m);
	} else if (r->words == 0) {
		rc |= add_warning(v, strdup("the report is empty: write the five fields and the follow-up answers"));
	}
	/* What reading the text did, in the order a learner should hear it. */
	static const struct {
		unsigned flag;
		const char *say;
	} notes[] = {
		{ GR_TEXT_INVALID_UTF8, "the file is not valid UTF-8: some characters were replaced; save it as UTF-8" },
		{ GR_TEXT_CONTROLS, "invisible or right-to-left control characters were removed" },
		{ GR_TEXT_HOMOGLYPHS, "look-alike letters from another alphabet were read as Latin letters" },
		{ GR_TEXT_ECHO, "lines copied from the prompt or from the grader's feedback are not your answer and were "
				"ignored: say it in your own words" },
		{ GR_TEXT_STRUCK, "~~struck-out~~ text is taken as withdrawn and was not graded" },
		{ GR_TEXT_TAGS, "keyword tags (\"keywords: ...\", a \"tags\" column) and a glossary's definitions are a list "
				"of terms, not a claim, and were not graded" },
		{ GR_TEXT_UNTICKED, "an unticked box (\"- [ ] ...\") in a list where you ticked another (\"- [x]\") is an "
				    "option you did not choose, and was not graded" },
		{ GR_TEXT_MAIL, "quoted e-mail (the message under \"On ... wrote:\", a forwarded or original message) is not "
				"your answer and was ignored: write your answer in your reply" },
		{ GR_TEXT_DIFF, "a diff was read as the answer it leaves: removed (-) lines were not graded" },
		{ GR_TEXT_CHAT, "a chat log was read for your own messages: the others' were not graded" },
		{ GR_TEXT_OTHER_PARTS, "this file answers other parts too: only this part's section was graded here" },
		{ GR_TEXT_COMMENTS, "text inside comments (<!-- -->, or after a LaTeX %) is not part of your answer and was "
				    "ignored" },
	};
	for (size_t k = 0; !rc && k < sizeof(notes) / sizeof(notes[0]); k++)
		if (f & notes[k].flag)
			rc |= add_warning(v, strdup(notes[k].say));
	/* The copy under "### v1 (superseded)": say which lines were set aside. */
	for (size_t l = 0; !rc && r->old_line && l < r->text.nlines; l++) {
		if (r->old_line[l] != 1 && r->old_line[l] != 2 && r->old_line[l] != 5 && r->old_line[l] != 8)
			continue; /* only set-aside copies are named: a list of mistakes is read (what
				   * explains them is the learner's), a self-check's ticks and an argued
				   * position are marks, said nothing of */
		size_t e = l;
		while (e + 1 < r->text.nlines && r->old_line[e + 1] == r->old_line[l])
			e++;
		const struct gr_line *h = &r->text.lines[l];
		int n = h->len > 60 ? 60 : (int)h->len;
		while (e > l && r->text.lines[e].len == 0)
			e--; /* not the blank lines after it */
		char where[48];
		if (e > l)
			snprintf(where, sizeof(where), "lines %zu-%zu", l + 1, e + 1);
		else
			snprintf(where, sizeof(where), "line %zu", l + 1);
		const char *what = r->old_line[l] == 2 ? "a classmate's report you reviewed, not your answer, and not graded "
							 "as yours"
				   : r->old_line[l] == 5 ? "a report quoted in a code block beside your own fields, and not "
							   "graded as yours"
				   : r->old_line[l] == 8 ? "the task's own text (its rubric or prompt), pasted in: it earns "
							   "nothing, so say in your own words what you conclude"
							 : "the earlier version you marked as replaced, and not graded";
		if (asprintf(&m, "%s (\"%.*s\") %s %s", where, n, r->text.buf + h->off, e > l ? "are" : "is",
			     what) < 0)
			return GR_ENOMEM;
		rc |= add_warning(v, m);
		break;
	}
	for (size_t i = 0; !rc && i < r->ex->nfields; i++) {
		if (!r->fields[i].repeated)
			continue;
		if (asprintf(&m, "'%s' appears more than once; the first one was graded (or, after a draft, the final one)",
			     r->ex->fields[i].label) < 0)
			return GR_ENOMEM;
		rc |= add_warning(v, m);
	}
	for (size_t s = 0; !rc && s < r->nsentences; s++) {
		if (!a->stuffed[s])
			continue;
		int line = gr_text_line_of(&r->text, r->sentences[s].start);
		if (asprintf(&m, "line %d reads as a list of keywords, not a claim, and earns nothing: "
				 "say what you conclude and why", line) < 0)
			return GR_ENOMEM;
		rc |= add_warning(v, m);
		break;
	}
	char **facts;
	size_t nf;
	if (!rc && gr_fact_warnings(a, &facts, &nf) == 0) {
		for (size_t i = 0; i < nf; i++)
			if (!rc)
				rc |= add_warning(v, facts[i]);
			else
				free(facts[i]);
		free(facts);
	}
	return rc ? GR_ENOMEM : 0;
}

int gr_grade(struct gr_verdict *v, const struct gr_exercise *ex, const struct gr_report *r,
	     const char *name, struct gr_scratch *s)
{
	memset(v, 0, sizeof(*v));
	v->ex = ex;
	v->report = strdup(name ? name : "-");
	v->results = calloc(ex->ncriteria, sizeof(*v->results));
	v->max_score = ex->max_points;
	struct gr_analysis a;
	struct gr_scratch tmp = { 0 };
	if (!s && gr_scratch_init(&tmp) == 0)
		s = &tmp;
	if (!v->report || !v->results || !s || gr_analyse(&a, ex, r, s) < 0) {
		gr_scratch_free(&tmp);
		gr_verdict_free(v);
		return GR_ENOMEM;
	}
	int rc = 0;
	if (getenv("GRADER_EXPLAIN"))
		gr_analysis_dump(&a, stderr);
	v->nresults = ex->ncriteria;
	v->passed = true;
	for (size_t i = 0; i < ex->ncriteria && !rc; i++) {
		const struct gr_criterion *c = &ex->criteria[i];
		struct gr_result *res = &v->results[i];
		struct gr_rule_result rr;
		gr_rule_eval(&a, c->rule, c->scope, &rr);
		res->criterion = c;
		res->passed = rr.passed;
		res->points = rr.passed ? c->points : 0;
		res->feedback = compose_feedback(c, &rr);
		if (rr.evidence != (size_t)-1 && rr.evidence < r->text.len) {
			res->line = gr_text_line_of(&r->text, rr.evidence);
			res->evidence = evidence_text(r, res->line);
		}
		if (!res->feedback || (res->line && !res->evidence))
			rc = GR_ENOMEM;
		v->score += res->points;
		v->passed &= rr.passed;
	}
	if (!rc)
		rc = text_warnings(v, r, &a);
	gr_analysis_free(&a);
	gr_scratch_free(&tmp);
	if (rc)
		gr_verdict_free(v);
	return rc;
}

int gr_grade_string(struct gr_verdict *v, const struct gr_exercise *ex, const char *text,
		    size_t len, const char *name, struct gr_scratch *s, struct gr_error *err)
{
	struct gr_report r;
	memset(v, 0, sizeof(*v));
	int rc = gr_report_from_string(&r, ex, text, len, name, s, err);
	if (rc)
		return rc;
	rc = gr_grade(v, ex, &r, name, s);
	gr_report_free(&r);
	if (rc)
		gr_error_set(err, rc, name, 0, 0, "out of memory");
	return rc;
}

int gr_grade_file(struct gr_verdict *v, const struct gr_exercise *ex, const char *path,
		  size_t max_size, struct gr_scratch *s, struct gr_error *err)
{
	char *buf;
	size_t len;
	memset(v, 0, sizeof(*v));
	int rc = gr_read_file(path, max_size, &buf, &len, err);
	if (rc)
		return rc;
	rc = gr_grade_string(v, ex, buf, len, path, s, err);
	free(buf);
	return rc;
}

void gr_verdict_free(struct gr_verdict *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->nresults; i++) {
		free(v->results[i].feedback);
		free(v->results[i].evidence);
	}
	free(v->results);
	for (size_t i = 0; i < v->nwarnings; i++)
		free(v->warnings[i]);
	free(v->warnings);
	free(v->report);
	memset(v, 0, sizeof(*v));
}
