/*
 * grade.h - exercise x report -> verdict, criterion by criterion.
 *
 * A verdict says, for each criterion, whether it passed, the points earned,
 * the feedback that teaches (the criterion's pass or fail text, what the rule
 * counted, and where to read more) and the line that earned or lost it.
 * Warnings carry what the learner should know but is not a criterion: numbers
 * that contradict the table, text that was ignored (HTML comments, keyword
 * lists), invalid UTF-8, renamed or repeated labels.
 *
 * Ownership: the verdict owns its strings and borrows the exercise (which must
 * outlive it). gr_verdict_free() releases it; on a zeroed verdict it is a no-op.
 */
#ifndef GR_GRADE_H
#define GR_GRADE_H

#include <stdbool.h>

#include "exercise.h"
#include "report.h"
#include "rule.h"

struct gr_result {
	const struct gr_criterion *criterion;
	bool passed;
	int points;       /* earned: criterion->points or 0 */
	char *feedback;   /* the teaching text for this outcome */
	int line;         /* evidence line, 0 when none */
	char *evidence;   /* that line's text (trimmed, at most 200 bytes), or NULL */
};

struct gr_verdict {
	const struct gr_exercise *ex;
	char *report;     /* the report's name as given */
	int score;
	int max_score;
	bool passed;      /* every criterion passed */
	struct gr_result *results; /* ex->ncriteria entries, in the exercise's order */
	size_t nresults;
	char **warnings;
	size_t nwarnings;
};

/* Grade a parsed report. s: the calling thread's scratch, or NULL to make
 * one for this call (slower in a loop). Returns 0 or GR_ENOMEM. */
int gr_grade(struct gr_verdict *v, const struct gr_exercise *ex, const struct gr_report *r,
	     const char *name, struct gr_scratch *s);

/* Read, normalise, parse and grade a file. Input errors (NUL byte, size,
 * unreadable) return GR_EINPUT/GR_EIO with err set and v zeroed. */
int gr_grade_file(struct gr_verdict *v, const struct gr_exercise *ex, const char *path,
		  size_t max_size, struct gr_scratch *s, struct gr_error *err);

/* Grade an in-memory report (YAML examples, tests, fuzzing). */
int gr_grade_string(struct gr_verdict *v, const struct gr_exercise *ex, const char *text,
		    size_t len, const char *name, struct gr_scratch *s, struct gr_error *err);

void gr_verdict_free(struct gr_verdict *v);

#endif
