/*
 * report.h - a learner's report, found in free text.
 *
 * The parser knows the field labels and section headings an exercise
 * declares, nothing of its criteria. From normalised text (text.h) it finds:
 *   - the fields, whatever the decoration ("**Workload:**", "- workload:",
 *     "## Workload", "| Workload | ... |"), with values that continue on the
 *     next lines; a renamed label ("Top GPU time:") serves the field's
 *     content but is marked GR_FIELD_ALIASED; an unlabelled report gets its
 *     fields inferred from sentences (GR_FIELD_INFERRED);
 *   - the follow-up answers (sections) by heading, else by number, else by
 *     inference;
 *   - list items, sentences and clauses, as byte ranges with line numbers.
 *
 * Ownership: gr_report_parse() fills a caller-provided struct that owns
 * everything inside; gr_report_free() releases it. The exercise must outlive
 * the report.
 */
#ifndef GR_REPORT_H
#define GR_REPORT_H

#include <stddef.h>

#include "error.h"
#include "exercise.h"
#include "text.h"

enum gr_field_state {
	GR_FIELD_MISSING,
	GR_FIELD_LABELLED, /* one of the accepted labels */
	GR_FIELD_ALIASED,  /* a renamed label: content usable, label not earned */
	GR_FIELD_INFERRED, /* no label: the sentence that plays the field */
};

struct gr_span {
	size_t start, end;   /* byte range in text.buf */
	size_t start2, end2; /* a second range (a field written twice), empty when equal */
};

struct gr_report_field {
	enum gr_field_state state;
	int line;             /* line of the label (or of the inferred sentence) */
	struct gr_span value; /* the value, possibly over several lines */
	int repeated;         /* the label appears more than once */
	int late;             /* first labelled after an edit's mark ("EDIT: forgot a line. Hardware: L4") */
	struct gr_span more;  /* the last repeat's value, when it has content: it counts too
			       * (repeats on the lines right after it run on into it) */
	int misspelled;       /* renamed by a typo of the label ("Hardwre:"): read as the
			       * field, but the template's spelling earns it */
	int placeholder;      /* labelled, but the value stands in for one ("N/A", "see
			       * below"): the field is empty, and its content is
			       * inferred from the report as for a missing one */
	int honest;           /* the value says it is not known ("unknown", "?") where the
			       * exercise gives none: an answer, neither empty nor a placeholder */
};

struct gr_report_section {
	int found;   /* 0, or how: 1 heading, 2 number, 3 inferred */
	int line;
	struct gr_span span;
};

struct gr_item {
	struct gr_span span; /* the item's text, marker excluded */
	int line;
	int indent;
	int number;          /* numbered items: the number, else 0 */
};

struct gr_report {
	struct gr_text text;
	const struct gr_exercise *ex;
	struct gr_report_field *fields;     /* ex->nfields entries */
	struct gr_report_section *sections; /* ex->nsections entries */
	struct gr_item *items;
	size_t nitems;
	struct gr_span *sentences;
	size_t nsentences;
	struct gr_span *clauses;
	size_t nclauses;
	size_t *clause_sentence;            /* clause i lies in sentence clause_sentence[i] */
	unsigned char *label_line;          /* per line: 1 if it is a field label line */
	unsigned char *code_line;           /* per line: 1 inside a fenced code block */
	unsigned char *old_line;            /* per line, withdrawn: 1 in an earlier version the learner
					     * marked replaced ("### v1 (superseded)"), 2 in a classmate's
					     * report the learner reviews ("Reviewing Sam's report:"), 3 in
					     * the wrong answers a learner lists ("### Common mistakes"), 4 a
					     * self-check's bare tick ("- [x] no custom attention"), 5 a
					     * report quoted in a code block beside the learner's own, 6 a
					     * line of mistakes after its label ("Common mistakes: ..."), 7 a
					     * position argued and not taken ("Counter (steelman): ..."), 8
					     * the task's own words pasted ("Rubric:", "Prompt:") */
	int *note_of;                       /* per line, or NULL when no line opens with a footnote
					     * mark: the line (1-based) whose mark this line's note
					     * answers ("[^1]: ..." for "... bf16 at load [^1]"), 0 */
	int words;                          /* words outside field labels */
	char other[32];                     /* the exercise the file was started for, when another
					     * ("grader new part-b" on its first line): not graded; "" */
	struct gr_span *deferred;           /* blocks under a deferred section's heading */
	size_t ndeferred;
	struct gr_trigrams *tri;            /* which patterns can match at all (patset.h) */
};

/* Parse normalised text (taking ownership of *text on success and failure:
 * it is moved into the report). s is the thread's scratch, or NULL for a
 * temporary one. Returns 0 or GR_ENOMEM. */
int gr_report_parse(struct gr_report *r, const struct gr_exercise *ex, struct gr_text *text,
		    struct gr_scratch *s, struct gr_error *err);

/* Read, normalise and parse a file in one call. Errors: see gr_read_file and
 * gr_text_normalize. */
int gr_report_load(struct gr_report *r, const struct gr_exercise *ex, const char *path,
		   size_t max_size, struct gr_scratch *s, struct gr_error *err);

/* Parse an in-memory report (used for YAML examples and tests). */
int gr_report_from_string(struct gr_report *r, const struct gr_exercise *ex, const char *str,
			  size_t len, const char *name, struct gr_scratch *s, struct gr_error *err);

void gr_report_free(struct gr_report *r);

/* Does sentence s open with a pronoun ("It's 0 ms on the GPU", "Those 22 ms
 * ...", "That's the thing I would not optimise yet") in the same paragraph
 * as sentence s - 1, so that it is still about what that one named? */
int gr_sentence_continues(const struct gr_report *r, size_t s);

#endif
