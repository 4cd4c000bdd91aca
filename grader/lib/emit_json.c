/*
 * emit_json.c - the verdict as JSON, through jansson (see emit.h).
 */
#include "emit.h"

static bool shown(const struct gr_result *r, enum gr_audience who)
{
	return who == GR_FOR_INSTRUCTOR || r->criterion->visibility != GR_HIDDEN;
}

/* Set o[key] = v (stolen), keys being our own ASCII literals; fails on a
 * NULL v (out of memory, or a string that is not UTF-8). */
static int put(json_t *o, const char *key, json_t *v)
{
	return v ? json_object_set_new_nocheck(o, key, v) : -1;
}

/* A string already known to be UTF-8: the exercise's own text (libyaml
 * accepts nothing else), feedback composed from it, and evidence cut from
 * the normalised report on a character boundary. Checking it again is a
 * pass over every byte of every line a batch writes; the dump walks it
 * anyway and fails on a bad sequence. */
static json_t *utf8(const char *s)
{
	return s ? json_string_nocheck(s) : NULL;
}

/* Built member by member rather than with json_pack: a batch builds one per
 * student, and pack re-reads its format string for every value. */
static json_t *criterion_json(const struct gr_result *r)
{
	json_t *o = json_object(), *ev = json_null();
	if (o && r->line) {
		ev = json_object();
		if (!ev || put(ev, "line", json_integer(r->line)) || put(ev, "text", utf8(r->evidence))) {
			json_decref(ev);
			ev = NULL;
		}
	}
	if (!o || put(o, "id", utf8(r->criterion->id)) || put(o, "title", utf8(r->criterion->title)) ||
	    put(o, "passed", json_boolean(r->passed)) || put(o, "points", json_integer(r->points)) ||
	    put(o, "max_points", json_integer(r->criterion->points)) || put(o, "feedback", utf8(r->feedback)) ||
	    put(o, "evidence", ev)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *gr_verdict_json_for(const struct gr_verdict *v, enum gr_audience who, const char *student)
{
	json_t *o = json_object(), *crit = json_array(), *warn = json_array();
	int score = 0, max = 0;
	bool passed = true;
	if (!o || !crit || !warn)
		goto fail;
	for (size_t i = 0; i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (!shown(r, who))
			continue;
		if (json_array_append_new(crit, criterion_json(r)) < 0)
			goto fail;
		score += r->points;
		max += r->criterion->points;
		passed &= r->passed;
	}
	for (size_t i = 0; i < v->nwarnings; i++)
		if (json_array_append_new(warn, json_string(v->warnings[i])) < 0)
			goto fail;
	if ((student && put(o, "student", json_string(student))) || put(o, "exercise", json_string(v->ex->id)) ||
	    put(o, "report", json_string(v->report)) || put(o, "score", json_integer(score)) ||
	    put(o, "max_score", json_integer(max)) || put(o, "passed", json_boolean(passed))) {
		json_decref(crit);
		json_decref(warn);
		json_decref(o);
		return NULL;
	}
	if (put(o, "criteria", crit) | put(o, "warnings", warn)) { /* both stolen, even on failure */
		json_decref(o);
		return NULL;
	}
	return o;
fail:
	json_decref(crit);
	json_decref(warn);
	json_decref(o);
	return NULL;
}

json_t *gr_verdict_json(const struct gr_verdict *v, enum gr_audience who)
{
	return gr_verdict_json_for(v, who, NULL);
}

int gr_emit_json(const struct gr_verdict *v, enum gr_audience who, FILE *out)
{
	json_t *o = gr_verdict_json(v, who);
	if (!o)
		return -1;
	int rc = json_dumpf(o, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(o);
	fputc('\n', out);
	return rc < 0 || ferror(out) ? -1 : 0;
}
