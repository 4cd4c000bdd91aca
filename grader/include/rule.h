/*
 * rule.h - judging meaning: concept mentions with polarity, scopes,
 * counting and facts, evaluated over a parsed report.
 *
 * gr_analyse() scans the report once per concept (PCRE2 JIT) and records each
 * mention with its sentence, clause and polarity:
 *   - a mention is *negated* when its clause holds a negation cue on either
 *     side ("not", "n't", "never", "premature", "can wait", "later") or a
 *     deferral cue before it ("instead of", "rather than", "avoid", "before
 *     writing", "until"): "I would not write a custom attention kernel yet"
 *     is a rejected mention, not a proposal;
 *   - a sentence that touches four or more concepts with almost no function
 *     words ("the", "is", "because" ...), or a comma list of one- and
 *     two-word items, is *stuffed* (a keyword list, no claim): its mentions
 *     count for nothing.
 * Rules (exercise.h) then query mentions inside a scope: a field, a section
 * (falling back to the whole report when the learner wrote no such section)
 * or the report.
 *
 * Threads: a gr_scratch (patset.h) holds the PCRE2 match data, match limits
 * and JIT stack; use one per thread. The analysis borrows the report and
 * exercise.
 */
#ifndef GR_RULE_H
#define GR_RULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "exercise.h"
#include "report.h"

struct gr_mention {
	size_t start, end;
	unsigned sentence;
	unsigned clause;
	unsigned char negated;
	unsigned char stuffed; /* counts for nothing: in a keyword list, or a connective
				* with nothing after it ("... yet because.") */
};

struct gr_mentions {
	struct gr_mention *v;
	size_t n;
};

struct gr_quantity {
	double value;
	char unit;        /* 'm' ms, 'u' us, 's' s, '%' percent, 'f' bare fraction, 'c' calls, 'B' bytes, 0 none */
	size_t start, end;
	unsigned sentence;
	unsigned clause;
	unsigned char approx; /* "~", "about", "roughly" before it */
	unsigned char ratio;  /* a share the learner wrote as a division ("24.4 / 40.0 ms"):
			       * read for shares, never checked against the table */
	unsigned char of_other; /* "61% of CPU time", "61% of the calls": a share of something else than CUDA time */
};

struct gr_analysis {
	const struct gr_exercise *ex;
	const struct gr_report *r;
	struct gr_mentions *concepts;  /* ex->nconcepts */
	struct gr_mentions *rows;      /* ex->table.len: how learners name each op */
	struct gr_quantity *qty;
	size_t nqty;
	unsigned char *stuffed;        /* per sentence */
	unsigned char *continues;      /* per sentence: opens with "It", "Those 22 ms", ...: the same topic as the one before */
	size_t nstuffed;               /* how many sentences are stuffed */
	unsigned char *points_below;   /* per field: its value says "below" or "as follows" (list_below) */
};

int gr_analyse(struct gr_analysis *a, const struct gr_exercise *ex, const struct gr_report *r,
	       struct gr_scratch *s);
void gr_analysis_free(struct gr_analysis *a);

/* For exercise authors (`grader grade --explain`, or GRADER_EXPLAIN=1 for
 * any verb): fields, sections,
 * sentences and every mention with its polarity. */
void gr_analysis_dump(const struct gr_analysis *a, FILE *out);

struct gr_rule_result {
	bool passed;
	size_t evidence;   /* byte offset that decided the verdict, or (size_t)-1 */
	char detail[256];  /* what was counted or missing, "" when nothing to add */
};

/* Evaluate rule within scope (a criterion's scope, overridden by the rule's). */
void gr_rule_eval(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_scope scope,
		  struct gr_rule_result *res);

/* The byte range a scope covers in the report; empty when absent. */
struct gr_span gr_scope_span(const struct gr_report *r, struct gr_scope scope);

/* The CLI's verbs (NULL-terminated), for a report that pastes a command
 * ("grader new stretch" is the learner's command, not quoted feedback).
 * The library cannot see the command table (cli/main.c); a debug build of
 * the CLI checks the two agree every time it starts, so the sanitizer run
 * of the suite fails when a verb is added to one alone. */
extern const char *const gr_command_verbs[];

/* Numbers the learner quoted that contradict the table: each appended to
 * *out as a message (caller frees each and the array). */
int gr_fact_warnings(const struct gr_analysis *a, char ***out, size_t *n);

#endif
