/*
 * diagram.h - a diagram written as code read for the words in it.
 *
 * Learners who think in pictures answer with diagram code: a ```mermaid
 * block ("W[\"Workload: 7B decode\"]", "t[tokenize] --> x[to_device]",
 * a gantt chart's "section tokenize"), or a Graphviz digraph
 * ("c [label=\"Top CUDA time\\naten::copy_ 61%\"];"). What the rules must
 * read is in the labels; the syntax around them is noise (node ids, "-->",
 * "rankdir=TB;"), and a fenced block would be read as code.
 *
 * Such a block is rewritten line for line: each line keeps its labels, in
 * order, nodes of one edge chain joined by " -> " ("tokenize -> to_device
 * -> prefill"); a Graphviz label's first "\n" after a short name becomes
 * ": " ("Top CUDA time: aten::copy_ 61%"); lines with no label (the fence,
 * "flowchart LR", "w -> h -> c;", "}") are left blank. Line N of the
 * output is line N of the input, and no line grows, so it works in place.
 * Text outside such blocks is untouched.
 */
#ifndef GR_DIAGRAM_H
#define GR_DIAGRAM_H

#include <stddef.h>

/* Rewrite the diagram blocks of buf[0, len) (normalised text: lines end
 * in '\n') in place; returns the new length (<= len), buf NUL-terminated.
 * Returns len, buf unchanged, when there is no diagram block. */
size_t gr_diagram_plain(char *buf, size_t len);

#endif
