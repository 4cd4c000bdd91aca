/*
 * emit_student.c - one student's outputs in a batch: a safe id, the JSONL
 * line and the Markdown feedback file (see emit_batch.h).
 */
#include "emit_batch.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/* Length of the UTF-8 character at s (1..4) and its code point, or 0 when
 * the bytes are not valid UTF-8 (overlong, surrogate, truncated). */
static int utf8_char(const unsigned char *s, unsigned *cp)
{
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
	if (!n || s[0] >= 0xF5)
		return 0;
	unsigned c = s[0] & (0x7F >> n);
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

/* Printable in a file name: not C1 controls, general punctuation (zero-width,
 * bidi overrides, line separators), variation selectors, BOM, specials. */
static bool safe_codepoint(unsigned c)
{
	if (c < 0xA0)
		return false;
	if ((c >= 0x2000 && c <= 0x206F) || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c >= 0xFFF0)
		return c >= 0x10000 && c < 0xE0000; /* astral planes fine except tags */
	return true;
}

int gr_student_id(char out[GR_STUDENT_MAX + 1], const char *raw)
{
	const unsigned char *s = (const unsigned char *)raw;
	size_t n = 0;
	int changed = 0;
	while (*s) {
		unsigned cp;
		int len = utf8_char(s, &cp);
		bool keep = len == 1 ? (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
					       strchr("_-.+@", (int)cp)
				     : len > 1 && safe_codepoint(cp);
		if (keep && cp == '.' && n > 0 && out[n - 1] == '.')
			keep = false; /* no ".." anywhere */
		if (keep && n == 0 && strchr(".-+@", (int)cp))
			keep = false;
		if (len == 0)
			len = 1; /* an invalid byte: replace it alone */
		size_t w = keep ? (size_t)len : 1;
		if (n + w > GR_STUDENT_MAX) {
			changed = 1;
			break;
		}
		if (keep)
			memcpy(out + n, s, (size_t)len);
		else {
			out[n] = '_';
			changed = 1;
		}
		n += w;
		s += len;
	}
	if (n > 0 && out[n - 1] == '.') { /* "x." would make "x..md" */
		out[n - 1] = '_';
		changed = 1;
	}
	if (n == 0) {
		out[n++] = '_';
		changed = 1;
	}
	out[n] = '\0';
	return changed;
}

static char *dump_line(json_t *o)
{
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	json_decref(o);
	return s;
}

/* ---- the JSONL line, written at batch speed ----
 *
 * The bytes json_dumps(gr_verdict_json_for(v, GR_FOR_INSTRUCTOR, student),
 * JSON_COMPACT | JSON_PRESERVE_ORDER) would give (a test holds them equal
 * over every fixture), without building the object: encoding the same
 * feedback and titles again for every student was a third of a batch's
 * time. Every string is still encoded by jansson: the exercise's constant
 * ones once at load (exercise.h), the rest here. */

struct line {
	struct gr_buf b;
	bool bad; /* a string jansson would not encode (not UTF-8), or out of memory */
};

static int append(const char *buf, size_t n, void *data)
{
	gr_buf_add(data, buf, n);
	return 0;
}

/* key, then s as a JSON string: `encoded` when the exercise has it, else
 * encoded now (checked when s may not be UTF-8, as file names may not). */
static void put_str(struct line *l, const char *key, const char *s, const char *encoded, bool check)
{
	gr_buf_puts(&l->b, key);
	if (encoded) {
		gr_buf_puts(&l->b, encoded);
		return;
	}
	json_t *j = !s ? NULL : check ? json_string(s) : json_string_nocheck(s);
	if (!j || json_dump_callback(j, append, &l->b, JSON_ENCODE_ANY | JSON_COMPACT) < 0)
		l->bad = true;
	json_decref(j);
}

/* The feedback: the criterion's pass or fail text, often with more after
 * it (" See docs/..."). JSON escapes character by character, so the
 * encoded text with its closing quote dropped, then the rest encoded with
 * its opening quote dropped, are the bytes of the whole encoded at once. */
static void put_feedback(struct line *l, const struct gr_result *r)
{
	const struct gr_criterion *c = r->criterion;
	const char *base = r->passed ? c->pass : c->fail, *enc = r->passed ? c->json_pass : c->json_fail;
	size_t n = base ? strlen(base) : 0;
	if (!r->feedback || !enc || strncmp(r->feedback, base, n)) {
		put_str(l, ",\"feedback\":", r->feedback, NULL, false);
		return;
	}
	gr_buf_puts(&l->b, ",\"feedback\":");
	if (!r->feedback[n]) {
		gr_buf_puts(&l->b, enc);
		return;
	}
	gr_buf_add(&l->b, enc, strlen(enc) - 1);
	size_t at = l->b.len;
	put_str(l, "", r->feedback + n, NULL, false);
	if (!l->bad && gr_buf_ok(&l->b)) { /* drop the rest's opening quote */
		memmove(l->b.data + at, l->b.data + at + 1, l->b.len - at - 1);
		l->b.data[--l->b.len] = '\0';
	}
}

static void put_result(struct line *l, const struct gr_result *r)
{
	const struct gr_criterion *c = r->criterion;
	put_str(l, "{\"id\":", c->id, c->json_id, false);
	put_str(l, ",\"title\":", c->title, c->json_title, false);
	gr_buf_printf(&l->b, ",\"passed\":%s,\"points\":%d,\"max_points\":%d", r->passed ? "true" : "false",
		      r->points, c->points);
	put_feedback(l, r);
	if (r->line) {
		gr_buf_printf(&l->b, ",\"evidence\":{\"line\":%d", r->line);
		put_str(l, ",\"text\":", r->evidence, NULL, false);
		gr_buf_puts(&l->b, "}}");
	} else {
		gr_buf_puts(&l->b, ",\"evidence\":null}");
	}
}

char *gr_student_jsonl(const struct gr_verdict *v, const char *student)
{
	struct line l = { { 0 }, false };
	int score = 0, max = 0;
	bool passed = true;
	for (size_t i = 0; i < v->nresults; i++) {
		score += v->results[i].points;
		max += v->results[i].criterion->points;
		passed &= v->results[i].passed;
	}
	put_str(&l, "{\"student\":", student, NULL, true);
	put_str(&l, ",\"exercise\":", v->ex->id, v->ex->json_id, false);
	put_str(&l, ",\"report\":", v->report, NULL, true);
	gr_buf_printf(&l.b, ",\"score\":%d,\"max_score\":%d,\"passed\":%s,\"criteria\":[", score, max,
		      passed ? "true" : "false");
	for (size_t i = 0; i < v->nresults; i++) {
		if (i)
			gr_buf_putc(&l.b, ',');
		put_result(&l, &v->results[i]);
	}
	gr_buf_puts(&l.b, "],\"warnings\":[");
	for (size_t i = 0; i < v->nwarnings; i++)
		put_str(&l, i ? "," : "", v->warnings[i], NULL, true);
	gr_buf_puts(&l.b, "]}");
	if (l.bad || !gr_buf_ok(&l.b)) {
		gr_buf_free(&l.b);
		return NULL;
	}
	return l.b.data;
}

char *gr_student_error_jsonl(const struct gr_exercise *ex, const char *student, const char *report,
			     const char *reason)
{
	return dump_line(json_pack("{s:s, s:s, s:s, s:n, s:i, s:b, s:[], s:[], s:s}", "student", student, "exercise",
				   ex->id, "report", report, "score", "max_score", ex->max_points, "passed", 0,
				   "criteria", "warnings", "error", reason));
}

/* The learner's own line in a blockquote: their text, but no raw HTML when
 * the Markdown is rendered by a mail client or an LMS. */
static void quote_line(struct gr_buf *b, int line, const char *text)
{
	gr_buf_printf(b, "> line %d: ", line);
	for (const char *p = text; *p; p++) {
		if (*p == '<' || *p == '>' || *p == '&' || *p == '\\')
			gr_buf_putc(b, '\\');
		gr_buf_putc(b, *p);
	}
	gr_buf_puts(b, "\n\n");
}

static void section(struct gr_buf *b, const struct gr_verdict *v, bool passed, const char *heading)
{
	bool any = false;
	for (size_t i = 0; i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (r->criterion->visibility == GR_HIDDEN || r->passed != passed)
			continue;
		if (!any)
			gr_buf_printf(b, "## %s\n\n", heading);
		any = true;
		gr_buf_printf(b, "### %s (%d/%d)\n\n%s\n\n", r->criterion->title, r->points, r->criterion->points,
			      r->feedback);
		if (r->line && r->evidence)
			quote_line(b, r->line, r->evidence);
	}
}

void gr_student_feedback(struct gr_buf *b, const struct gr_verdict *v, const char *student)
{
	int score = 0, max = 0, n = 0, npass = 0;
	for (size_t i = 0; i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (r->criterion->visibility == GR_HIDDEN)
			continue;
		n++;
		npass += r->passed;
		score += r->points;
		max += r->criterion->points;
	}
	gr_buf_printf(b, "# %s: feedback for %s\n\n", v->ex->title, student);
	gr_buf_printf(b, "Score: **%d/%d** (%d of %d criteria met)\n\n", score, max, npass, n);
	section(b, v, false, "To work on");
	section(b, v, true, "Done well");
	if (v->nwarnings) {
		gr_buf_puts(b, "## Notes\n\n");
		for (size_t i = 0; i < v->nwarnings; i++)
			gr_buf_printf(b, "- %s\n", v->warnings[i]);
		gr_buf_putc(b, '\n');
	}
}

void gr_student_error_feedback(struct gr_buf *b, const struct gr_exercise *ex, const char *student,
			       const char *reason)
{
	gr_buf_printf(b, "# %s: feedback for %s\n\n", ex->title, student);
	gr_buf_puts(b, "Your submission could not be graded: ");
	gr_buf_puts(b, reason);
	gr_buf_puts(b, ".\n\nSave your report as one plain-text Markdown file (UTF-8) "
		       "and submit it again.\n");
}
