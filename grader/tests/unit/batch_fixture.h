/*
 * batch_fixture.h - a small exercise and verdicts built by hand for the
 * batch emitters' tests (emit_batch.h read only ids, titles, points and
 * visibility), so these tests don't depend on any exercise file.
 */
#ifndef GR_TEST_BATCH_FIXTURE_H
#define GR_TEST_BATCH_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "grade.h"

static struct gr_criterion fx_criteria[] = {
	{ .id = "fields", .title = "All fields", .points = 1, .visibility = GR_VISIBLE },
	{ .id = "a,b", .title = "Quote \"me\" & <escape>", .points = 2, .visibility = GR_VISIBLE },
	{ .id = "secret", .title = "Hidden one", .points = 1, .visibility = GR_HIDDEN },
};

static struct gr_exercise fx_exercise = {
	.id = "ex-1",
	.title = "Exercise <One>",
	.criteria = fx_criteria,
	.ncriteria = 3,
	.max_points = 4,
};

/* A verdict with the given pass flags (one per criterion); evidence line 3
 * on each failed criterion when with_evidence. Free with gr_verdict_free(). */
static void fx_verdict(struct gr_verdict *v, const int *pass, int with_evidence, const char *evidence)
{
	memset(v, 0, sizeof(*v));
	v->ex = &fx_exercise;
	v->report = strdup("r.md");
	v->nresults = 3;
	v->results = calloc(3, sizeof(*v->results));
	v->max_score = fx_exercise.max_points;
	v->passed = 1;
	for (size_t i = 0; i < 3; i++) {
		struct gr_result *r = &v->results[i];
		r->criterion = &fx_criteria[i];
		r->passed = pass[i];
		r->points = pass[i] ? fx_criteria[i].points : 0;
		r->feedback = strdup(pass[i] ? "well done" : "try again");
		if (!pass[i] && with_evidence) {
			r->line = 3;
			r->evidence = strdup(evidence);
		}
		v->score += r->points;
		v->passed &= pass[i];
	}
}

#endif
