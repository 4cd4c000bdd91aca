/*
 * emit_csv.c - the gradebook as RFC 4180 CSV (see emit_batch.h).
 *
 * Rows end in CRLF as the RFC says; Canvas, Moodle, spreadsheets and
 * Python's csv module all read that. One column per criterion id, because
 * criterion ids are stable: instructors map gradebook columns to them once.
 */
#include "emit_batch.h"

#include <string.h>

void gr_csv_field(struct gr_buf *b, const char *s)
{
	size_t n = strlen(s);
	bool quote = n && (s[0] == ' ' || s[n - 1] == ' ');
	if (!quote)
		quote = strpbrk(s, ",\"\r\n") != NULL;
	if (!quote) {
		gr_buf_add(b, s, n);
		return;
	}
	gr_buf_putc(b, '"');
	for (const char *p = s, *q; *p; p = q + 1) {
		q = strchr(p, '"');
		if (!q) {
			gr_buf_puts(b, p);
			break;
		}
		gr_buf_add(b, p, (size_t)(q - p) + 1);
		gr_buf_putc(b, '"'); /* "" is a literal quote */
	}
	gr_buf_putc(b, '"');
}

void gr_csv_header(struct gr_buf *b, const struct gr_exercise *ex)
{
	gr_buf_puts(b, "student,score,max_score");
	for (size_t i = 0; i < ex->ncriteria; i++) {
		gr_buf_putc(b, ',');
		gr_csv_field(b, ex->criteria[i].id);
	}
	gr_buf_puts(b, ",status\r\n");
}

void gr_csv_row(struct gr_buf *b, const struct gr_exercise *ex, const char *student,
		const struct gr_verdict *v, const char *reason)
{
	gr_csv_field(b, student);
	if (v) {
		gr_buf_printf(b, ",%d,%d", v->score, v->max_score);
		for (size_t i = 0; i < ex->ncriteria; i++)
			gr_buf_add(b, i < v->nresults && v->results[i].passed ? ",1" : ",0", 2);
		gr_buf_puts(b, ",graded\r\n");
		return;
	}
	gr_buf_printf(b, ",,%d", ex->max_points);
	for (size_t i = 0; i < ex->ncriteria; i++)
		gr_buf_putc(b, ',');
	gr_buf_putc(b, ',');
	struct gr_buf st = { 0 };
	gr_buf_puts(&st, "error: ");
	gr_buf_puts(&st, reason ? reason : "unknown");
	if (gr_buf_ok(&st))
		gr_csv_field(b, st.data);
	else
		b->oom = true;
	gr_buf_free(&st);
	gr_buf_puts(b, "\r\n");
}
