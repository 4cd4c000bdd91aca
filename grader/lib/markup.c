/*
 * markup.c - wiki, org-mode, reStructuredText and AsciiDoc read as the
 * markdown the rules know (see markup.h).
 *
 * Line by line. What is safe in any report (an rST field list's leading
 * colon, "Word:: value", "== Heading ==", '''bold''', an underlined
 * title, ``literal``) is always read (Jira and Confluence markup is
 * jira_markup's, in text.c); what
 * would misread markdown (a "* " line as a heading, =x= as code) only in a
 * report that shows org-mode's own lines (#+TITLE:, #+BEGIN_SRC, a
 * :PROPERTIES: drawer, a "** " heading).
 */
#include "markup.h"

#include "chars.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

struct mo {
	char *p;
	size_t n;
};

static void put(struct mo *o, const char *s, size_t k)
{
	memcpy(o->p + o->n, s, k);
	o->n += k;
}

static size_t skip_sp(const char *b, size_t i, size_t e)
{
	while (i < e && b[i] == ' ')
		i++;
	return i;
}

static int starts(const char *b, size_t i, size_t e, const char *lit)
{
	size_t n = strlen(lit);
	return e - i >= n && !strncasecmp(b + i, lit, n);
}

/* A line of one character repeated, three or more: an rST underline. */
static int underline(const char *b, size_t s, size_t e)
{
	size_t t = e;
	while (t > s && b[t - 1] == ' ')
		t--;
	if (t - s < 3 || !strchr("=-~^*+#", b[s]))
		return 0;
	for (size_t i = s; i < t; i++)
		if (b[i] != b[s])
			return 0;
	return (int)(t - s);
}

/* Is [s, e) a line that an underline could title: short text, not a list
 * item, a table's row or a heading already? */
static int titled(const char *b, size_t s, size_t e)
{
	size_t i = skip_sp(b, s, e);
	if (i == e || i > s || e - i > 60 || strchr("-*+|#>=:", b[i]) || isdigit((unsigned char)b[i]))
		return 0;
	if (memchr(b + i, ':', e - i) || strchr(".,;", b[e - 1]))
		return 0; /* "Workload: 7B" over a rule is a label; a sentence is no title */
	return 1;
}

/* Is [s, e) a title underlined by [us, ue) ("Not yet\n======="): the
 * underline at least half as long as the title. */
static int title_over(const char *b, size_t s, size_t e, size_t us, size_t ue)
{
	int u = underline(b, us, ue);
	return u && titled(b, s, e) && (size_t)u * 2 >= e - s;
}

/* "Workload:: 7B", "- Workload :: 7B": where the "::" of a description's
 * term is (a term of words, as a label is), or 0. Not "aten::to". */
static size_t description(const char *b, size_t i, size_t e)
{
	size_t k = i;
	if (k + 1 < e && (b[k] == '-' || b[k] == '*') && b[k + 1] == ' ')
		k = skip_sp(b, k + 2, e);
	size_t t = k;
	while (t < e && t - k < 48 && (isalnum((unsigned char)b[t]) || strchr(" /&()_.-", b[t]) || (unsigned char)b[t] >= 0x80))
		t++;
	if (t == k || t + 1 >= e || b[t] != ':' || b[t + 1] != ':' || (t + 2 < e && b[t + 2] != ' '))
		return 0;
	return t;
}

/* Inline markup over [i, e): '''bold''' and ''italic'' (wiki), ``literal``
 * (rST) as code in backticks, and in org-mode =verbatim= and ~code~. */
static void inline_text(struct mo *o, const char *b, size_t i, size_t e, int org)
{
	while (i < e) {
		if (b[i] == '\'' && i + 1 < e && b[i + 1] == '\'') {
			size_t q = i;
			while (q < e && b[q] == '\'')
				q++;
			size_t run = q - i;
			if (run == 2 || run == 3 || run == 5) {
				i = q; /* the quotes of '''bold''': markup only */
				continue;
			}
		}
		if (i + 1 < e && b[i] == '`' && b[i + 1] == '`') {
			char c = '`';
			const char *close = NULL;
			for (size_t j = i + 2; j + 1 < e; j++)
				if (b[j] == c && b[j + 1] == c) {
					close = b + j;
					break;
				}
			if (close && close > b + i + 2) {
				put(o, "`", 1);
				put(o, b + i + 2, (size_t)(close - (b + i + 2)));
				put(o, "`", 1);
				i = (size_t)(close - b) + 2;
				continue;
			}
		}
		if (org && (b[i] == '=' || b[i] == '~') && (i == 0 || !isalnum((unsigned char)b[i - 1]))) {
			const char *close = memchr(b + i + 1, b[i], e - i - 1);
			if (close && close > b + i + 1 && b[i + 1] != ' ' && close[-1] != ' ' &&
			    (close + 1 == b + e || !isalnum((unsigned char)close[1]))) {
				put(o, "`", 1);
				put(o, b + i + 1, (size_t)(close - (b + i + 1)));
				put(o, "`", 1);
				i = (size_t)(close - b) + 1;
				continue;
			}
		}
		put(o, b + i, 1);
		i++;
	}
}

/* Is the report org-mode: "#+TITLE:", "#+BEGIN_SRC", a ":PROPERTIES:"
 * drawer or a "** " heading? */
static int is_org(const char *b, size_t len)
{
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		if (starts(b, s, e, "#+") || starts(b, s, e, ":PROPERTIES:") || starts(b, s, e, "** "))
			return 1;
		s = e + 1;
	}
	return 0;
}

/* Does the report head its parts as a wiki does ("== Hypotheses ==")? Its
 * "# item" lines are then a numbered list, not markdown headings. */
static int is_wiki(const char *b, size_t len)
{
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		while (e > s && b[e - 1] == ' ')
			e--;
		if (e - s >= 6 && starts(b, s, e, "== ") && b[e - 1] == '=' && b[e - 2] == '=')
			return 1;
		s = (nl ? (size_t)(nl - b) : len) + 1;
	}
	return 0;
}

int gr_markup_possible(const char *b, size_t len)
{
	/* '''bold''', ``literal``, "Term:: value": found through memchr, far
	 * cheaper than memmem for two-byte needles */
	for (const char *p = b, *end = b + len; (p = memchr(p, '\'', (size_t)(end - p))) && p + 1 < end; p++)
		if (p[1] == '\'')
			return 1;
	for (const char *p = b, *end = b + len; (p = memchr(p, '`', (size_t)(end - p))) && p + 1 < end; p++)
		if (p[1] == '`')
			return 1;
	for (const char *p = b, *end = b + len; (p = memchr(p, ':', (size_t)(end - p))) && p + 1 < end; p++)
		if (p[1] == ':' && (p + 2 == end || p[2] == ' ' || p[2] == '\n'))
			return 1;
	for (size_t s = 0; s < len;) { /* a line that opens with a markup's character, or an underline */
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len, i = skip_sp(b, s, e);
		if (i < e && (strchr(":=.+[", b[i]) || (i + 2 < e && !memcmp(b + i, "** ", 3)) || (b[i] == '#' && i + 1 < e && b[i + 1] == '+') ||
			      (b[i] == '#' && i + 1 < e && b[i + 1] == '.') || underline(b, i, e)))
			return 1;
		s = e + 1;
	}
	return 0;
}

size_t gr_markup_room(size_t len)
{
	return 2 * len + 64; /* "* X" -> "## X", "Title" -> "## Title": a few bytes a line */
}

size_t gr_markup_plain(const char *b, size_t len, char *out)
{
	struct mo o = { out, 0 };
	int org = is_org(b, len), wiki = is_wiki(b, len), drawer = 0, source = 0; /* source: after "[source,...]" */
	size_t prev_s = 0, prev_e = 0; /* the line before, in the input */
	int have_prev = 0;
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		size_t i = skip_sp(b, s, e);
		size_t next_s = e + 1, next_e = next_s;
		while (next_e < len && b[next_e] != '\n')
			next_e++;
		int last = next_s >= len;
		if (drawer) { /* an org drawer: properties, not the answer */
			if (starts(b, i, e, ":END:"))
				drawer = 0;
		} else if (org && starts(b, i, e, ":PROPERTIES:")) {
			drawer = 1;
		} else if (org && (starts(b, i, e, "#+BEGIN_SRC") || starts(b, i, e, "#+END_SRC") ||
				   starts(b, i, e, "#+BEGIN_EXAMPLE") || starts(b, i, e, "#+END_EXAMPLE"))) {
			put(&o, "```", 3);
		} else if (org && starts(b, i, e, "#+")) {
			/* #+TITLE:, #+AUTHOR:, #+begin_quote: the file's settings */
		} else if (org && i == s && b[i] == '*') {
			size_t k = i;
			while (k < e && b[k] == '*')
				k++;
			if (k < e && b[k] == ' ') { /* "** Hypotheses": a heading */
				put(&o, "## ", 3);
				inline_text(&o, b, skip_sp(b, k, e), e, org);
			} else {
				inline_text(&o, b, s, e, org);
			}
		} else if (i == s && b[i] == '=' && underline(b, s, e) == 0) {
			/* "== Not yet ==", "= Part C" (Confluence's "h2. " is jira_markup's, text.c) */
			size_t k = i, t = e;
			while (k < e && b[k] == '=')
				k++;
			while (t > k && (b[t - 1] == '=' || b[t - 1] == ' '))
				t--;
			if (k < e && b[k] == ' ') {
				put(&o, "## ", 3);
				inline_text(&o, b, skip_sp(b, k, t), t, org);
			} else {
				inline_text(&o, b, s, e, org);
			}
		} else if (have_prev && title_over(b, prev_s, prev_e, s, e)) {
			/* the underline of the title above: that line became the heading */
		} else if (!last && title_over(b, s, e, next_s, next_e)) {
			put(&o, "## ", 3); /* "Not yet\n=======": an rST title */
			inline_text(&o, b, i, e, org);
		} else if (starts(b, i, e, "[source") && b[e - 1] == ']') {
			source = 1; /* AsciiDoc: the "----" under it opens a block */
		} else if (e - i >= 4 && underline(b, i, e) && b[i] == '-' && source) {
			put(&o, "```", 3);
			source = source == 1 ? 2 : 0;
		} else if (starts(b, i, e, ".. ") && gr_memmem(b + i, e - i, "::", 2)) {
			/* an rST directive: ".. note::", ".. code-block:: python" */
		} else if (e - i == 1 && b[i] == '+') {
			/* AsciiDoc's list continuation */
		} else {
			size_t d = description(b, i, e);
			put(&o, b + s, i - s);
			if (i + 1 < e && b[i] == ':' && isalpha((unsigned char)b[i + 1])) {
				const char *c = memchr(b + i + 1, ':', e - i - 1);
				if (c && (size_t)(c - b) - i < 48)
					i++; /* ":Workload: 7B": an rST field's leading colon */
			}
			if (i + 2 < e && b[i] == '#' && b[i + 1] == '.' && b[i + 2] == ' ') {
				put(&o, "-", 1); /* "#. item": rST's numbered list */
				i += 2;
			} else if (wiki && i == s && i + 1 < e && b[i] == '#' && b[i + 1] == ' ') {
				put(&o, "-", 1); /* "# item" under "== Hypotheses ==": a wiki's numbered list */
				i += 1;
			}
			if (d) { /* "Workload:: 7B" reads "Workload: 7B" */
				size_t t = d;
				while (t > i && b[t - 1] == ' ')
					t--;
				inline_text(&o, b, i, t, org);
				put(&o, ":", 1);
				inline_text(&o, b, d + 2, e, org);
			} else {
				inline_text(&o, b, i, e, org);
			}
		}
		if (nl)
			put(&o, "\n", 1);
		have_prev = 1;
		prev_s = s;
		prev_e = e;
		s = e + 1;
	}
	out[o.n] = '\0';
	return o.n;
}
