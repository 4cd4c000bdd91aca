/*
 * emit_text.c - the verdict for a person at a terminal (see emit.h).
 */
#include "emit.h"

#include <stdlib.h>
#include <unistd.h>

bool gr_want_color(FILE *out)
{
	const char *nc = getenv("NO_COLOR");
	return isatty(fileno(out)) && !(nc && *nc);
}

int gr_emit_text(const struct gr_verdict *v, enum gr_audience who, bool color, FILE *out)
{
	const char *green = color ? "\033[32m" : "", *red = color ? "\033[31m" : "",
		   *dim = color ? "\033[2m" : "", *bold = color ? "\033[1m" : "", *off = color ? "\033[0m" : "";
	int score = 0, max = 0, npass = 0, n = 0;
	fprintf(out, "%s%s%s - %s\n\n", bold, v->ex->title, off, v->report);
	for (size_t i = 0; i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (who == GR_FOR_LEARNER && r->criterion->visibility == GR_HIDDEN)
			continue;
		n++;
		npass += r->passed;
		score += r->points;
		max += r->criterion->points;
		fprintf(out, "%s%s%s %s%s%s (%s) %d/%d\n", r->passed ? green : red, r->passed ? "PASS" : "FAIL", off,
			bold, r->criterion->title, off, r->criterion->id, r->points, r->criterion->points);
		fprintf(out, "     %s\n", r->feedback);
		if (r->line)
			fprintf(out, "     %sline %d: %s%s\n", dim, r->line, r->evidence, off);
	}
	for (size_t i = 0; i < v->nwarnings; i++)
		fprintf(out, "%s%swarning:%s %s\n", i == 0 ? "\n" : "", red, off, v->warnings[i]);
	fprintf(out, "\n%sscore %d/%d%s - %d of %d criteria passed\n", bold, score, max, off, npass, n);
	return ferror(out) ? -1 : 0;
}
