/*
 * exercise.h - an exercise loaded from YAML: the prompt, the table, the
 * report's field labels, named concepts and the criteria that reference them.
 *
 * The grader knows no exercise by name: everything an author can change lives
 * in exercises/<id>.yaml (schema: docs/authoring.md). Loading validates the
 * whole file, compiles every pattern once (caseless, UTF, UCP; matched only
 * against normalised, valid UTF-8, see patset.h; JIT-compiled when reused)
 * and fails with the first problem located at
 * file:line:col (YAML marks are 0-based; these are 1-based). A bad regex
 * names its criterion or concept and the offset in the pattern.
 *
 * A loaded exercise is read-only and may be shared by threads: each grading
 * thread brings its own struct gr_scratch (rule.h).
 *
 * Ownership: gr_exercise_load() returns an exercise owned by the caller,
 * released with gr_exercise_free(), which frees every string, pattern and
 * rule inside. gr_exercise_free(NULL) is a no-op.
 */
#ifndef GR_EXERCISE_H
#define GR_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "patset.h"
#include "table.h"

#define GR_MAX_RULE_DEPTH 32         /* nested all/any/not */
#define GR_MAX_YAML_NODES 200000     /* node visits while loading: stops alias bombs */
#define GR_MAX_YAML_BYTES (4 << 20)  /* exercise file size */

enum gr_visibility {
	GR_VISIBLE,        /* shown to learners and instructors */
	GR_HIDDEN,         /* instructors' outputs only */
	GR_AFTER_DUE_DATE, /* shown to learners once the due date has passed (Gradescope) */
};

enum gr_scope_kind {
	GR_SCOPE_INHERIT, /* a rule node without scope uses its parent's */
	GR_SCOPE_REPORT,  /* the whole report */
	GR_SCOPE_FIELD,   /* one of the five fields (labelled, renamed or inferred) */
	GR_SCOPE_SECTION, /* a follow-up answer: numbered item or heading */
	GR_SCOPE_SPAN,    /* start..end of the text (one line, for `lines`) */
};

struct gr_scope {
	enum gr_scope_kind kind;
	int index; /* field or section index */
	size_t start, end; /* GR_SCOPE_SPAN */
};

enum gr_polarity {
	GR_POL_ANY,      /* every mention counts */
	GR_POL_AFFIRMED, /* only mentions with no negation or deferral cue */
	GR_POL_NEGATED,  /* only rejected or deferred mentions */
	GR_POL_PROPOSED, /* affirmed, and not in a clause that explains ("so the
			  * copy cost is amortised", "since it's probably casts") */
};

enum gr_rule_kind {
	GR_RULE_ALL,         /* every child holds */
	GR_RULE_ANY,         /* some child holds */
	GR_RULE_NOT,         /* the child does not hold */
	GR_RULE_CONCEPT,     /* a mention of a concept (polarity, near) */
	GR_RULE_DISTINCT,    /* at least `min` of the listed concepts mentioned */
	GR_RULE_FIELDS,      /* the listed fields present with content */
	GR_RULE_FIELD_ORDER, /* the listed fields labelled exactly, in this order */
	GR_RULE_EXPERIMENTS, /* count the experiments proposed in scope */
	GR_RULE_BULLETS,     /* count list items in scope */
	GR_RULE_FACT,        /* a quoted number checked against the table */
	GR_RULE_WORDS,       /* at least `min` words of the learner's own */
	GR_RULE_COUNT,       /* distinct texts of a concept's mentions, between min and max */
	GR_RULE_LINES,       /* lines of the scope on which the child rule holds, between min and max */
};

enum gr_metric {
	GR_METRIC_CUDA_SHARE, /* percent of total CUDA time */
	GR_METRIC_CUDA_MS,
	GR_METRIC_CPU_MS,
	GR_METRIC_CALLS,
};

struct gr_rule {
	enum gr_rule_kind kind;
	struct gr_scope scope;       /* GR_SCOPE_INHERIT unless the node sets one */
	struct gr_rule **kids;       /* all / any / not */
	size_t nkids;
	int concept;                 /* concept index (concept, fact), -1 if none */
	int near;                    /* concept that must share the sentence, -1 if none */
	int unless;                  /* concept whose clause voids a mention ("In Part A the
				      * matmul was real math": about the other table), -1 */
	int *before;                 /* concept: its mention must come before every affirmed
				      * mention of these concepts in scope ("leads with") */
	size_t nbefore;
	int *apart;                  /* near, in code: a range block whose body also holds one of
				      * these concepts is near none of its statements (a `prefill`
				      * range around the tokenizer and the copy separates neither) */
	size_t napart;
	enum gr_polarity polarity;
	int *list;                   /* concept indexes (distinct, experiments) or field indexes */
	size_t nlist;
	int action;                  /* experiments: the concept of an action verb, -1 if none */
	int measure;                 /* experiments: re-measuring verbs, counted only as a first action, -1 if none */
	int min, max;                /* -1 when unset */
	int row;                     /* fact: table row index */
	enum gr_metric metric;       /* fact */
	double tolerance;            /* fact: absolute, in the metric's unit */
	bool whole;                  /* concept: a mention that is the scope's whole text, bar
				      * spaces, markup and end punctuation ("Next experiment: fix
				      * the copies." names a goal and nothing else) */
	int line, col;               /* where the rule is in the YAML, for lint */
};

struct gr_concept {
	char *id;
	struct gr_patset set; /* its patterns, each with its literal prefilter */
	char **patterns;      /* the author's patterns, kept for lint/docs */
	size_t npatterns;
	bool used;            /* referenced by some rule (lint) */
	bool fault;           /* the subject of rule nodes (a `count`, or a `distinct` list's member)
			       * only under a `not` ("the tokenizer left out of the ranges"):
			       * a fault the learner must not commit, so warning against it in
			       * a list of mistakes commits nothing, and it is no keyword
			       * when counting a sentence's concepts for stuffing */
};

struct gr_field {
	char *id;
	char *label;          /* canonical label, as the template spells it */
	pcre2_code *label_re; /* accepted spellings: earn report-fields */
	pcre2_code *alias_re; /* renamed forms: serve the content, don't earn the field, or NULL */
	pcre2_code *infer_re; /* a sentence that plays this field when unlabelled, or NULL */
	uint8_t label_first[32], alias_first[32]; /* bitmaps: bytes a match may start with */
	struct gr_gate label_gate, alias_gate, infer_gate; /* literals a match must hold */
	bool proposal;        /* its value is a proposal: what it lists is proposed, never a keyword list */
};

struct gr_section {
	char *id;
	char *title;
	int number;             /* the prompt's numbered follow-up, 0 if none */
	pcre2_code *heading_re; /* a heading/label that opens it, or NULL */
	pcre2_code *infer_re;   /* sentences that play it when no heading or number, or NULL */
	bool deferred;          /* everything in it is something not to do now ("not yet") */
	uint8_t heading_first[32]; /* bitmap: bytes a heading may start with */
	struct gr_gate heading_gate, infer_gate; /* literals a match must hold */
};

struct gr_example {
	char *text;
	bool expect; /* the labelled verdict */
	int line;    /* where it is in the YAML */
};

struct gr_criterion {
	char *id;
	char *title;
	int points;
	struct gr_scope scope;
	struct gr_rule *rule;
	char *pass;      /* feedback when passed */
	char *fail;      /* feedback when failed */
	char **hints;    /* progressive, never the answer */
	size_t nhints;
	char *docs;      /* docs anchor, e.g. "docs/part-a.md#math-vs-movement" */
	enum gr_visibility visibility;
	struct gr_example *examples;
	size_t nexamples;
	int line;        /* where the criterion starts in the YAML */
	/* id, title, pass and fail as JSON strings, encoded by jansson once at
	 * load (NULL: encode when needed): a batch copies them per student. */
	char *json_id, *json_title, *json_pass, *json_fail;
};

struct gr_kv {
	char *key;
	char *value;
};

struct gr_exercise {
	char *path;
	char *id;
	char *title;
	char *prompt;        /* markdown, the seed's text */
	char *hardware;
	char *known_text;    /* text learners may paste that is not their answer (the workbook's check), or NULL */
	struct gr_kv *workload;
	size_t nworkload;
	struct gr_table table;
	struct gr_patset *row_alias; /* per table row: how learners name the op */
	struct gr_field *fields;
	size_t nfields;
	struct gr_section *sections;
	size_t nsections;
	struct gr_concept *concepts;
	size_t nconcepts;
	struct gr_criterion *criteria;
	size_t ncriteria;
	struct gr_patset negation; /* cues that negate (either side in a clause) */
	struct gr_patset deferral; /* cues that defer what follows them */
	struct gr_patset clause;   /* words that open a new clause */
	pcre2_code *quantity_re; /* numbers with units, for facts */
	struct gr_patset echo;   /* the prompt's own lines, sentences of the feedback: copying them back earns nothing */
	struct gr_patset echo_heading; /* titles: a copy when alone on a line, or before a colon (report.c) */
	bool plan_lists;         /* a list's items share one plan ("- use range_push", "- one
				  * for the tokenizer"): `near` reaches into the item
				  * beside, as in prose; else each item says its own thing */
	bool name_lists;         /* a list of names in code spans is an answer, not keyword
				  * stuffing (the exercise asks for names) */
	double pct_tolerance;    /* facts: percentage points */
	double ms_tolerance;     /* facts: relative, e.g. 0.08 */
	int max_points;
	char *json_id;           /* id as a JSON string (see gr_criterion), or NULL */
	size_t compiled;         /* patterns the load compiled; the rest came from the
				  * cache file of the last run (pcache.h) */
	bool yaml_kept;          /* the YAML document came from that file (ydoc.h), not libyaml */
};

/* Load and compile path. On failure returns GR_EINPUT/GR_EIO/GR_ENOMEM with
 * err located, and *out untouched. */
int gr_exercise_load(struct gr_exercise **out, const char *path, struct gr_error *err);

/* Resolve an exercise argument: a path to a .yaml file, or an id looked up in
 * ./exercises/, then $GRADER_EXERCISES, then the installed data dir. Writes
 * the path into buf. Returns 0 or GR_EINPUT with a message listing where it looked. */
int gr_exercise_find(const char *arg, char *buf, size_t n, struct gr_error *err);

/* Index of a criterion/field/concept/section by id, or -1. */
int gr_exercise_criterion(const struct gr_exercise *ex, const char *id);
int gr_exercise_field(const struct gr_exercise *ex, const char *id);
int gr_exercise_concept(const struct gr_exercise *ex, const char *id);
int gr_exercise_section(const struct gr_exercise *ex, const char *id);

/* Compile one pattern as the exercises do (caseless, UTF, UCP, offset limit
 * usable; not JIT-compiled: see gr_exercise_jit). On a
 * bad pattern returns NULL and fills msg (size n) with the PCRE2 message and
 * *offset with the offset in the pattern. */
pcre2_code *gr_compile(const char *pattern, char *msg, size_t n, size_t *offset);

/* JIT-compile every pattern now, as batch verbs (bulk, validate, lint) do
 * before grading many reports. Without it, concept patterns are JIT-compiled
 * when a second report needs them and the rest are interpreted: on a single
 * report that is faster than compiling. Not thread-safe with grading: call
 * it before sharing the exercise. */
void gr_exercise_jit(struct gr_exercise *ex);

void gr_exercise_free(struct gr_exercise *ex);

#endif
