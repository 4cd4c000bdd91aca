/*
 * emit_html.c - the cohort summary page (see emit_batch.h).
 *
 * One file an instructor can open offline or attach to an e-mail: inline CSS
 * and SVG, no JavaScript, no fonts or images fetched. Every number on it
 * comes from counts, so the page is the same bytes on every run.
 */
#include "emit_batch.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define TOP_FAILED 5        /* criteria listed under "most failed" */
#define CHART_W 640         /* SVG width in px */
#define HIST_H 200          /* histogram plot height */
#define ROW_H 26            /* pass-rate chart: px per criterion */
#define LABEL_W 200         /* pass-rate chart: room for the criterion id */

int gr_cohort_init(struct gr_cohort *c, const struct gr_exercise *ex)
{
	memset(c, 0, sizeof(*c));
	c->ex = ex;
	c->hist = calloc((size_t)ex->max_points + 1, sizeof(*c->hist));
	c->passes = calloc(ex->ncriteria ? ex->ncriteria : 1, sizeof(*c->passes));
	c->example = calloc(ex->ncriteria ? ex->ncriteria : 1, sizeof(*c->example));
	c->err = calloc(GR_COHORT_MAX_ERRORS, sizeof(*c->err));
	if (!c->hist || !c->passes || !c->example || !c->err) {
		gr_cohort_free(c);
		return GR_ENOMEM;
	}
	return 0;
}

static bool email_char(int ch)
{
	return ch && (isalnum(ch) || strchr("._%+-", ch));
}

/* The line without who wrote it: the student's id, e-mail addresses and long
 * digit runs (student numbers) masked. */
static char *anonymise(const char *line, const char *student)
{
	struct gr_buf b = { 0 };
	size_t idlen = strlen(student);
	const char *p = line;
	while (*p) {
		if (email_char((unsigned char)*p) && (p == line || !email_char((unsigned char)p[-1]))) {
			const char *q = p;
			while (email_char((unsigned char)*q))
				q++;
			if (*q == '@' && isalnum((unsigned char)q[1])) {
				q++;
				while (isalnum((unsigned char)*q) || *q == '.' || *q == '-')
					q++;
				gr_buf_puts(&b, "[email]");
				p = q;
				continue;
			}
		}
		if (idlen >= 3 && !strncasecmp(p, student, idlen)) {
			gr_buf_puts(&b, "[student]");
			p += idlen;
			continue;
		}
		if (isdigit((unsigned char)*p) && (p == line || !isdigit((unsigned char)p[-1]))) {
			size_t n = strspn(p, "0123456789");
			if (n >= 6) {
				gr_buf_puts(&b, "[number]");
				p += n;
				continue;
			}
		}
		gr_buf_putc(&b, *p++);
	}
	if (!gr_buf_ok(&b) || !b.data) {
		gr_buf_free(&b);
		return strdup("");
	}
	return b.data;
}

int gr_cohort_add(struct gr_cohort *c, const char *student, const struct gr_verdict *v)
{
	c->graded++;
	int s = v->score < 0 ? 0 : v->score > c->ex->max_points ? c->ex->max_points : v->score;
	c->hist[s]++;
	for (size_t i = 0; i < v->nresults && i < c->ex->ncriteria; i++) {
		const struct gr_result *r = &v->results[i];
		if (r->passed) {
			c->passes[i]++;
			continue;
		}
		if (!c->example[i] && r->line && r->evidence) {
			c->example[i] = anonymise(r->evidence, student);
			if (!c->example[i])
				return GR_ENOMEM;
		}
	}
	return 0;
}

int gr_cohort_add_error(struct gr_cohort *c, const char *student, const char *reason)
{
	c->errors++;
	if (c->nerr >= GR_COHORT_MAX_ERRORS)
		return 0;
	char *s = strdup(student), *r = strdup(reason);
	if (!s || !r) {
		free(s);
		free(r);
		return GR_ENOMEM;
	}
	c->err[c->nerr].student = s;
	c->err[c->nerr].reason = r;
	c->nerr++;
	return 0;
}

static void esc(struct gr_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': gr_buf_puts(b, "&amp;"); break;
		case '<': gr_buf_puts(b, "&lt;"); break;
		case '>': gr_buf_puts(b, "&gt;"); break;
		case '"': gr_buf_puts(b, "&quot;"); break;
		case '\'': gr_buf_puts(b, "&#39;"); break;
		default: gr_buf_putc(b, *s);
		}
	}
}

static double pct(size_t part, size_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

static void histogram(struct gr_buf *b, const struct gr_cohort *c)
{
	int max = c->ex->max_points;
	size_t top = 1;
	for (int s = 0; s <= max; s++)
		if (c->hist[s] > top)
			top = c->hist[s];
	int h = HIST_H + 50, slot = (CHART_W - 40) / (max + 1), bw = slot * 3 / 4;
	gr_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		      "role=\"img\" aria-labelledby=\"hist-t\">\n<title id=\"hist-t\">Number of students per score</title>\n",
		      CHART_W, h, CHART_W, h);
	gr_buf_printf(b, "<line x1=\"30\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>\n", HIST_H + 20, CHART_W - 10,
		      HIST_H + 20);
	for (int s = 0; s <= max; s++) {
		int bh = (int)((double)c->hist[s] * HIST_H / (double)top + 0.5);
		int x = 30 + s * slot + (slot - bw) / 2, y = HIST_H + 20 - bh;
		gr_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"bar\"><title>score %d: %zu</title></rect>\n",
			      x, y, bw, bh, s, c->hist[s]);
		gr_buf_printf(b, "<text x=\"%d\" y=\"%d\" class=\"n\">%zu</text>\n", x + bw / 2, y - 4, c->hist[s]);
		gr_buf_printf(b, "<text x=\"%d\" y=\"%d\" class=\"lab\">%d</text>\n", x + bw / 2, HIST_H + 38, s);
	}
	gr_buf_printf(b, "<text x=\"%d\" y=\"%d\" class=\"lab\">score (out of %d)</text>\n</svg>\n", CHART_W / 2,
		      HIST_H + 50 - 2, max);
}

static void pass_rates(struct gr_buf *b, const struct gr_cohort *c)
{
	size_t n = c->ex->ncriteria;
	int h = (int)n * ROW_H + 10, bar = CHART_W - LABEL_W - 60;
	gr_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		      "role=\"img\" aria-labelledby=\"rate-t\">\n<title id=\"rate-t\">Share of graded submissions passing each criterion</title>\n",
		      CHART_W, h, CHART_W, h);
	for (size_t i = 0; i < n; i++) {
		const struct gr_criterion *cr = &c->ex->criteria[i];
		double p = pct(c->passes[i], c->graded);
		int y = 5 + (int)i * ROW_H, w = (int)(p * bar / 100 + 0.5);
		gr_buf_printf(b, "<text x=\"%d\" y=\"%d\" class=\"id\">", LABEL_W - 8, y + 16);
		esc(b, cr->id);
		gr_buf_printf(b, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"track\"/>\n", LABEL_W, y + 3,
			      bar, ROW_H - 8);
		gr_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"%s\"><title>", LABEL_W, y + 3, w,
			      ROW_H - 8, p < 50 ? "low" : "bar");
		esc(b, cr->title);
		gr_buf_printf(b, ": %.1f%%</title></rect>\n<text x=\"%d\" y=\"%d\" class=\"pct\">%.0f%%</text>\n", p,
			      LABEL_W + bar + 6, y + 16, p);
	}
	gr_buf_puts(b, "</svg>\n");
}

static void most_failed(struct gr_buf *b, const struct gr_cohort *c)
{
	size_t n = c->ex->ncriteria, order[TOP_FAILED], k = 0;
	bool *taken = calloc(n ? n : 1, 1);
	if (!taken) {
		b->oom = true;
		return;
	}
	/* Selection by fewest passes; ties keep the exercise's order. */
	while (k < TOP_FAILED) {
		size_t best = n;
		for (size_t i = 0; i < n; i++)
			if (!taken[i] && c->passes[i] < c->graded && (best == n || c->passes[i] < c->passes[best]))
				best = i;
		if (best == n)
			break;
		taken[best] = true;
		order[k++] = best;
	}
	free(taken);
	if (!k) {
		gr_buf_puts(b, "<p>Every graded submission passed every criterion.</p>\n");
		return;
	}
	gr_buf_puts(b, "<ol class=\"failed\">\n");
	for (size_t j = 0; j < k; j++) {
		size_t i = order[j];
		const struct gr_criterion *cr = &c->ex->criteria[i];
		gr_buf_puts(b, "<li><strong>");
		esc(b, cr->title);
		gr_buf_puts(b, "</strong> <code>");
		esc(b, cr->id);
		gr_buf_printf(b, "</code>: failed by %zu of %zu (%.1f%%)", c->graded - c->passes[i], c->graded,
			      pct(c->graded - c->passes[i], c->graded));
		if (c->example[i]) {
			gr_buf_puts(b, "\n<blockquote>");
			esc(b, c->example[i]);
			gr_buf_puts(b, "</blockquote>");
		} else {
			gr_buf_puts(b, "\n<p class=\"none\">No example line: failing reports leave out what this criterion looks for.</p>");
		}
		gr_buf_puts(b, "</li>\n");
	}
	gr_buf_puts(b, "</ol>\n");
}

static void errors(struct gr_buf *b, const struct gr_cohort *c)
{
	if (!c->errors) {
		gr_buf_puts(b, "<p>Every submission could be graded.</p>\n");
		return;
	}
	gr_buf_puts(b, "<table>\n<thead><tr><th>student</th><th>reason</th></tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < c->nerr; i++) {
		gr_buf_puts(b, "<tr><td>");
		esc(b, c->err[i].student);
		gr_buf_puts(b, "</td><td>");
		esc(b, c->err[i].reason);
		gr_buf_puts(b, "</td></tr>\n");
	}
	gr_buf_puts(b, "</tbody>\n</table>\n");
	if (c->errors > c->nerr)
		gr_buf_printf(b, "<p>... and %zu more: see grades.csv.</p>\n", c->errors - c->nerr);
}

void gr_emit_html(struct gr_buf *b, const struct gr_cohort *c)
{
	const struct gr_exercise *ex = c->ex;
	size_t sum = 0, seen = 0;
	int median = 0;
	for (int s = 0; s <= ex->max_points; s++)
		sum += (size_t)s * c->hist[s];
	for (int s = 0; s <= ex->max_points; s++) {
		seen += c->hist[s];
		if (c->graded && seen * 2 >= c->graded) {
			median = s;
			break;
		}
	}
	gr_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	esc(b, ex->title);
	gr_buf_puts(b, ": cohort summary</title>\n<style>\n"
		       "body{font-family:system-ui,-apple-system,\"Segoe UI\",sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;line-height:1.45}\n"
		       "h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}\n"
		       "svg{max-width:100%;height:auto;font-size:12px}\n"
		       ".bar{fill:#3b6ea5}.low{fill:#c0504d}.track{fill:#eee}.axis{stroke:#888}\n"
		       ".n,.lab{text-anchor:middle;fill:#333}.id{text-anchor:end;fill:#333;font-family:ui-monospace,monospace}.pct{fill:#333}\n"
		       "blockquote{margin:.4rem 0 1rem;padding:.3rem .8rem;border-left:3px solid #c0504d;background:#faf5f5;font-family:ui-monospace,monospace;font-size:.85rem;white-space:pre-wrap;word-break:break-word}\n"
		       ".none{color:#666;font-size:.9rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}\n"
		       "</style>\n</head>\n<body>\n<h1>");
	esc(b, ex->title);
	gr_buf_puts(b, ": cohort summary</h1>\n");
	gr_buf_printf(b, "<p>%zu submissions: %zu graded, %zu could not be graded.", c->graded + c->errors, c->graded,
		      c->errors);
	if (c->graded)
		gr_buf_printf(b, " Mean score %.2f of %d, median %d; %zu (%.1f%%) earned full marks.",
			      (double)sum / (double)c->graded, ex->max_points, median, c->hist[ex->max_points],
			      pct(c->hist[ex->max_points], c->graded));
	gr_buf_puts(b, "</p>\n<h2>Scores</h2>\n");
	histogram(b, c);
	gr_buf_puts(b, "<h2>Pass rate per criterion</h2>\n");
	pass_rates(b, c);
	gr_buf_puts(b, "<h2>Most failed criteria</h2>\n");
	most_failed(b, c);
	gr_buf_puts(b, "<h2>Could not be graded</h2>\n");
	errors(b, c);
	gr_buf_puts(b, "</body>\n</html>\n");
}

void gr_cohort_free(struct gr_cohort *c)
{
	if (c->example)
		for (size_t i = 0; c->ex && i < c->ex->ncriteria; i++)
			free(c->example[i]);
	for (size_t i = 0; c->err && i < c->nerr; i++) {
		free(c->err[i].student);
		free(c->err[i].reason);
	}
	free(c->hist);
	free(c->passes);
	free(c->example);
	free(c->err);
	memset(c, 0, sizeof(*c));
}
