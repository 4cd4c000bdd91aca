/*
 * emit_json.c - the verdict as JSON, through jansson (see emit.h).
 */
#include "emit.h"

static bool shown(const struct gr_result *r, enum gr_audience who)
{
	return who == GR_FOR_INSTRUCTOR || r->criterion->visibility != GR_HIDDEN;
}

json_t *gr_verdict_json(const struct gr_verdict *v, enum gr_audience who)
{
	json_t *crit = json_array(), *warn = json_array();
	int score = 0, max = 0;
	bool passed = true;
	for (size_t i = 0; crit && i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (!shown(r, who))
			continue;
		json_t *ev = r->line ? json_pack("{s:i, s:s}", "line", r->line, "text", r->evidence) : json_null();
		json_t *o = json_pack("{s:s, s:s, s:b, s:i, s:i, s:s, s:o}", "id", r->criterion->id, "title",
				      r->criterion->title, "passed", r->passed, "points", r->points, "max_points",
				      r->criterion->points, "feedback", r->feedback, "evidence", ev);
		if (!o || json_array_append_new(crit, o) < 0)
			goto fail;
		score += r->points;
		max += r->criterion->points;
		passed &= r->passed;
	}
	for (size_t i = 0; warn && i < v->nwarnings; i++)
		if (json_array_append_new(warn, json_string(v->warnings[i])) < 0)
			goto fail;
	if (!crit || !warn)
		goto fail;
	return json_pack("{s:s, s:s, s:i, s:i, s:b, s:o, s:o}", "exercise", v->ex->id, "report", v->report,
			 "score", score, "max_score", max, "passed", passed, "criteria", crit, "warnings", warn);
fail:
	json_decref(crit);
	json_decref(warn);
	return NULL;
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
