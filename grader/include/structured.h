/*
 * structured.h - a report written as data, read as the labelled lines it
 * stands for.
 *
 * Some learners hand in the five fields as JSON ({"top_cuda_time": "..."}),
 * a saved Jupyter notebook, YAML ("next_experiment: >-"), TOML or INI
 * ("next_experiment = \"...\""), or CSV/TSV rows ("Workload,\"7B decode\"").
 * The rules read prose, so such a report is rewritten as what it says:
 * each member an item of its own, "- key: value" (a CSV row "key:
 * value"; a key is a label: labels take underscores for spaces,
 * exercise.c; "topCudaTime" reads "top Cuda Time"), lists as "- " items,
 * a section ("[not_yet]") a heading, a notebook's markdown cells as they
 * are and its code cells fenced, and the packaging (braces, quotes,
 * comments, a notebook's metadata) left out. A value stays on the line it
 * was on, so evidence names the line the learner wrote; JSON written on
 * one line gives each member a line.
 *
 * Only a document that is wholly such data is rewritten: valid JSON, or
 * lines most of which are keys and values. A markdown report with a line
 * of code or a "Workload:" label is left alone.
 */
#ifndef GR_STRUCTURED_H
#define GR_STRUCTURED_H

#include <stddef.h>

/* The room gr_structured_plain() may need for len bytes. */
size_t gr_structured_room(size_t len);

/* Rewrite buf[0, len) into out (gr_structured_room(len) bytes, then
 * NUL-terminated) when it is JSON (a notebook too): run on the file as
 * read, before its text is normalised (a curly quote mapped to '"' would
 * end a string). Returns the length written, or 0 when buf is not JSON
 * (out is then unspecified). */
size_t gr_structured_json(const char *buf, size_t len, char *out);

/* The same for YAML, TOML/INI, CSV and tab-separated rows, run on
 * normalised text (lines end in '\n', tabs are spaces). 0 when buf is not
 * wholly one of them; out NULL: only whether it is (1 or 0). */
size_t gr_structured_lines(const char *buf, size_t len, char *out);

#endif
