/*
 * latex.c - LaTeX and escaped markdown read as the text they typeset
 * (see latex.h).
 *
 * One pass, left to right, with a stack of what each open brace closes
 * into: nothing ("\textbf{Workload:}" keeps "Workload:"), ")" for a
 * footnote, ":" for a run-in \paragraph heading, "}" for a brace of the
 * learner's own. Output never holds a newline the input did not, so lines
 * keep their numbers.
 */
#include "latex.h"

#include <string.h>

#include "chars.h"

#define LX_DEPTH 64

struct lx {
	const char *b;
	size_t len, i;
	char *o;
	size_t n;
	int latex;
	int comments;
	unsigned char close[LX_DEPTH]; /* what each open brace emits when it closes */
	size_t depth, lost;            /* lost: braces opened past LX_DEPTH */
	int tabular;                   /* inside a tabular: its rows are a table's */
	int row;                       /* this line is a row with cells */
};

static void put(struct lx *x, const char *s)
{
	size_t k = strlen(s);
	memcpy(x->o + x->n, s, k);
	x->n += k;
}

static void putc_(struct lx *x, char c) { x->o[x->n++] = c; }

/* Only spaces so far on the output line? */
static int at_line_start(const struct lx *x)
{
	for (size_t k = x->n; k > 0; k--) {
		if (x->o[k - 1] == '\n')
			return 1;
		if (x->o[k - 1] != ' ')
			return 0;
	}
	return 1;
}

static void push(struct lx *x, unsigned char c)
{
	if (x->depth < LX_DEPTH)
		x->close[x->depth++] = c;
	else
		x->lost++;
}

static void pop(struct lx *x)
{
	if (x->lost) {
		x->lost--;
		return;
	}
	if (!x->depth) {
		putc_(x, '}');
		return;
	}
	unsigned char c = x->close[--x->depth];
	if (c == ':' && x->n && (x->o[x->n - 1] == ':' || x->o[x->n - 1] == '.'))
		return; /* "\paragraph{Workload:}" has its colon */
	if (c)
		putc_(x, (char)c);
}

static void skip_spaces(struct lx *x)
{
	while (x->i < x->len && x->b[x->i] == ' ')
		x->i++;
}

/* Skip a balanced group opening at x->i with open ('{' or '['), if there
 * is one; its text into env (NUL-terminated) when env is not NULL. */
static int skip_group(struct lx *x, char open, char *env, size_t cap)
{
	char shut = open == '{' ? '}' : ']';
	size_t j = x->i;
	if (j >= x->len || x->b[j] != open)
		return 0;
	int d = 0;
	for (; j < x->len && x->b[j] != '\n'; j++) {
		if (x->b[j] == open)
			d++;
		else if (x->b[j] == shut && --d == 0)
			break;
	}
	if (j >= x->len || x->b[j] != shut)
		return 0;
	if (env) {
		size_t k = j - x->i - 1 < cap - 1 ? j - x->i - 1 : cap - 1;
		memcpy(env, x->b + x->i + 1, k);
		env[k] = '\0';
	}
	x->i = j + 1;
	return 1;
}

static int name_is(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(name, *list))
			return 1;
	return 0;
}

/* Symbols of math mode and text, as the ASCII a reader would type. */
static const char *symbol(const char *name)
{
	static const struct { const char *name, *text; } sym[] = {
		{ "approx", "~" }, { "sim", "~" }, { "simeq", "~" }, { "times", "x" }, { "cdot", "*" },
		{ "to", "->" }, { "rightarrow", "->" }, { "longrightarrow", "->" }, { "mapsto", "->" },
		{ "Rightarrow", "=>" }, { "implies", "=>" }, { "Longrightarrow", "=>" }, { "leftarrow", "<-" },
		{ "leftrightarrow", "<->" }, { "le", "<=" }, { "leq", "<=" }, { "ge", ">=" }, { "geq", ">=" },
		{ "ll", "<<" }, { "gg", ">>" }, { "ne", "!=" }, { "neq", "!=" }, { "pm", "+/-" }, { "ldots", "..." },
		{ "dots", "..." }, { "cdots", "..." }, { "quad", " " }, { "qquad", " " }, { "newline", " " },
		{ "linebreak", " " }, { "par", " " }, { "LaTeX", "LaTeX" }, { "TeX", "TeX" },
		{ "percent", "%" }, { "textasciitilde", "~" }, { "textunderscore", "_" },
	};
	for (size_t k = 0; k < sizeof(sym) / sizeof(sym[0]); k++)
		if (!strcmp(name, sym[k].name))
			return sym[k].text;
	return NULL;
}

static void command(struct lx *x)
{
	/* Commands whose argument is not text: dropped with it. */
	static const char *const drop[] = { "label", "ref", "eqref", "cite", "citep", "citet", "usepackage",
					    "documentclass", "bibliographystyle", "bibliography", "vspace", "hspace",
					    "includegraphics", "input", "include", "setlength", "pagestyle",
					    "thispagestyle", "newcommand", "renewcommand", NULL };
	static const char *const heading[] = { "section", "subsection", "subsubsection", "chapter", "part", NULL };
	static const char *const runin[] = { "paragraph", "subparagraph", NULL };
	static const char *const tab[] = { "tabular", "tabularx", "tabular*", "array", "longtable", NULL };
	char name[32];
	size_t k = 0;
	while (x->i < x->len && gr_isalpha((unsigned char)x->b[x->i]) && (unsigned char)x->b[x->i] < 0x80) {
		if (k < sizeof(name) - 1)
			name[k++] = x->b[x->i];
		x->i++;
	}
	name[k] = '\0';
	if (x->i < x->len && x->b[x->i] == '*')
		x->i++; /* \section*{...}: the same heading, unnumbered */
	if (!strcmp(name, "begin") || !strcmp(name, "end")) {
		char env[32];
		skip_spaces(x);
		if (!skip_group(x, '{', env, sizeof(env)))
			return;
		if (name_is(env, tab)) {
			x->tabular = name[0] == 'b';
			if (x->tabular) { /* the column spec: "{ll}", "[t]{|l|r|}" */
				skip_group(x, '[', NULL, 0);
				skip_group(x, '{', NULL, 0);
				if (!strcmp(env, "tabularx"))
					skip_group(x, '{', NULL, 0);
			}
		}
		return;
	}
	if (!strcmp(name, "item")) {
		put(x, "- ");
		skip_spaces(x);
		char label[64];
		if (skip_group(x, '[', label, sizeof(label))) { /* "\item[Workload:] ..." */
			for (char *c = label; *c; c++)
				if (*c == '\\' && (c[1] == '_' || c[1] == '%' || c[1] == '&'))
					memmove(c, c + 1, strlen(c));
			put(x, label);
		}
		return;
	}
	if (name_is(name, drop)) {
		skip_group(x, '[', NULL, 0);
		skip_group(x, '{', NULL, 0);
		if (!strcmp(name, "documentclass") || !strcmp(name, "newcommand") || !strcmp(name, "renewcommand"))
			skip_group(x, '{', NULL, 0);
		return;
	}
	if (!strcmp(name, "href")) { /* \href{url}{text}: the text */
		skip_group(x, '{', NULL, 0);
		return;
	}
	skip_spaces(x);
	int arg = x->i < x->len && x->b[x->i] == '{';
	if (name_is(name, heading) && arg) {
		if (at_line_start(x))
			put(x, "## ");
		x->i++;
		push(x, 0);
		return;
	}
	if (name_is(name, runin) && arg) {
		x->i++;
		push(x, ':');
		return;
	}
	if (!strcmp(name, "footnote") && arg) {
		put(x, " (");
		x->i++;
		push(x, ')');
		return;
	}
	const char *s = symbol(name);
	if (s) {
		put(x, s);
		return;
	}
	if (arg && (!strcmp(name, "texttt") || !strcmp(name, "code") || !strcmp(name, "lstinline"))) {
		putc_(x, '`'); /* code, as markdown writes it: "`h2d_copy`" names a range */
		x->i++;
		push(x, '`');
		return;
	}
	if (arg) { /* \textbf{...}, \emph{...}: the text */
		x->i++;
		push(x, 0);
	}
	/* anything else (\hline, \centering, \noindent): markup only */
}

/* Is the '%' at x->i a comment: at a line's start, or after a space that
 * does not follow a number ("61 %" is a share; "L4 % TODO" a comment)? */
static int comment_at(const struct lx *x)
{
	size_t k = x->i;
	if (k == 0 || x->b[k - 1] == '\n')
		return 1;
	if (x->b[k - 1] != ' ')
		return 0;
	while (k > 0 && x->b[k - 1] == ' ')
		k--;
	size_t e = k;
	while (k > 0 && (gr_isdigit((unsigned char)x->b[k - 1]) || x->b[k - 1] == '.' || x->b[k - 1] == ','))
		k--;
	int number = e > k && (k == 0 || x->b[k - 1] == ' ' || x->b[k - 1] == '\n' || x->b[k - 1] == '~');
	return !number;
}

static void escape_or_command(struct lx *x)
{
	char c = x->i + 1 < x->len ? x->b[x->i + 1] : '\0';
	/* markdown's escapes, in any report: "record\_shapes", "\*not\*" */
	if (c && strchr("_*#`[]%", c)) {
		putc_(x, c);
		x->i += 2;
		return;
	}
	if (!x->latex) {
		putc_(x, '\\');
		x->i++;
		return;
	}
	if (c && strchr("%&${}", c)) {
		putc_(x, c);
		x->i += 2;
		return;
	}
	if (c == '\\') { /* a line break, or a tabular row's end */
		put(x, !x->row ? " " : x->n && x->o[x->n - 1] == ' ' ? "|" : " |");
		x->i += 2;
		return;
	}
	if (c && strchr(",;: !>", c)) {
		if (c != '!')
			putc_(x, ' ');
		x->i += 2;
		return;
	}
	if (gr_isalpha((unsigned char)c) && (unsigned char)c < 0x80) {
		x->i++;
		command(x);
		return;
	}
	putc_(x, '\\');
	x->i++;
}

/* The start of a line: a tabular row with cells becomes a table's row. */
static void line_start(struct lx *x)
{
	x->row = 0;
	if (!x->tabular)
		return;
	const char *e = memchr(x->b + x->i, '\n', x->len - x->i);
	size_t end = e ? (size_t)(e - x->b) : x->len;
	for (size_t k = x->i; k < end; k++)
		if (x->b[k] == '&' && (k == x->i || x->b[k - 1] != '\\')) {
			x->row = 1;
			put(x, "| ");
			return;
		}
}

int gr_latex_is(const char *buf, size_t len)
{
	static const char *const marks[] = { "\\begin{", "\\item", "\\textbf{", "\\texttt{", "\\emph{", "\\section",
					     "\\subsection", "\\paragraph{", "\\documentclass", "\\textit{", NULL };
	if (!memchr(buf, '\\', len))
		return 0;
	for (const char *const *m = marks; *m; m++)
		if (gr_memmem(buf, len, *m, strlen(*m)))
			return 1;
	return 0;
}

size_t gr_latex_room(size_t len)
{
	return 3 * len + 16; /* a row's leading "| ": a line of one '&' triples; the rest shrinks */
}

size_t gr_latex_plain(const char *buf, size_t len, int latex, char *out, int *comments)
{
	struct lx x = { .b = buf, .len = len, .o = out, .latex = latex };
	if (latex)
		line_start(&x);
	while (x.i < len) {
		char c = buf[x.i];
		if (c == '\n') {
			putc_(&x, '\n');
			x.i++;
			if (latex)
				line_start(&x);
			continue;
		}
		if (c == '\\') {
			escape_or_command(&x);
			continue;
		}
		if (!latex) {
			putc_(&x, c);
			x.i++;
			continue;
		}
		switch (c) {
		case '%':
			if (comment_at(&x)) {
				while (x.i < len && buf[x.i] != '\n')
					x.i++;
				x.comments = 1;
				continue;
			}
			putc_(&x, c);
			break;
		case '$':
			break; /* math shift: "$61\%$" is 61% */
		case '~':
			putc_(&x, ' ');
			break;
		case '{':
			push(&x, '}');
			putc_(&x, '{');
			break;
		case '}':
			pop(&x);
			break;
		case '&':
			putc_(&x, x.row ? '|' : '&');
			break;
		case '-':
			if (x.i + 2 < len && buf[x.i + 1] == '-' && buf[x.i + 2] == '-') {
				put(&x, " - "); /* "---": an em dash */
				x.i += 3;
				continue;
			}
			if (x.i + 1 < len && buf[x.i + 1] == '-') {
				putc_(&x, '-'); /* "--": an en dash */
				x.i += 2;
				continue;
			}
			putc_(&x, c);
			break;
		default:
			putc_(&x, c);
		}
		x.i++;
	}
	out[x.n] = '\0';
	if (comments)
		*comments = x.comments;
	return x.n;
}
