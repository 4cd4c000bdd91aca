/*
 * emit.h - verdicts out: text for a terminal, JSON for tools.
 *
 * Emitters read a verdict and nothing else. JSON is built with jansson (no
 * hand-written escaping) and has exactly these keys:
 *   {"exercise", "report", "score", "max_score", "passed",
 *    "criteria": [{"id", "title", "passed", "points", "max_points",
 *                  "feedback", "evidence": {"line", "text"} | null}],
 *    "warnings": [...]}
 */
#ifndef GR_EMIT_H
#define GR_EMIT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "grade.h"

/* Which criteria an output shows: learners don't see hidden ones. */
enum gr_audience {
	GR_FOR_INSTRUCTOR, /* every criterion */
	GR_FOR_LEARNER,    /* visible and after_due_date criteria only */
};

/* The verdict as a new JSON object (caller json_decref()s), or NULL on OOM
 * or a string that is not UTF-8. */
json_t *gr_verdict_json(const struct gr_verdict *v, enum gr_audience who);

/* The same with "student" as its first member (a JSONL line of `bulk`);
 * student NULL leaves it out. */
json_t *gr_verdict_json_for(const struct gr_verdict *v, enum gr_audience who, const char *student);

/* Write the JSON object and a newline. Returns 0 or -1. */
int gr_emit_json(const struct gr_verdict *v, enum gr_audience who, FILE *out);

/* One line per criterion (mark, title, points), the feedback, the evidence
 * line; then warnings and the score. color: use ANSI colours. */
int gr_emit_text(const struct gr_verdict *v, enum gr_audience who, bool color, FILE *out);

/* Should output to this stream be coloured? A terminal, and NO_COLOR unset. */
bool gr_want_color(FILE *out);

#endif
