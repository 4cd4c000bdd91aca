/*
 * cmd_validate.c - `grader validate EXERCISE CORPUS_DIR`: how well the rules
 * agree with labels a person gave, per criterion.
 *
 * A report the grader refuses (a NUL byte, too big) counts as failing every
 * criterion, as it would for a learner.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "grade.h"

struct stats {
	int tp, tn, fa, fr; /* fa: graded pass, labelled fail; fr: the reverse */
};

static double kappa(const struct stats *s)
{
	double n = s->tp + s->tn + s->fa + s->fr;
	if (n == 0)
		return 1;
	double po = (s->tp + s->tn) / n;
	double pe = ((s->tp + s->fa) * (s->tp + s->fr) + (s->fr + s->tn) * (s->fa + s->tn)) / (n * n);
	return pe >= 1 ? (po >= 1 ? 1 : 0) : (po - pe) / (1 - pe);
}

static void count(struct stats *s, bool graded, bool label)
{
	if (graded && label) s->tp++;
	else if (!graded && !label) s->tn++;
	else if (graded) s->fa++;
	else s->fr++;
}

static void disagree(int quiet, const char *where, const struct gr_result *r, bool label)
{
	if (quiet)
		return;
	printf("  %s  %s: labelled %s, graded %s", where, r->criterion->id, label ? "pass" : "fail",
	       r->passed ? "pass" : "fail");
	if (r->line) {
		/* 80 bytes at most, cut at a character's start */
		size_t n = strlen(r->evidence);
		if (n > 80)
			for (n = 80; n > 0 && ((unsigned char)r->evidence[n] & 0xC0) == 0x80;)
				n--;
		printf("  (line %d: %.*s)", r->line, (int)n, r->evidence);
	}
	putchar('\n');
}

/* Grade the YAML examples of every criterion into stats. */
static int run_examples(const struct gr_exercise *ex, struct gr_scratch *s, struct stats *st, int quiet)
{
	for (size_t c = 0; c < ex->ncriteria; c++) {
		const struct gr_criterion *cr = &ex->criteria[c];
		for (size_t e = 0; e < cr->nexamples; e++) {
			struct gr_verdict v;
			struct gr_error err = { 0 };
			char where[512];
			snprintf(where, sizeof(where), "%s:%d (example)", ex->path, cr->examples[e].line);
			if (gr_grade_string(&v, ex, cr->examples[e].text, strlen(cr->examples[e].text), where, s, &err)) {
				cli_print_error(&err);
				gr_error_clear(&err);
				return -1;
			}
			count(&st[c], v.results[c].passed, cr->examples[e].expect);
			if (v.results[c].passed != cr->examples[e].expect)
				disagree(quiet, where, &v.results[c], cr->examples[e].expect);
			gr_verdict_free(&v);
		}
	}
	return 0;
}

/* qsort passes pointers to the elements: each a file name. */
static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int run_corpus(const struct gr_exercise *ex, const char *dir, json_t *labels, struct gr_scratch *s,
		      struct stats *st, int quiet, int *nreports)
{
	const char *file;
	json_t *lab;
	/* Sorted, so the listing is the same on every machine. */
	size_t n = json_object_size(labels), k = 0;
	const char **names = calloc(n ? n : 1, sizeof(char *));
	if (!names)
		return -1;
	json_object_foreach(labels, file, lab) names[k++] = file;
	qsort(names, n, sizeof(char *), by_name);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		file = names[i];
		lab = json_object_get(labels, file);
		if (!json_is_object(lab)) {
			cli_error("%s/labels.json: '%s' must map to an object of criterion ids", dir, file);
			rc = -1;
			break;
		}
		const char *id;
		json_t *val;
		json_object_foreach(lab, id, val) {
			if (gr_exercise_criterion(ex, id) < 0 || !json_is_boolean(val)) {
				cli_error("%s/labels.json: '%s' labels unknown criterion '%s' or not with true/false", dir, file, id);
				rc = -1;
			}
		}
		if (rc)
			break;
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s", dir, file);
		struct gr_verdict v;
		struct gr_error err = { 0 };
		int grc = gr_grade_file(&v, ex, path, GR_DEFAULT_MAX_REPORT, s, &err);
		if (grc == GR_EIO) {
			cli_print_error(&err);
			gr_error_clear(&err);
			rc = -1;
			break;
		}
		if (grc && !quiet)
			printf("  %s  refused as input (%s): counts as failing every criterion\n", path, err.message);
		gr_error_clear(&err);
		(*nreports)++;
		for (size_t c = 0; c < ex->ncriteria; c++) {
			json_t *l = json_object_get(lab, ex->criteria[c].id);
			if (!l)
				continue;
			bool label = json_is_true(l);
			bool graded = grc ? false : v.results[c].passed;
			count(&st[c], graded, label);
			if (graded != label) {
				if (grc) {
					if (!quiet)
						printf("  %s  %s: labelled pass, refused\n", path, ex->criteria[c].id);
				} else {
					disagree(quiet, path, &v.results[c], label);
				}
			}
		}
		if (!grc)
			gr_verdict_free(&v);
	}
	free(names);
	return rc;
}

int cmd_validate(int argc, char **argv)
{
	const char *args[2] = { NULL, NULL };
	double min = 0.95;
	int nargs = 0, quiet = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--min") && i + 1 < argc) {
			char *end;
			min = strtod(argv[++i], &end);
			if (*end || min < 0 || min > 1)
				return cli_usage_error("validate", "--min wants a number between 0 and 1, not '%s'", argv[i]);
		} else if (!strcmp(argv[i], "--quiet")) {
			quiet = 1;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error("validate", "unknown option '%s'", argv[i]);
		} else if (nargs < 2) {
			args[nargs++] = argv[i];
		} else {
			return cli_usage_error("validate", "too many arguments");
		}
	}
	if (nargs != 2)
		return cli_usage_error("validate", "need an exercise and a corpus folder");
	struct gr_exercise *ex;
	int rc = cli_load_exercise(args[0], &ex);
	if (rc)
		return rc;
	gr_exercise_jit(ex); /* many reports ahead */
	char lpath[4096];
	snprintf(lpath, sizeof(lpath), "%s/labels.json", args[1]);
	json_error_t jerr;
	json_t *labels = json_load_file(lpath, 0, &jerr);
	struct stats *st = calloc(ex->ncriteria, sizeof(*st));
	struct gr_scratch s = { 0 };
	int nreports = 0;
	if (!labels) {
		cli_error("%s:%d:%d: %s", lpath, jerr.line, jerr.column, jerr.text);
		rc = GR_EXIT_USAGE;
		goto done;
	}
	if (!json_is_object(labels) || !st || gr_scratch_init(&s)) {
		cli_error("%s: must be an object mapping report files to their labels", lpath);
		rc = GR_EXIT_USAGE;
		goto done;
	}
	if (!quiet)
		printf("disagreements:\n");
	if (run_examples(ex, &s, st, quiet) < 0 || run_corpus(ex, args[1], labels, &s, st, quiet, &nreports) < 0) {
		rc = GR_EXIT_USAGE;
		goto done;
	}
	printf("\n%s: %d reports from %s plus the YAML examples\n", ex->id, nreports, args[1]);
	printf("%-24s %5s %9s %6s %6s %7s\n", "criterion", "n", "agreement", "FA", "FR", "kappa");
	int below = 0;
	for (size_t c = 0; c < ex->ncriteria; c++) {
		int n = st[c].tp + st[c].tn + st[c].fa + st[c].fr;
		double agree = n ? (double)(st[c].tp + st[c].tn) / n : 1;
		int low = agree + 1e-9 < min;
		below |= low;
		printf("%-24s %5d %9.3f %6d %6d %7.3f%s\n", ex->criteria[c].id, n, agree, st[c].fa, st[c].fr,
		       kappa(&st[c]), low ? "  < min" : "");
	}
	printf("FA = false accepts (graded pass, labelled fail); FR = false rejects. min agreement %.2f: %s\n", min,
	       below ? "FAILED" : "ok");
	rc = below ? GR_EXIT_FAIL : GR_EXIT_PASS;
done:
	json_decref(labels);
	free(st);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return rc;
}
