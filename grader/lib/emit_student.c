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

char *gr_student_jsonl(const struct gr_verdict *v, const char *student)
{
	return dump_line(gr_verdict_json_for(v, GR_FOR_INSTRUCTOR, student));
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
