/*
 * emit_batch.h - what `grader bulk` writes for a class: a gradebook CSV row,
 * a JSONL line and a feedback file per student, and a cohort summary page.
 *
 * Like emit.h, these read verdicts and nothing else. They are split so the
 * per-student parts run on worker threads (each builds its bytes in a
 * gr_buf or a malloc'd string) while the cohort statistics are accumulated by
 * the one thread that writes, in student order, which makes every output
 * byte-identical whatever the number of threads.
 *
 * Audiences: the CSV, the JSONL and the summary are for instructors (every
 * criterion, hidden ones included); feedback files are for learners
 * (GR_FOR_LEARNER: hidden criteria left out).
 *
 * A submission that could not be graded has no verdict: the *_error
 * variants take the reason (a gr_error message) instead.
 */
#ifndef GR_EMIT_BATCH_H
#define GR_EMIT_BATCH_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "grade.h"

#define GR_STUDENT_MAX 64 /* bytes in a sanitised student id, without the NUL */

/* ---- student ids (emit_student.c) ---- */

/* Make raw (a file stem or folder name) safe as a file name and a CSV cell:
 * ASCII letters, digits and "_-.+@" are kept, as are printable non-ASCII
 * UTF-8 characters (names like "José"); everything else - '/', '\\', control
 * and invisible/bidi characters, invalid UTF-8, spaces, quotes - becomes '_'.
 * A '.' after a '.' becomes '_' (no ".."), as does a trailing '.', and a
 * leading '.', '-', '+' or '@' (no hidden files, options or spreadsheet
 * formulas). The result
 * is cut to GR_STUDENT_MAX bytes on a character boundary and is never empty.
 * out must hold GR_STUDENT_MAX + 1 bytes. Returns 1 when something was
 * changed, 0 when raw was already safe. */
int gr_student_id(char out[GR_STUDENT_MAX + 1], const char *raw);

/* ---- per-student outputs (emit_student.c) ---- */

/* The JSONL line: gr_verdict_json(v, GR_FOR_INSTRUCTOR) - the object
 * `grade --format json --all` prints - with "student" added first, compact,
 * without the newline. Returns a malloc'd string, or NULL on OOM. */
char *gr_student_jsonl(const struct gr_verdict *v, const char *student);

/* The same keys for a submission that could not be graded: "score" null,
 * "passed" false, "criteria" and "warnings" empty, plus "error": reason. */
char *gr_student_error_jsonl(const struct gr_exercise *ex, const char *student, const char *report,
			     const char *reason);

/* The learner's feedback as Markdown into b: score, what to work on (failed
 * criteria with their feedback and the line that decided), what is done well,
 * and the warnings. Hidden criteria are left out. */
void gr_student_feedback(struct gr_buf *b, const struct gr_verdict *v, const char *student);

/* Feedback for a submission that could not be graded: why, and what to do. */
void gr_student_error_feedback(struct gr_buf *b, const struct gr_exercise *ex, const char *student,
			       const char *reason);

/* ---- the gradebook CSV (emit_csv.c) ---- */

/* One RFC 4180 field: quoted (with "" for ") when it holds a comma, a quote,
 * CR or LF, or starts/ends with a space; as is otherwise. */
void gr_csv_field(struct gr_buf *b, const char *s);

/* The header: student,score,max_score,<criterion id>...,status and CRLF. */
void gr_csv_header(struct gr_buf *b, const struct gr_exercise *ex);

/* One row and CRLF. v graded: score, max_score (every criterion, hidden
 * ones included), 1 or 0 per criterion, "graded". v NULL: empty score and
 * criterion cells, max_score, and "error: <reason>". */
void gr_csv_row(struct gr_buf *b, const struct gr_exercise *ex, const char *student,
		const struct gr_verdict *v, const char *reason);

/* ---- the cohort summary (emit_html.c) ---- */

#define GR_COHORT_MAX_ERRORS 1000 /* listed on the page; more are only counted */

struct gr_cohort_error {
	char *student;
	char *reason;
};

/* What the summary page shows, accumulated one student at a time. Memory is
 * bounded whatever the class size: counts per score and per criterion, one
 * example line per criterion, the first GR_COHORT_MAX_ERRORS errors. */
struct gr_cohort {
	const struct gr_exercise *ex; /* borrowed */
	size_t graded;
	size_t errors;
	size_t *hist;      /* ex->max_points + 1 counts, by score */
	size_t *passes;    /* ex->ncriteria counts */
	char **example;    /* per criterion: an anonymised failing line, or NULL */
	struct gr_cohort_error *err; /* the first errors, in the order added */
	size_t nerr;
};

/* Returns 0 or GR_ENOMEM. gr_cohort_free() on a zeroed cohort is a no-op. */
int gr_cohort_init(struct gr_cohort *c, const struct gr_exercise *ex);

/* Count a graded verdict. The first failing line kept for a criterion has
 * the student's id and anything shaped like an e-mail address masked.
 * Returns 0 or GR_ENOMEM. */
int gr_cohort_add(struct gr_cohort *c, const char *student, const struct gr_verdict *v);

/* Count a submission that could not be graded. Returns 0 or GR_ENOMEM. */
int gr_cohort_add_error(struct gr_cohort *c, const char *student, const char *reason);

/* The page: one self-contained HTML file (inline CSS and SVG, no script, no
 * external resource) with the score histogram, pass rate per criterion, the
 * most failed criteria with their example line, and the submissions that
 * could not be graded. Deterministic: no dates, no timings. */
void gr_emit_html(struct gr_buf *b, const struct gr_cohort *c);

void gr_cohort_free(struct gr_cohort *c);

#endif
