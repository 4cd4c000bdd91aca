/*
 * markup.h - wiki, org-mode, reStructuredText and AsciiDoc read as the
 * markdown the rules know.
 *
 * Learners write in the markup of their tools: "* Workload" (an org-mode
 * heading), ":Workload: 7B decode" (an rST field list), "Workload:: 7B"
 * (AsciiDoc and org descriptions), "== Not yet ==" (MediaWiki, AsciiDoc),
 * "'''Workload''':", "Not yet\n=======" (an rST title), "#+BEGIN_SRC ...
 * #+END_SRC", "[source,python]" over "----", "=verbatim=", "``copy_``".
 * (Jira and Confluence markup is read in text.c.)
 * Such a report is rewritten line for line as markdown: headings as "## ",
 * labels with one colon, code blocks fenced, inline code in backticks, and
 * the markup's own lines (#+TITLE:, :PROPERTIES: drawers, directives,
 * underlines) left blank. Line N of the output is line N of the input.
 */
#ifndef GR_MARKUP_H
#define GR_MARKUP_H

#include <stddef.h>

/* Can buf hold any of these markups (a cheap look at its line starts)?
 * 0: gr_markup_plain() would copy it unchanged. */
int gr_markup_possible(const char *buf, size_t len);

/* The room gr_markup_plain() may need for len bytes. */
size_t gr_markup_room(size_t len);

/* Rewrite buf[0, len) (normalised text: lines end in '\n') into out, which
 * holds gr_markup_room(len) bytes, NUL-terminated. Returns the length
 * written; text with none of these markups comes out as it went in. */
size_t gr_markup_plain(const char *buf, size_t len, char *out);

#endif
