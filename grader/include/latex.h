/*
 * latex.h - LaTeX and escaped markdown read as the text they typeset.
 *
 * Some learners write in LaTeX or paste from Overleaf and notebooks:
 * "\textbf{Workload:} ...", "\texttt{aten::copy\_}", "$\approx 35$~ms",
 * "\item ...", "\paragraph{Next experiment} ...", "% TODO: cut this". The
 * rules read prose, so such a report is rewritten as what it shows: the
 * commands' text kept and their markup dropped, lists as "- " items,
 * sectioning as headings and labels, a tabular's rows as "| a | b |",
 * footnotes as asides in parentheses, math as plain symbols, and comments
 * left out. Markdown's escaped underscores ("record\_shapes") are read as
 * the underscores they show in any report.
 *
 * Lines are kept: line N of the output is line N of the input, so evidence
 * and errors name the lines the learner wrote.
 */
#ifndef GR_LATEX_H
#define GR_LATEX_H

#include <stddef.h>

/* Is buf LaTeX: an environment, a list item, sectioning or a text command? */
int gr_latex_is(const char *buf, size_t len);

/* Rewrite buf[0, len) into out, which holds at least gr_latex_room(len)
 * bytes, and NUL-terminate it. latex: buf is LaTeX (gr_latex_is); when 0
 * only markdown's escapes are read. *comments is set when a comment was
 * left out. Returns the length written. */
size_t gr_latex_plain(const char *buf, size_t len, int latex, char *out, int *comments);

/* The room gr_latex_plain() may need for len bytes. */
size_t gr_latex_room(size_t len);

#endif
