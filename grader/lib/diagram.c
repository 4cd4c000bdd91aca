/*
 * diagram.c - mermaid and Graphviz blocks read for their labels. See
 * diagram.h.
 */
#include "diagram.h"

#include <string.h>
#include <strings.h>

#include "chars.h"

enum kind { NONE, MERMAID, DOT };
enum mode { FLOW, GANTT, SEQUENCE, MINDMAP }; /* what a mermaid block draws */

struct line {
	const char *s, *e; /* the input line, read */
	char *o;           /* where its text is written (o <= s: in place) */
	size_t n;          /* bytes written */
	int joined;        /* an arrow since the last label: " -> " before the next */
};

static const char *skip_spaces(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static int word_is(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(e - p) >= n && !strncasecmp(p, w, n) && (p + n == e || !gr_isword((unsigned char)p[n]));
}

/* Append text [p, q) to the line, a separator before it when it is not the
 * first: " -> " after an arrow, else ", ". A label's line breaks ("\n" in
 * Graphviz, "<br>" in mermaid) become ": " after a short name with no
 * colon ("Top CUDA time\naten::copy_ 61%"), else a space. Quotes and
 * spaces around it are dropped. */
static void emit(struct line *l, const char *p, const char *q)
{
	while (p < q && (*p == ' ' || *p == '"' || *p == '\''))
		p++;
	while (q > p && (q[-1] == ' ' || q[-1] == '"' || q[-1] == '\''))
		q--;
	if (p == q)
		return;
	if (l->n) {
		const char *sep = l->joined ? " -> " : ", ";
		memcpy(l->o + l->n, sep, strlen(sep));
		l->n += strlen(sep);
	}
	l->joined = 0;
	const char *start = l->o + l->n; /* this label's first byte written */
	int breaks = 0;
	while (p < q) {
		size_t brk = 0;
		if (q - p >= 2 && p[0] == '\\' && (p[1] == 'n' || p[1] == 'l' || p[1] == 'r'))
			brk = 2;
		else if (q - p >= 4 && !strncasecmp(p, "<br", 3) && memchr(p, '>', (size_t)(q - p)))
			brk = (size_t)((const char *)memchr(p, '>', (size_t)(q - p)) - p) + 1;
		if (brk) {
			size_t had = (size_t)(l->o + l->n - start);
			int name = !breaks++ && had && had <= 40 && !memchr(start, ':', had);
			l->o[l->n++] = name ? ':' : ' ';
			if (name && brk > 1)
				l->o[l->n++] = ' ';
			p += brk;
			continue;
		}
		l->o[l->n++] = *p++;
	}
}

/* The end of a mermaid shape opened at p ("[", "((", "[(", "{{", "[/",
 * ">"), or NULL: its closing bracket, quotes respected. */
static const char *shape_end(const char *p, const char *e)
{
	char close = *p == '[' || *p == '>' ? ']' : *p == '(' ? ')' : '}';
	int quoted = 0;
	for (const char *q = p + 1; q < e; q++) {
		if (*q == '"')
			quoted = !quoted;
		else if (!quoted && *q == close)
			return q;
	}
	return NULL;
}

/* A flowchart's line: node labels ("t[tokenize]", "W[\"Workload: ...\"]",
 * "D{Next experiment?}"), edge labels ("-->|yes|"), joined by " -> "
 * where an arrow runs between them. Bare ids ("W --> H") say nothing. */
static void flow_line(struct line *l, const char *p, const char *e)
{
	while (p < e) {
		if ((*p == '[' || *p == '(' || *p == '{' || *p == '>') && (*p != '>' || (p > l->s && gr_isword((unsigned char)p[-1])))) {
			const char *q = shape_end(p, e);
			if (!q)
				break;
			const char *a = p + 1;
			while (a < q && strchr("[({/\\", *a))
				a++; /* "((", "[(", "[/": the shape's second mark */
			const char *z = q;
			while (z > a && strchr("])}/\\", z[-1]))
				z--;
			emit(l, a, z);
			p = q + 1;
			while (p < e && strchr("])}", *p))
				p++;
			continue;
		}
		if (*p == '|') { /* an edge's label: "-->|yes|" */
			const char *q = memchr(p + 1, '|', (size_t)(e - p - 1));
			if (!q)
				break;
			l->joined = l->n > 0;
			emit(l, p + 1, q);
			l->joined = 1;
			p = q + 1;
			continue;
		}
		if (e - p >= 2 && (p[0] == '-' || p[0] == '=' || p[0] == '.') && (p[1] == '-' || p[1] == '>' || p[1] == '.' || p[1] == '='))
			l->joined = l->n > 0;
		p++;
	}
}

/* One line of a mermaid block. */
static void mermaid_line(struct line *l, enum mode *mode)
{
	static const char *const quiet[] = { "classDef", "class", "style", "linkStyle", "click", "dateFormat",
					     "axisFormat", "tickInterval", "excludes", "todayMarker", "direction",
					     "end", "autonumber", "activate", "deactivate", "loop", "alt", "else",
					     "opt", "par", "and", "rect", "%%", NULL };
	const char *p = skip_spaces(l->s, l->e), *e = l->e;
	if (word_is(p, e, "flowchart") || word_is(p, e, "graph")) {
		*mode = FLOW;
		return;
	}
	if (word_is(p, e, "gantt") || word_is(p, e, "timeline")) {
		*mode = GANTT;
		return;
	}
	if (word_is(p, e, "sequenceDiagram")) {
		*mode = SEQUENCE;
		return;
	}
	if (word_is(p, e, "mindmap")) {
		*mode = MINDMAP;
		return;
	}
	for (const char *const *w = quiet; *w; w++)
		if ((**w == '%' && e - p >= 2 && p[0] == '%' && p[1] == '%') || word_is(p, e, *w))
			return;
	if (word_is(p, e, "title") || word_is(p, e, "section") || word_is(p, e, "subgraph")) {
		const char *t = skip_spaces(p + strcspn(p, " \t"), e);
		if (word_is(p, e, "subgraph")) { /* "subgraph id[label]" or "subgraph label" */
			const char *b = memchr(t, '[', (size_t)(e - t));
			if (b) {
				flow_line(l, b, e);
				return;
			}
		}
		emit(l, t, e);
		return;
	}
	if (word_is(p, e, "participant") || word_is(p, e, "actor")) {
		const char *as = NULL;
		for (const char *q = p; q + 4 <= e; q++)
			if (!strncasecmp(q, " as ", 4))
				as = q + 4;
		emit(l, as ? as : skip_spaces(p + strcspn(p, " \t"), e), e);
		return;
	}
	if (*mode == GANTT) { /* "tokenizer.encode 22ms :a1, 0, 22": the task's name */
		const char *c = memchr(p, ':', (size_t)(e - p));
		emit(l, p, c ? c : e);
		return;
	}
	if (*mode == SEQUENCE) { /* "T->>G: h2d_inputs (ids)": the message */
		const char *c = memchr(p, ':', (size_t)(e - p));
		if (c)
			emit(l, c + 1, e);
		return;
	}
	flow_line(l, p, e);
	if (*mode == MINDMAP && !l->n) /* a mind map's node is its text */
		emit(l, p, e);
}

/* One line of a Graphviz graph: its labels (label="..."), else its quoted
 * node names, joined by " -> " across an edge. */
static void dot_line(struct line *l)
{
	const char *p = l->s, *e = l->e;
	int labels = 0;
	for (const char *q = p; q + 6 <= e; q++)
		if (!strncasecmp(q, "label", 5) && (q == p || !gr_isword((unsigned char)q[-1])))
			labels = 1;
	while (p < e) {
		if (*p == '"') {
			const char *q = p + 1;
			while (q < e && *q != '"')
				q += (*q == '\\' && q + 1 < e) ? 2 : 1;
			if (q >= e)
				break;
			const char *k = p;
			while (k > l->s && (k[-1] == ' ' || k[-1] == '='))
				k--;
			int is_label = k - l->s >= 5 && !strncasecmp(k - 5, "label", 5);
			if (is_label || !labels)
				emit(l, p + 1, q);
			p = q + 1;
			continue;
		}
		if (e - p >= 2 && p[0] == '-' && (p[1] == '>' || p[1] == '-'))
			l->joined = l->n > 0;
		p++;
	}
}

/* Does the line [p, e) open with a code fence, ``` or ~~~? */
static int fence(const char *p, const char *e)
{
	p = skip_spaces(p, e);
	return e - p >= 3 && (!strncmp(p, "```", 3) || !strncmp(p, "~~~", 3));
}

/* What byte c does to a Graphviz graph's brace depth (+1, -1, 0), quotes
 * respected: *quoted carries from byte to byte. */
static int brace(char c, int *quoted)
{
	*quoted ^= c == '"';
	return *quoted ? 0 : c == '{' ? 1 : c == '}' ? -1 : 0;
}

/* The diagram a line opens: "```mermaid" (or "~~~mermaid"), "digraph G {",
 * "graph {", "strict digraph {". */
static enum kind opens(const char *s, const char *e)
{
	const char *p = skip_spaces(s, e);
	if (fence(p, e) && word_is(skip_spaces(p + 3, e), e, "mermaid"))
		return MERMAID;
	if (word_is(p, e, "strict"))
		p = skip_spaces(p + 6, e);
	if ((word_is(p, e, "digraph") || word_is(p, e, "graph")) && memchr(p, '{', (size_t)(e - p)))
		return DOT;
	return NONE;
}

/* Does the block opened on the line ending at e close within 500 lines (a
 * fence for mermaid, the braces for Graphviz)? One left open is no
 * diagram: the rest of the report would be read as one. */
static int closes(const char *buf, size_t len, size_t e, enum kind kind, size_t *scanned)
{
	int depth = 0, quoted = 0;
	if (kind == DOT) { /* count from the opening line's own brace */
		size_t s = e;
		while (s > 0 && buf[s - 1] != '\n')
			s--;
		for (size_t i = s; i < e; i++)
			depth += brace(buf[i], &quoted);
		if (depth <= 0)
			return 1;
	}
	for (size_t s = e + 1, lines = 0; s < len && lines < 500; lines++) { /* bounded: no quadratic scan */
		const char *nl = memchr(buf + s, '\n', len - s);
		size_t le = nl ? (size_t)(nl - buf) : len;
		if (kind == MERMAID && fence(buf + s, buf + le))
			return 1;
		for (size_t i = s; kind == DOT && i < le; i++)
			if ((depth += brace(buf[i], &quoted)) <= 0)
				return 1;
		s = le + 1;
		*scanned = s;
	}
	return 0;
}

size_t gr_diagram_plain(char *buf, size_t len)
{
	if (!gr_memmem(buf, len, "mermaid", 7) && !gr_memmem(buf, len, "graph", 5))
		return len;
	enum kind kind = NONE;
	enum mode mode = FLOW;
	int depth = 0;
	size_t o = 0, tried = 0; /* where a block left open was looked for: none opens before it */
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(buf + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - buf) : len;
		struct line l = { buf + s, buf + e, buf + o, 0, 0 };
		if (kind == NONE) {
			kind = s >= tried ? opens(l.s, l.e) : NONE;
			if (kind != NONE && !closes(buf, len, e, kind, &tried))
				kind = NONE;
			mode = FLOW;
			depth = 0;
			if (kind == NONE) {
				memmove(l.o, l.s, e - s);
				l.n = e - s;
			}
		} else if (kind == MERMAID) {
			if (fence(l.s, l.e))
				kind = NONE;
			else
				mermaid_line(&l, &mode);
		} else {
			dot_line(&l);
		}
		if (kind == DOT) { /* the braces outside quotes: the graph ends where they close */
			int quoted = 0;
			for (const char *p = buf + s; p < buf + e; p++)
				depth += brace(*p, &quoted);
			if (depth <= 0)
				kind = NONE;
		}
		o += l.n;
		if (nl)
			buf[o++] = '\n';
		s = e + 1;
	}
	buf[o] = '\0';
	return o;
}
