/*
 * report.c - find fields, follow-up sections, list items, sentences and
 * clauses in a normalised report (see report.h).
 *
 * Passes, each over the lines: (1) decoration, labels and section headings
 * per line; (2) field values with their continuation lines; (3) sentences and
 * clauses; (4) inferred fields for unlabelled reports; (5) section ranges.
 */
#include "report.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "chars.h"

#define GR_MAX_LABEL_SCAN 256 /* bytes a label or heading pattern may read */

struct linfo {
	size_t off, len;   /* the line in the buffer */
	size_t body;       /* offset after indentation, quote, list and emphasis marks */
	int indent;
	int item;          /* 0 none, 1 bullet, 2 numbered */
	int number;        /* numbered item's number */
	int heading;       /* markdown heading (#) */
	int blank;
	int field;         /* field labelled on this line, -1 none */
	int field_state;   /* GR_FIELD_LABELLED or GR_FIELD_ALIASED */
	int misspelled;    /* the label is the field's, misspelled ("Hardwre:") */
	int noted;         /* field a bracketed note gives its own version of ("(my note: ... My
			    * next experiment: X)"), -1 none; the note stays prose */
	size_t noted_value; /* where that version starts */
	size_t value;      /* where the labelled value starts */
	int section;       /* section whose heading opens here, -1 none */
	int mid_labels;    /* more labels later on the line */
	int code;          /* inside a ``` or ~~~ fenced block (or the fence itself) */
	int nlab;          /* label spans on this line (not prose) */
	size_t lab_s[8], lab_e[8];
	int question;      /* opens with "Q:": the answer after it may open with "A:" */
	int old;           /* in an earlier version the learner marked replaced ("### v1 (superseded)") */
	int echo_section;  /* a copied prompt line, blanked, that heads this section; -1 none */
	int nsec;          /* sections whose heading starts later on the line (lost line breaks) */
	int sec_id[4];
	size_t sec_at[4], sec_end[4]; /* where each heading starts; where its text ends on the line */
	int turn;          /* a chat message starts here: 1 another's (blanked), 2 the learner's */
	int inline_answer; /* a deferred section's heading as a card's label, its answer after it ("**Later:** nsys") */
	int edit;          /* the field is given again after an edit's mark ("EDIT: scratch that. Next experiment: ...") */
};

struct parser {
	struct gr_report *r;
	const struct gr_exercise *ex;
	const char *buf;
	struct linfo *li;
	size_t nl;
	pcre2_match_data *md;
	struct gr_scratch *s;
	int colonless;     /* three lines or more open with a field's label and no colon */
};

static int is_space(char c) { return c == ' ' || c == '\t'; }

/* Match re anchored at off; returns the end offset or 0 when it does not
 * match. first: the bytes a match may start with, gate: the literals one of
 * which it holds (exercise.h). */
static size_t match_at(struct parser *p, const pcre2_code *re, const uint8_t first[32], const struct gr_gate *gate,
		       size_t off, size_t end)
{
	if (!re || off >= end || !(first[(unsigned char)p->buf[off] / 8] >> ((unsigned char)p->buf[off] % 8) & 1))
		return 0;
	/* Labels and headings are short: never look further than this, or a
	 * megabyte line of labels costs a megabyte per try. */
	if (end - off > GR_MAX_LABEL_SCAN) {
		end = off + GR_MAX_LABEL_SCAN;
		while (end > off && ((unsigned char)p->buf[end] & 0xC0) == 0x80)
			end--; /* whole characters only */
	}
	if (!gr_gate_open(gate, p->r->tri, off, end))
		return 0;
	/* Anchored through an offset limit, which the JIT supports. */
	pcre2_set_offset_limit(p->s->mctx, off);
	int rc = gr_match_code(re, p->buf, end, off, p->md, p->s->mctx);
	pcre2_set_offset_limit(p->s->mctx, PCRE2_UNSET);
	if (rc < 0)
		return 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(p->md);
	if (ov[1] == ov[0])
		return 0;
	/* A label is a whole word: "Hardwareless" is not "Hardware". */
	if (ov[1] < end && isalnum((unsigned char)p->buf[ov[1]]) && isalnum((unsigned char)p->buf[ov[1] - 1]))
		return 0;
	return ov[1];
}

/* Decoration around a label or its value: emphasis, code, and the quotes
 * of a key written as JSON or YAML ("Workload": "7B decode"). */
static size_t skip_marks(const char *b, size_t i, size_t end)
{
	while (i < end && (is_space(b[i]) || b[i] == '*' || b[i] == '_' || b[i] == '`' || b[i] == '"'))
		i++;
	return i;
}

/* After a label ending at i: decoration, an optional "(...)", then a
 * separator (":", "|", "=", " - ", " -- ", " --- ", an arrow "->", "=>", "→") or the end of
 * the line. Returns where the value starts, or 0 when this is not a label. */
static size_t after_label(const char *b, size_t i, size_t end)
{
	size_t gap = i;
	while (gap < end && b[gap] == ' ')
		gap++;
	/* "2.1 Workload<TAB>7B decode": a tab (four spaces here) or a wide gap
	 * separates a label from its value, as in a two-column table. */
	if (gap - i >= 2 && gap < end && (isalnum((unsigned char)b[gap]) || (unsigned char)b[gap] >= 0x80))
		return gap;
	i = skip_marks(b, i, end);
	if (i < end && b[i] == '(') {
		const char *close = memchr(b + i, ')', end - i);
		if (close && close - (b + i) < 40)
			i = skip_marks(b, (size_t)(close - b) + 1, end);
	}
	/* "Workload / Нагрузка: 7B", "Next experiment / Siguiente experimento:":
	 * the label glossed in another language, then its colon */
	if (i + 1 < end && b[i] == '/' && b[i - 1] == ' ') {
		const char *colon = memchr(b + i, ':', end - i);
		if (colon && colon - (b + i) <= 48 && !memchr(b + i + 1, '/', (size_t)(colon - b) - i - 1) &&
		    gr_count_words(b, i + 1, (size_t)(colon - b)) <= 3)
			i = (size_t)(colon - b);
	}
	if (i >= end)
		return end;
	if (b[i] == ',' && i + 1 < end && b[i + 1] == ':')
		i++; /* a caption's "workload, colon, 7B decode" */
	if ((b[i] == '-' || b[i] == '=') && i + 1 < end && b[i + 1] == '>')
		i += 2; /* "Workload -> ...", "Workload => ..." */
	else if (b[i] == ':' || b[i] == '|' || b[i] == '=')
		i++;
	else if (i + 2 < end && (!memcmp(b + i, "\xE2\x86\x92", 3) || !memcmp(b + i, "\xE2\x9E\x9C", 3) ||
				 !memcmp(b + i, "\xE2\x87\x92", 3) || !memcmp(b + i, "\xE2\x9F\xB6", 3) ||
				 !memcmp(b + i, "\xE2\x9F\xB9", 3) || !memcmp(b + i, "\xE2\x9E\x94", 3)))
		i += 3; /* an arrow after a label: "Workload → ...", "⟶", "⟹", "➔" */
	else if ((b[i] == '-' || b[i] == '~') && i + 1 < end && (b[i + 1] == ' ' || b[i + 1] == '*' || b[i + 1] == '_'))
		i += b[i + 1] == ' ' ? 2 : 1; /* "Workload - 7B", "Workload ~ 7B", "**Workload -** 7B" */
	else if (i + 3 < end && !memcmp(b + i, "--", 2) && (b[i + 2] == ' ' || (b[i + 2] == '-' && b[i + 3] == ' ')))
		i += b[i + 2] == '-' ? 4 : 3; /* "Workload --- 7B decode", "--": a typed dash */
	else if (b[i] == '.' && i + 1 < end && (b[i + 1] == '*' || b[i + 1] == '_') && i > 0 && b[i - 1] != ' ')
		i++; /* "**Workload.** 7B decode": a paper's run-in heading, its period inside the emphasis */
	else if (i + 3 <= end && b[i] == '.' && b[i + 1] == '.' && (b[i + 2] == '.' || b[i + 2] == ' ')) {
		while (i < end && (b[i] == '.' || b[i] == ' '))
			i++; /* dot leaders: "Workload..........7B decode", "Next experiment .. cast" */
	}
	else
		return 0;
	i = skip_marks(b, i, end);
	if (i + 1 < end && b[i] == ',' && b[i + 1] == ' ')
		i = skip_marks(b, i + 1, end);
	return i;
}

/* "Next experiment is one profiler run ...", "hardware would be an L4":
 * a label said as the subject of "is" (dictated, or plain prose) names its
 * field as a colon would. Only a field's own label, never an alias: "GPU
 * is mostly idle" is a sentence, not the Hardware line. */
static size_t after_label_is(const char *b, size_t i, size_t end)
{
	static const char *const verbs[] = { "is ", "would be ", "will be ", "was ", NULL };
	if (i >= end || b[i] != ' ')
		return 0;
	i++;
	for (const char *const *v = verbs; *v; v++) {
		size_t n = strlen(*v);
		if (end - i > n && !strncasecmp(b + i, *v, n) && isalnum((unsigned char)b[i + n]))
			return i + n;
	}
	return 0;
}

/* Can c be part of what opens a line before its text: indentation, a
 * list's or a heading's mark, emphasis, a number ("1. ", "(2) ")? */
static int lead_mark(char c)
{
	return c == ' ' || c == '-' || c == '*' || c == '_' || c == '#' || c == '>' || c == '.' || c == ')' ||
	       c == '(' || isdigit((unsigned char)c);
}

#define GR_LEAD_MARKS 16 /* marks are short: a longer run before the text is text */

/* Is off where its line's text starts, past indentation and list or
 * emphasis marks? */
static int line_head(const char *b, size_t off)
{
	for (size_t n = 0; off > 0 && b[off - 1] != '\n'; n++)
		if (n == GR_LEAD_MARKS || !lead_mark(b[--off]))
			return 0;
	return 1;
}

/* Typed on a phone, or in a hurry, the labels lose their colons: "Workload
 * 7B decode" over "Hardware idk, say A100" over "Top CUDA time aten::copy_
 * 61%". In a report where three lines or more open so with a field's own
 * label, a label, a space and the value is a field, as with the colon. An
 * alias counts only as words of its own ("Top CPU time ..."): "GPU is
 * idle", "Next I'd ..." stay sentences. */
static size_t colonless_value(struct parser *p, size_t off, size_t e, size_t end, int alias)
{
	const char *b = p->buf;
	if (!p->colonless || e + 1 >= end || b[e] != ' ' || b[e + 1] == ' ' || b[e + 1] == ':' || !line_head(b, off))
		return 0;
	if (alias && !memchr(b + off, ' ', e - off))
		return 0;
	return e + 1;
}

static void find_colonless(struct parser *p)
{
	unsigned char seen[64] = { 0 };
	int distinct = 0;
	for (size_t i = 0; i < p->nl && distinct < 3; i++) {
		size_t k = p->li[i].off, end = k + p->li[i].len;
		while (k < end && k - p->li[i].off < GR_LEAD_MARKS && lead_mark(p->buf[k]))
			k++;
		for (size_t f = 0; f < p->ex->nfields && f < sizeof(seen); f++) {
			const struct gr_field *fd = &p->ex->fields[f];
			size_t e = match_at(p, fd->label_re, fd->label_first, &fd->label_gate, k, end);
			if (e && e + 1 < end && p->buf[e] == ' ' && p->buf[e + 1] != ' ' && p->buf[e + 1] != ':' &&
			    !seen[f]) {
				seen[f] = 1;
				distinct++;
				break;
			}
		}
	}
	p->colonless = distinct >= 3;
}

/* Try every field's labels, then aliases, at off. */
static int label_at(struct parser *p, size_t off, size_t end, int *state, size_t *value)
{
	for (int pass = 0; pass < 2; pass++) {
		for (size_t f = 0; f < p->ex->nfields; f++) {
			const struct gr_field *fd = &p->ex->fields[f];
			size_t e = pass ? match_at(p, fd->alias_re, fd->alias_first, &fd->alias_gate, off, end)
					: match_at(p, fd->label_re, fd->label_first, &fd->label_gate, off, end);
			size_t v = e ? after_label(p->buf, e, end) : 0;
			if (!v && e && !pass)
				v = after_label_is(p->buf, e, end);
			if (!v && e)
				v = colonless_value(p, off, e, end, pass);
			/* Spoken, a pause is the colon: "[00:04] Workload, seven B
			 * decode" in a transcript (the field's own label only). */
			if (!v && e && !pass && (p->r->text.flags & (GR_TEXT_DICTATED | GR_TEXT_CHAT)) && e + 2 < end &&
			    p->buf[e] == ',' && p->buf[e + 1] == ' ')
				v = skip_marks(p->buf, e + 2, end);
			if (v) {
				*state = pass ? GR_FIELD_ALIASED : GR_FIELD_LABELLED;
				*value = v;
				return (int)f;
			}
		}
	}
	return -1;
}

/* After a digit, the rest of a keycap emoji ("1\xEF\xB8\x8F\xE2\x83\xA3",
 * U+FE0F optional, U+20E3): where it ends, or k when there is none. */
static size_t keycap_end(const char *b, size_t k, size_t end)
{
	size_t m = k;
	if (m + 3 <= end && !memcmp(b + m, "\xEF\xB8\x8F", 3))
		m += 3;
	if (m + 3 <= end && !memcmp(b + m, "\xE2\x83\xA3", 3))
		return m + 3;
	return k;
}

/* The end of an emoji or pictographic symbol at b[i] (with its variation
 * selector, joiners and keycaps), or i when there is none. */
static size_t symbol_at(const char *b, size_t i, size_t end)
{
	size_t j = i;
	for (;;) {
		const unsigned char *u = (const unsigned char *)b + j;
		unsigned cp = 0;
		size_t n = 0;
		if (j + 3 <= end && u[0] >= 0xE0 && u[0] < 0xF0) {
			cp = gr_cp3(u);
			n = 3;
		} else if (j + 4 <= end && u[0] >= 0xF0) {
			cp = (unsigned)(u[0] & 0x07) << 18 | (unsigned)(u[1] & 0x3F) << 12 | (unsigned)(u[2] & 0x3F) << 6 |
			     (u[3] & 0x3F);
			n = 4;
		}
		int symbol = (cp >= 0x2190 && cp <= 0x21FF) || (cp >= 0x2300 && cp <= 0x23FF) ||
			     (cp >= 0x2460 && cp <= 0x27BF) || (cp >= 0x2900 && cp <= 0x297F) ||
			     (cp >= 0x2B00 && cp <= 0x2BFF) || (cp >= 0x1F000 && cp <= 0x1FAFF);
		int joins = cp == 0xFE0F || cp == 0x200D || cp == 0x20E3;
		if (!n || !(symbol || (j > i && joins)))
			return j;
		j += n;
	}
}

/* An East Asian number opening a line: "一、" (read as "一,"), "三.",
 * "五)" or a circled "②"; its end (past the spaces after it) and its value
 * in *n, or i when there is none. */
static size_t cjk_number_at(const char *b, size_t i, size_t end, int *n)
{
	static const unsigned digits[] = { 0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D, 0x5341 };
	int paren = i < end && b[i] == '('; /* "(二)", as "（二）" reads */
	const unsigned char *u = (const unsigned char *)b + i + paren;
	if (i + paren + 3 > end || u[0] < 0xE0 || u[0] >= 0xF0)
		return i;
	unsigned cp = gr_cp3(u);
	size_t j = i + paren + 3;
	if (paren && (j >= end || b[j] != ')' || cp < 0x4E00))
		return i;
	if (cp >= 0x2460 && cp <= 0x2473) { /* ① .. ⑳ */
		*n = (int)(cp - 0x2460) + 1;
	} else {
		size_t d = 0;
		while (d < 10 && digits[d] != cp)
			d++;
		if (d == 10 || j >= end || !strchr(",.):", b[j]))
			return i;
		*n = (int)d + 1;
		j++;
	}
	while (j < end && b[j] == ' ')
		j++;
	return j < end ? j : i;
}

/* "a) ", "(b) ", "c. ": a lettered answer; the end of the mark, or i. */
static size_t letter_item_at(const char *b, size_t i, size_t end)
{
	size_t k = b[i] == '(' ? i + 1 : i;
	if (k + 2 < end && b[k] >= 'a' && b[k] <= 'h' && (b[k + 1] == ')' || (b[k + 1] == '.' && k == i)) &&
	    b[k + 2] == ' ')
		return k + 2;
	return i;
}

/* "Part 3 ", "Part 3: ", "Part 3 - ", "Question 2:", "Task ③": the end of
 * the mark, or i. */
static size_t part_at(const char *b, size_t i, size_t end, int *number)
{
	static const char *const words[] = { "part ", "question ", "task ", NULL };
	size_t k = i, w = 0;
	for (const char *const *x = words; *x && k == i; x++)
		if (end - i > (w = strlen(*x)) && !strncasecmp(b + i, *x, w))
			k = i + w;
	int n = 0;
	if (k == i)
		return i;
	if (!isdigit((unsigned char)b[k])) {
		size_t c = w == 5 ? k : cjk_number_at(b, k, end, &n); /* "Part ②" is no part */
		if (c == k || (unsigned char)b[k] != 0xE2)
			return i;
		while (c < end && (b[c] == ' ' || b[c] == ':' || b[c] == '.' || b[c] == ')' || b[c] == '-'))
			c++;
		*number = n;
		return c;
	}
	while (k < end && isdigit((unsigned char)b[k]) && n < 1000)
		n = n * 10 + (b[k++] - '0');
	while (k < end && (b[k] == ' ' || b[k] == ':' || b[k] == '.' || b[k] == ')' || b[k] == '-'))
		k++;
	if (k < end && (isdigit((unsigned char)b[k]) || isalpha((unsigned char)b[k])) && b[k - 1] != ' ')
		return i; /* "Part 3a" */
	*number = n;
	return k;
}

/* A thread's post number at b[i]: "5/7 ", "(3/8) ", "2/ " (one or two
 * digits each side); the end of the mark, or i. */
static size_t thread_mark_at(const char *b, size_t i, size_t end)
{
	size_t k = i + (i < end && b[i] == '(');
	size_t d = k;
	while (k < end && isdigit((unsigned char)b[k]) && k - d < 3)
		k++;
	if (k == d || k - d > 2 || k >= end || b[k] != '/')
		return i;
	size_t n = ++k;
	while (k < end && isdigit((unsigned char)b[k]) && k - n < 3)
		k++;
	if (k - n > 2)
		return i;
	if (b[i] == '(') {
		if (k >= end || b[k] != ')')
			return i;
		k++;
	}
	if (k >= end || b[k] != ' ')
		return i;
	return k + 1;
}

/* "Card: Icebox", "Column - Later", "Lane: Now": a board's word for what
 * follows it, which is the title. Returns where the title starts, or i. */
static size_t board_word_at(const char *b, size_t i, size_t end)
{
	static const char *const words[] = { "card", "column", "lane", NULL };
	for (const char *const *w = words; *w; w++) {
		size_t n = strlen(*w), k = i + n;
		if (end - i <= n + 2 || strncasecmp(b + i, *w, n))
			continue;
		if (b[k] == ':' || (b[k] == ' ' && b[k + 1] == '-'))
			k += b[k] == ':' ? 1 : 2;
		else
			continue;
		while (k < end && b[k] == ' ')
			k++;
		return k < end ? k : i;
	}
	return i;
}

/* "Slide 4 - ", "Slide 4: ", "Slide 4/7 ", "Slide 2 of 6 - ": a slide's
 * number before its title; the end of the mark, or i. A slide with no
 * title ("Slide 7") is no mark: its line holds nothing else. */
static size_t slide_at(const char *b, size_t i, size_t end)
{
	if (end - i < 8 || strncasecmp(b + i, "slide ", 6) || !isdigit((unsigned char)b[i + 6]))
		return i;
	size_t k = i + 6;
	while (k < end && isdigit((unsigned char)b[k]))
		k++;
	if (k + 1 < end && b[k] == '/' && isdigit((unsigned char)b[k + 1]))
		for (k++; k < end && isdigit((unsigned char)b[k]);)
			k++;
	else if (k + 4 < end && !strncasecmp(b + k, " of ", 4) && isdigit((unsigned char)b[k + 4]))
		for (k += 4; k < end && isdigit((unsigned char)b[k]);)
			k++;
	size_t m = k;
	while (k < end && (b[k] == ' ' || b[k] == ':' || b[k] == '.' || b[k] == '-' || b[k] == ')' || b[k] == ']'))
		k++;
	if (k >= end || k == m)
		return i;
	return k;
}

/* A chat log's prefix at b[i]: "[10:42] dana: ", "[10:42:07 AM] raj: ".
 * Returns where the message starts, or i when there is none. */
static size_t chat_prefix(const char *b, size_t i, size_t end)
{
	size_t k = i + 1, d = 0;
	if (i >= end || b[i] != '[')
		return i;
	while (k < end && d < 2 && isdigit((unsigned char)b[k]))
		k++, d++;
	for (int part = 0; part < 2 && k + 2 < end && b[k] == ':' && isdigit((unsigned char)b[k + 1]) &&
			   isdigit((unsigned char)b[k + 2]);
	     part++)
		k += 3;
	if (d == 0 || k == i + 1 + d)
		return i; /* no minutes: "[1]" is a footnote */
	if (k + 2 < end && b[k] == ' ' && strchr("AaPp", b[k + 1]) && (b[k + 2] == 'M' || b[k + 2] == 'm'))
		k += 3;
	if (k >= end || b[k] != ']')
		return i;
	k++;
	while (k < end && b[k] == ' ')
		k++;
	/* The speaker: one name, then a colon. */
	size_t w = k;
	while (k < end && k - w < 32 && (isalnum((unsigned char)b[k]) || b[k] == '.' || b[k] == '_' || b[k] == '-'))
		k++;
	if (k > w && k < end && b[k] == ':' && (k + 1 == end || b[k + 1] == ' '))
		return k + 1;
	return w;
}

/* A notebook cell's prompt at b[i]: "In [5]:", "In[ ]:", "Out[3]:" (its
 * number counts runs, not answers). Returns where the cell's text starts,
 * or i when there is none. */
static size_t cell_prefix(const char *b, size_t i, size_t end)
{
	size_t k = i;
	if (k + 2 < end && (b[k] == 'I' || b[k] == 'i') && (b[k + 1] == 'n' || b[k + 1] == 'N'))
		k += 2;
	else if (k + 3 < end && (b[k] == 'O' || b[k] == 'o') && !strncasecmp(b + k + 1, "ut", 2))
		k += 3;
	else
		return i;
	while (k < end && b[k] == ' ')
		k++;
	if (k >= end || b[k] != '[')
		return i;
	k++;
	while (k < end && (b[k] == ' ' || isdigit((unsigned char)b[k]) || b[k] == '*'))
		k++;
	if (k + 1 >= end || b[k] != ']' || b[k + 1] != ':')
		return i;
	return k + 2;
}

/* "grader new part-c" or "grader grade part-b" at b[i], the command that
 * started a file (any case, spaces between its words): where it ends, the
 * exercise named in [*id, *id + *n); 0 when there is none. */
static size_t grader_command(const char *b, size_t i, size_t end, size_t *id, size_t *n)
{
	if (end - i < 7 || strncasecmp(b + i, "grader ", 7))
		return 0;
	i += 7;
	size_t v = i;
	while (i < end && isalpha((unsigned char)b[i]))
		i++;
	if (!((i - v == 3 && !strncasecmp(b + v, "new", 3)) || (i - v == 5 && !strncasecmp(b + v, "grade", 5))) ||
	    i >= end || b[i] != ' ')
		return 0;
	while (i < end && b[i] == ' ')
		i++;
	*id = i;
	while (i < end && (isalnum((unsigned char)b[i]) || b[i] == '-' || b[i] == '_'))
		i++;
	*n = i - *id;
	/* "grader new part a", "grader new part dash c": the id said aloud */
	if (*n == 4 && !strncasecmp(b + *id, "part", 4)) {
		size_t k = i + (end - i > 6 && !strncasecmp(b + i, " dash ", 6) ? 5 : 0);
		if (k + 1 < end && b[k] == ' ' && isalpha((unsigned char)b[k + 1]) &&
		    (k + 2 >= end || !isalnum((unsigned char)b[k + 2]))) {
			*n += k + 2 - i;
			i = k + 2;
		}
	}
	return *n ? i : 0;
}

/* The id a command names, [b, b + n), as the exercise id it says, into out
 * (size m): a space or a spoken " dash " is the dash ("part a", "part dash
 * c"), letters lowercase. */
static void said_id(const char *b, size_t n, char *out, size_t m)
{
	size_t o = 0;
	for (size_t k = 0; k < n && o + 1 < m; k++) {
		if (n - k > 6 && !strncasecmp(b + k, " dash ", 6))
			k += 5;
		out[o++] = b[k] == ' ' ? '-' : (char)tolower((unsigned char)b[k]);
	}
	out[o] = '\0';
}

/* "grader new part-c - " at b[i], the command that started the file, then
 * a dash or colon and more on the same line: where the rest starts, or i. */
static size_t command_prefix(const char *b, size_t i, size_t end)
{
	size_t id, n, k = grader_command(b, i, end, &id, &n);
	if (!k)
		return i;
	while (k < end && (isalnum((unsigned char)b[k]) || strchr("-_./", b[k])))
		k++; /* or a path: "grader new exercises/part-c.yaml - ..." */
	size_t sep = k;
	while (sep < end && b[sep] == ' ')
		sep++;
	if (sep + 1 < end && (b[sep] == '-' || b[sep] == ':' || b[sep] == '|') && b[sep + 1] == ' ')
		return sep + 2;
	if (sep + 3 < end && !memcmp(b + sep, "\xE2\x80\x94", 3))
		return sep + 3;
	/* "grader new stretch so basically before the next run i would ...":
	 * the answer typed straight after the command, five words or more */
	if (sep > k && sep < end && islower((unsigned char)b[sep]) && gr_count_words(b, sep, end) >= 5)
		return sep;
	return i;
}

/* "C1. ", "R3) ", "F2: " at b[i] with a field's label after it: the end of
 * the tag, or i. A tag before anything else ("H1. dtype casts") numbers
 * what it heads and is left to the line. */
static size_t claim_tag_at(struct parser *p, size_t i, size_t end)
{
	const char *b = p->buf;
	size_t k = i + 1;
	if (k >= end || !isupper((unsigned char)b[i]) || !isdigit((unsigned char)b[k]))
		return i;
	while (k < end && k - i < 3 && isdigit((unsigned char)b[k]))
		k++;
	if (k + 1 >= end || (b[k] != '.' && b[k] != ')' && b[k] != ':') || b[k + 1] != ' ')
		return i;
	k += 2;
	int st;
	size_t v;
	return label_at(p, k, end, &st, &v) >= 0 ? k : i;
}

/* A few words from opens, then from more, before a field's label: where
 * the label starts, or i. */
static size_t lead_words_at(struct parser *p, size_t i, size_t end, const char *const *opens,
			    const char *const *more)
{
	const char *b = p->buf;
	size_t k = i;
	for (int n = 0; n < 5; n++) {
		size_t w = k;
		while (k < end && (isalnum((unsigned char)b[k]) || b[k] == '.'))
			k++;
		size_t len = k - w;
		if (len && b[k - 1] == '.' && (len != 4 || strncasecmp(b + w, "p.s.", 4)))
			len--, k--; /* "forgot." but "p.s." */
		if (!len || !gr_word_in(b + w, len, n ? more : opens))
			return n && label_at(p, w, end, &(int){ 0 }, &(size_t){ 0 }) >= 0 ? w : i;
		while (k < end && (b[k] == ':' || b[k] == ',' || b[k] == ' ' || b[k] == '-' || b[k] == '.'))
			k++;
	}
	return i;
}

/* "edit: forgot Hardware: L4", "oops, missed one - Hardware: L4", "PS
 * Hardware: L4": a few words saying the field comes late, then its label.
 * Where the label starts, or i. */
static size_t afterthought_at(struct parser *p, size_t i, size_t end)
{
	static const char *const opens[] = { "edit", "oops", "forgot", "ps", "p.s.", "update", "also", "btw", "sorry",
					     "missed", NULL };
	static const char *const more[] = { "forgot", "missed", "i", "to", "add", "adding", "the", "one", "field",
					    "line", "it", "this", "also", "sorry", "2", NULL };
	/* "Field one, Workload: ...", "Fifth, Next experiment: ...": a field
	 * counted aloud, as a screen reader's user or a dictation says it */
	static const char *const counts[] = { "field", "first", "second", "third", "fourth", "fifth", "number",
					      "item", NULL };
	static const char *const nth[] = { "one", "two", "three", "four", "five", "1", "2", "3", "4", "5", NULL };
	size_t k = lead_words_at(p, i, end, opens, more);
	return k > i ? k : lead_words_at(p, i, end, counts, nth);
}

/* "REQ-5 ", "REQ-E2: " opening a line: a requirement's id, numbering the
 * line as a list would. Returns where the line's text starts, or i. */
static size_t requirement_id(const char *b, size_t i, size_t end)
{
	if (end - i < 5 || strncmp(b + i, "REQ", 3))
		return i;
	size_t k = i + 3;
	if (b[k] == '-' || b[k] == '_')
		k++;
	if (k < end && isupper((unsigned char)b[k]) && k + 1 < end && isdigit((unsigned char)b[k + 1]))
		k++;
	size_t d = k;
	while (k < end && isdigit((unsigned char)b[k]))
		k++;
	if (k == d || k >= end || (b[k] != ' ' && b[k] != ':' && b[k] != '.'))
		return i;
	while (k < end && (b[k] == ' ' || b[k] == ':' || b[k] == '.'))
		k++;
	return k;
}

static void decorate(struct parser *p, struct linfo *l)
{
	const char *b = p->buf;
	size_t i = l->off, end = l->off + l->len;
	int n_part = 0, sym = 0; /* sym: the last mark was a symbol ("🦆 Q: ...") */
	while (i < end && b[i] == ' ')
		i++;
	l->indent = (int)(i - l->off);
	l->blank = i == end;
	for (int guard = 0; guard < 8 && i < end; guard++) {
		size_t j = i;
		int was_sym = sym;
		sym = 0;
		if (guard == 0 && (j = chat_prefix(b, i, end)) > i) {
			/* "[10:42] dana: Workload: ...": the message is the line;
			 * "[00:10] Hardware: L4" is a caption's, with no speaker */
			size_t w = i;
			while (w < j && b[w] != ']')
				w++;
			while (w < j && (b[w] == ']' || b[w] == ' '))
				w++;
			int st;
			size_t v;
			if (w < j && label_at(p, w, end, &st, &v) >= 0)
				j = w;
		} else if (b[i] == '>') {
			j = i + 1;
		} else if (guard == 0 && (j = command_prefix(b, i, end)) > i) {
			/* "grader new part-c — Workload: ...": the command, then the answer on its line */
		} else if (guard == 0 && b[i] == '/' && i + 2 < end && b[i + 1] == '/' && b[i + 2] == ' ') {
			j = i + 2; /* "// H1: dtype cast", "// not yet: slice": notes written as code comments */
		} else if (b[i] == '#') {
			while (j < end && b[j] == '#')
				j++;
			if (j < end && b[j] != ' ')
				break;
			l->heading = 1;
		} else if ((b[i] == '-' || b[i] == '*' || b[i] == '+') && i + 1 < end && b[i + 1] == ' ') {
			j = i + 1;
			l->item = l->item ? l->item : 1;
		} else if (b[i] == '[' && i + 2 < end && (b[i + 1] == ' ' || b[i + 1] == 'x' || b[i + 1] == 'X') &&
			   b[i + 2] == ']' && (i + 3 == end || b[i + 3] == ' ')) {
			j = i + 3; /* "- [x] Workload: ...": a task list's box */
		} else if (b[i] == '|') {
			j = i + 1;
		} else if ((j = thread_mark_at(b, i, end)) > i) {
			/* "5/7 Next experiment: ...", "(3/8) ...": a thread's post number */
		} else if (guard == 0 && (j = requirement_id(b, i, end)) > i) {
			/* "REQ-5  Next experiment: SHALL ...": a requirement's id */
		} else if (isdigit((unsigned char)b[i]) || (b[i] == '(' && i + 1 < end && isdigit((unsigned char)b[i + 1]))) {
			size_t k = b[i] == '(' ? i + 1 : i;
			int n = 0, levels = 0;
			while (k < end && isdigit((unsigned char)b[k]) && n < 1000)
				n = n * 10 + (b[k++] - '0');
			/* "1.1 Workload", "2.3.1 ": a word processor's numbered heading */
			while (b[i] != '(' && k + 1 < end && b[k] == '.' && isdigit((unsigned char)b[k + 1])) {
				k++;
				while (k < end && isdigit((unsigned char)b[k]))
					k++;
				levels++;
			}
			if (levels && k < end && b[k] == ' ')
				j = k;
			else if (b[i] != '(' && (l->heading || (i > l->off && strchr("*_", b[i - 1]))) && k + 1 < end &&
				 b[k] == ' ' && isupper((unsigned char)b[k + 1])) {
				j = k; /* "## 3 Proposed experiment", "**5 Proposed experiment.**": a paper's section */
				levels = -1;
			}
			else if (k < end && (b[k] == '.' || b[k] == ')') && (k + 1 >= end || b[k + 1] == ' ' || b[k + 1] == '*'))
				j = k + 1;
			else if (b[i] != '(' && k + 2 < end && b[k] == '.' && b[k + 1] == ')' && b[k + 2] == ' ')
				j = k + 2; /* "1.) A: ...", as German schools number */
			else if (b[i] != '(' && k + 1 < end && (b[k] == ')' || b[k] == '.') && isupper((unsigned char)b[k + 1]))
				j = k + 1; /* "1)Workload:": the space an IME's full-width "）" took */
			else if (b[i] != '(' && (j = keycap_end(b, k, end)) > k)
				; /* "1️⃣ Hypotheses", "3⃣ Not yet": a keycap emoji numbers the answer */
			else
				break;
			if (!l->item && levels >= 0) {
				l->item = 2;
				l->number = n;
			}
		} else if ((guard == 0 || was_sym) && (b[i] == 'Q' || b[i] == 'q') && i + 2 < end && (b[i + 1] == ':' || b[i + 1] == '.') &&
			   b[i + 2] == ' ') {
			/* "Q: Workload:" then "A: ...": an exported quiz, question and answer */
			j = i + 2;
			l->question = 1;
		} else if ((b[i] == 'Q' || b[i] == 'q' || b[i] == 'A' || b[i] == '#') && i + 1 < end &&
			   isdigit((unsigned char)b[i + 1])) {
			/* "Q3.", "Q3:", "#3)" : a numbered answer */
			size_t k = i + 1;
			int n = 0;
			while (k < end && isdigit((unsigned char)b[k]) && n < 1000)
				n = n * 10 + (b[k++] - '0');
			if (k < end && b[k] != '.' && b[k] != ')' && b[k] != ':' && b[k] != ',' && b[k] != ' ')
				break;
			j = k < end ? k + 1 : k;
			if (!l->item) {
				l->item = 2;
				l->number = n;
			}
		} else if (guard == 0 && (j = claim_tag_at(p, i, end)) > i) {
			/* "C1. Workload: ...", "R3) Hardware: ...": a numbered claim's tag before a label */
		} else if (guard == 0 && (j = afterthought_at(p, i, end)) > i) {
			/* "edit: forgot Hardware: L4": the field, sent late */
		} else if (b[i] == '*' || b[i] == '_' || b[i] == '`' || b[i] == '"' || b[i] == '{') {
			j = i; /* emphasis, code, a JSON key's quote or an object's brace */
			while (j < end && (b[j] == '*' || b[j] == '_' || b[j] == '`' || b[j] == '"' || b[j] == '{'))
				j++;
		} else if ((j = cell_prefix(b, i, end)) > i) {
			/* "## In [5]: Next experiment:": a notebook's cell */
		} else if ((j = cjk_number_at(b, i, end, &n_part)) > i) {
			/* "② Hypotheses", "(二) ...": a numbered item. "一、Workload：..."
			 * and "二、分析" number a document's parts, not the answers. */
			if (!l->item && ((unsigned char)b[i] == 0xE2 || b[i] == '(')) {
				l->item = 2;
				l->number = n_part;
			}
		} else if ((j = symbol_at(b, i, end)) > i) {
			/* "🐌 **Top CPU ...:**", "🅿️ Parking lot:": a mark, not text */
			sym = 1;
		} else if ((j = letter_item_at(b, i, end)) > i) {
			/* "c) Not optimize now", "(b) ...": a lettered item */
			l->item = l->item ? l->item : 1;
		} else if (b[i] == '(' && l->item == 2 && guard > 0 && i + 1 < end && isalpha((unsigned char)b[i + 1])) {
			j = i + 1; /* "Q2 (contrast with Part A)": the heading is inside */
		} else if ((j = part_at(b, i, end, &n_part)) > i) {
			if (!l->item) { /* "Part 3 - not optimize yet" answers question 3 */
				l->item = 2;
				l->number = n_part;
			}
		} else if ((j = slide_at(b, i, end)) > i) {
			l->heading = 1; /* "Slide 4 - Top CUDA time": a slide's title heads it */
		} else if (l->heading && (j = board_word_at(b, i, end)) > i) {
			/* "### 🧊 Card: Icebox": the card's title heads it */
		} else {
			break;
		}
		while (j < end && b[j] == ' ')
			j++;
		i = j;
	}
	l->body = i;
}

/* The words of a label: runs of ASCII letters parted by spaces, '/', '&' or
 * '-'. Fills w[] with each word's start and length (at most GR_LABEL_WORDS)
 * and returns how many, or 0 when there are more or a word is too long;
 * *stop is where the last word ends. */
#define GR_LABEL_WORDS 6
#define GR_LABEL_WORD_MAX 24
static int label_words(const char *b, size_t i, size_t end, size_t w[][2], size_t *stop)
{
	int n = 0;
	while (i < end && isalpha((unsigned char)b[i])) {
		size_t s = i;
		while (i < end && isalpha((unsigned char)b[i]))
			i++;
		if (n == GR_LABEL_WORDS || i - s > GR_LABEL_WORD_MAX)
			return 0;
		w[n][0] = s;
		w[n++][1] = i - s;
		*stop = i;
		size_t j = i;
		while (j < end && (b[j] == ' ' || b[j] == '/' || b[j] == '&' || b[j] == '-'))
			j++;
		if (j - i > 3)
			break;
		i = j;
	}
	return n;
}

/* Edits (insert, delete, substitute, swap two neighbours) from a[0..n) to
 * b[0..m), ASCII case folded; both at most GR_LABEL_WORD_MAX long. */
static int edits(const char *a, size_t n, const char *b, size_t m)
{
	int d[GR_LABEL_WORD_MAX + 1][GR_LABEL_WORD_MAX + 1];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int v = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

/* A field's own label, misspelled, at off ("Hardwre:", "Top CUDA tiem:",
 * "Next experiement:"): the same number of words as the template's label,
 * each within a typo of it (none in a word of three letters, one in a
 * longer one, two from ten letters on; two in all), and a separator after
 * it. A typo is not a rename: the field is labelled. Returns the field and
 * sets *value, or -1. */
static int misspelled_label_at(struct parser *p, size_t off, size_t end, size_t *value)
{
	const char *b = p->buf;
	size_t cw[GR_LABEL_WORDS][2], stop = off;
	/* Most lines are prose: no separator near their start, no label. */
	size_t near = end - off < 64 ? end - off : 64;
	if (!memchr(b + off, ':', near) && !memchr(b + off, '-', near) && !memchr(b + off, '~', near) &&
	    !memchr(b + off, '=', near) && !memchr(b + off, '|', near) && !memchr(b + off, 0xE2, near))
		return -1;
	int n = label_words(b, off, end, cw, &stop);
	if (!n)
		return -1;
	for (size_t f = 0; f < p->ex->nfields; f++) {
		const char *label = p->ex->fields[f].label;
		size_t lw[GR_LABEL_WORDS][2], lstop;
		if (!label || label_words(label, 0, strlen(label), lw, &lstop) != n)
			continue;
		int total = 0;
		for (int k = 0; k < n && total <= 2; k++) {
			size_t len = lw[k][1];
			int allowed = len <= 3 ? 0 : len < 10 ? 1 : 2;
			int e = edits(b + cw[k][0], cw[k][1], label + lw[k][0], len);
			total += e > allowed ? 3 : e;
		}
		size_t v;
		if (total >= 1 && total <= 2 && (v = after_label(b, stop, end))) {
			*value = v;
			return (int)f;
		}
	}
	return -1;
}

/* Is the last word in b[lo, at), past trailing bytes of skip, one of
 * words (ASCII letters, any case)? */
static int word_ends(const char *b, size_t lo, size_t at, const char *skip, const char *const *words)
{
	size_t e = at;
	while (e > lo && strchr(skip, b[e - 1]))
		e--;
	size_t w = e;
	while (w > lo && isalpha((unsigned char)b[w - 1]))
		w--;
	for (const char *const *o = words; *o; o++)
		if (e > w && e - w == strlen(*o) && !strncasecmp(b + w, *o, e - w))
			return 1;
	return 0;
}

/* A diagram's annotation: a field's label after a left arrow ("← Top CUDA
 * time: copy_ 61%", "<- Next experiment: ...") at the end of a drawn line.
 * Returns the field (its value after the label), or -1. */
static int annotated_label_at(struct parser *p, const struct linfo *l, size_t end, int *state, size_t *value)
{
	const char *b = p->buf;
	if (l->body >= end || (!memchr(b + l->body, 0xE2, end - l->body) && !memchr(b + l->body, '<', end - l->body)))
		return -1;
	for (size_t k = l->body; k + 3 < end; k++) {
		size_t after;
		if (!memcmp(b + k, "\xE2\x86\x90", 3))
			after = k + 3;
		else if (b[k] == '<' && b[k + 1] == '-' && b[k + 2] != '-')
			after = k + 2;
		else
			continue;
		while (after < end && b[after] == ' ')
			after++;
		int st;
		size_t v;
		int f = after < end ? label_at(p, after, end, &st, &v) : -1;
		if (f >= 0 && st == GR_FIELD_LABELLED && memchr(b + after, ':', v - after)) {
			*state = st;
			*value = v;
			return f;
		}
	}
	return -1;
}

/* "(my note: NO, this is wrong. My actual next experiment: capture the
 * decode step ...)": a note in brackets that gives the learner's own
 * version of a field, its label after "my" (and "actual", "real", "own",
 * "revised"). Returns the field and sets *value, or -1. */
static int noted_label_at(struct parser *p, const struct linfo *l, size_t end, size_t *value)
{
	static const char *const mine[] = { "my", "actual", "real", "own", "revised", "corrected", "new", NULL };
	const char *b = p->buf;
	size_t i = l->body;
	if (i >= end || (b[i] != '(' && b[i] != '['))
		return -1;
	for (size_t k = i + 1; k < end && k < i + 400; k++) {
		if (!gr_isalpha((unsigned char)b[k]) || gr_isalpha((unsigned char)b[k - 1]))
			continue;
		if (!word_ends(b, i, k, " ", mine)) /* the word before: "my", "actual", ... */
			continue;
		int st;
		size_t v;
		int f = label_at(p, k, end, &st, &v);
		if (f >= 0 && st == GR_FIELD_LABELLED && v > k && memchr(b + k, ':', v - k)) {
			*value = v;
			return f;
		}
	}
	return -1;
}

/* What may come before a run-on line's first label: a spoken opening
 * ("okay", "so um") or whole sentences ("so part C, the five line
 * template. workload: ..."), not another part's mark ("*A* - Workload:"). */
static int preamble(const char *b, size_t s, size_t i)
{
	static const char *const filler[] = { "ok", "okay", "so", "um", "uh", "alright", "right", "well", "and", "then",
					      "now", "hi", "hello", "yeah", "hey", NULL };
	size_t k = i;
	while (k > s && b[k - 1] == ' ')
		k--;
	if (k > s && strchr(".?!", b[k - 1]))
		return 1;
	for (size_t w = s; w < k;) {
		size_t e = w;
		while (e < k && isalpha((unsigned char)b[e]))
			e++;
		const char *const *f = filler;
		while (*f && !(strlen(*f) == e - w && !strncasecmp(b + w, *f, e - w)))
			f++;
		if (e == w || !*f)
			return 0;
		w = e;
		while (w < k && (b[w] == ' ' || b[w] == ','))
			w++;
	}
	return 1;
}

/* A run-on line of fields (three colons or more) that opens with a few
 * words before its first label: "okay workload: seven b decode. hardware:
 * a100. ...", a caption's "so um part C. workload: ...". The first label
 * with its colon within the line's first 80 bytes, after a space; the
 * line's body then starts there (the words before it belong to no field).
 * Returns the field and sets *state and *value, or -1. */
static int runon_label_at(struct parser *p, struct linfo *l, size_t end, int *state, size_t *value)
{
	const char *b = p->buf;
	int colons = 0;
	for (const char *c = b + l->body; colons < 3 && (c = memchr(c, ':', (size_t)(b + end - c))); c++)
		if (c[1] != ':' && (c == b || c[-1] != ':'))
			colons++; /* "aten::matmul" is code, not a label's */
	if (colons < 3)
		return -1;
	for (size_t i = l->body + 1; i < end && i < l->body + 80; i++) {
		if (b[i - 1] != ' ' || !isalpha((unsigned char)b[i]))
			continue;
		int st;
		size_t v;
		int f = label_at(p, i, end, &st, &v);
		if (f < 0 || st != GR_FIELD_LABELLED || v <= i || !memchr(b + i, ':', v - i) || !preamble(b, l->body, i))
			continue;
		l->body = i;
		*state = st;
		*value = v;
		return f;
	}
	return -1;
}

/* Words of a line introducing answers, not a list of its own ("the
 * follow-ups:", "Answers:"), nor advice ("here are some general tips:",
 * "consider the following:" lists no hypotheses). */
static const char *const answer_words[] = { "follow", "follows", "following", "followup", "followups", "answer",
					    "answers", "answered", "question", "questions", "q&a", "part", "tip", "tips",
					    "advice", "recommend", "recommended", "recommendation", "recommendations",
					    NULL };

static int any_word_ci(const char *b, size_t s, size_t e, const char *const *w);

/* Does b[s, e) hold an edit's mark ("EDIT:", "scratch that", "update:")? */
static int edit_marked(const char *b, size_t s, size_t e)
{
	static const char *const marks[] = { "edit:", "edit -", "scratch that", "update:", "correction:", NULL };
	return any_word_ci(b, s, e, marks);
}

/* A line that opens with an edit's mark and gives a field again after a
 * sentence: "EDIT: scratch that, only one is allowed. Next experiment:
 * CUDA graphs ...". The label counts as if it opened the line (the words
 * before it belong to no field), so the field's value is written twice.
 * Returns the field and sets *state and *value, or -1. */
static int edit_label_at(struct parser *p, struct linfo *l, size_t end, int *state, size_t *value)
{
	static const char *const marks[] = { "edit", "edited", "edit 2", "update", "updated", "upd", "correction",
					     "ps", "p.s.", "later edit", NULL };
	const char *b = p->buf;
	size_t k = l->body, w;
	while (k < end && strchr("*_[(", b[k]))
		k++;
	for (w = k; w < end && w - k < 12 && !strchr(":-*_])", b[w]); w++)
		;
	if (w == k || w - k >= 12 || !gr_word_in(b + k, w - k, marks))
		return -1;
	while (w < end && strchr("*_])", b[w]))
		w++;
	if (w >= end || (b[w] != ':' && b[w] != '-'))
		return -1;
	for (size_t i = w + 1; i + 2 < end; i++) {
		if (!strchr(".!?;", b[i]) || b[i + 1] != ' ')
			continue;
		size_t at = i + 1;
		while (at < end && (b[at] == ' ' || b[at] == '*' || b[at] == '_'))
			at++;
		int st;
		size_t v;
		int f = label_at(p, at, end, &st, &v);
		if (f < 0 || st != GR_FIELD_LABELLED || v <= at || !memchr(b + at, ':', v - at))
			continue;
		l->body = at;
		*state = st;
		*value = v;
		return f;
	}
	return -1;
}

static int has_content(const char *b, size_t s, size_t e);

/* Is a label's answer a card's, a few words on its line ("Later: nsys",
 * "**Later:** CUDA graphs", "Icebox - FA3 port")? e: where the heading's
 * words end. A longer answer may go on below a blank line. */
static int card_after(const char *b, size_t e, size_t end)
{
	while (e < end && (b[e] == ' ' || b[e] == '*' || b[e] == '_'))
		e++;
	if (e >= end || (b[e] != ':' && b[e] != '-'))
		return 0;
	int words = gr_count_words(b, e + 1, end);
	return words >= 1 && words <= 3;
}

/* Is b[s, e) a board's card: a label of a word or three and a few words
 * after it ("**Next:** re-profile", "- Now: record_shapes run")? A card
 * above a deferred one makes a board ("**Later:** nsys"), whose cards are
 * a line each; a lone "**Not yet:** attention." may go on below a blank
 * line ("**Why:** ..."). */
static int card_line(const char *b, size_t s, size_t e)
{
	const char *c = memchr(b + s, ':', e - s);
	if (!c || (size_t)(c - b) - s > 40)
		return 0;
	int before = gr_count_words(b, s, (size_t)(c - b)), after = gr_count_words(b, (size_t)(c - b) + 1, e);
	return before >= 1 && before <= 3 && after >= 1 && after <= 4;
}

/* Does a deferred section's heading open at b[c, e) ("Later", "Won't do",
 * "Icebox")? */
static int deferred_heading_at(struct parser *p, size_t c, size_t e)
{
	for (size_t s = 0; s < p->ex->nsections; s++) {
		const struct gr_section *sec = &p->ex->sections[s];
		if (sec->deferred && match_at(p, sec->heading_re, sec->heading_first, &sec->heading_gate, c, e))
			return 1;
	}
	return 0;
}

/* Does a deferred heading that ends at e go on with an arrow to a column
 * no deferred heading names ("Backlog → Now:", "Later -> Doing")? */
static int moved_out(struct parser *p, size_t e, size_t end)
{
	const char *b = p->buf;
	size_t k = e;
	while (k < end && (b[k] == ' ' || b[k] == '*' || b[k] == '_'))
		k++;
	if (k + 1 < end && b[k] == '-' && b[k + 1] == '>')
		k += 2;
	else if (k + 2 < end && !memcmp(b + k, "\xE2\x86\x92", 3))
		k += 3;
	else
		return 0;
	while (k < end && (b[k] == ' ' || b[k] == '*' || b[k] == '_'))
		k++;
	/* A column's name, a word or two ("Now:", "In progress"); "Not yet ->
	 * a custom attention kernel. ..." is a label and its answer. */
	if (k >= end || !has_content(b, k, end) || gr_count_words(b, k, end) > 2 || memchr(b + k, '.', end - k))
		return 0;
	return !deferred_heading_at(p, k, end); /* "Now → Later": still put off */
}

/* Is the heading b[0, n) a tag ("hyp1", "H2", "hyp 2"): short, numbered? */
static int tag_heading(const char *b, size_t n)
{
	if (n > 5)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (gr_isdigit((unsigned char)b[k]))
			return 1;
	return 0;
}

/* Is l numbered as the answer to another section than s ("2. hyp1: load
 * in bf16 ..." answers question 2, the experiments)? A tag then only tags
 * the item. */
static int numbered_for_another(const struct parser *p, const struct linfo *l, size_t s)
{
	if (l->item != 2 || !p->ex->sections[s].number || p->ex->sections[s].number == l->number)
		return 0;
	for (size_t t = 0; t < p->ex->nsections; t++)
		if (t != s && p->ex->sections[t].number == l->number)
			return 1;
	return 0;
}

/* Pipes in a table row [s, e) (0: not a row). */
static int row_pipes(const char *b, size_t s, size_t e)
{
	while (s < e && b[s] == ' ')
		s++;
	if (s >= e || b[s] != '|')
		return 0;
	int pipes = 0;
	for (size_t k = s; k < e; k++)
		pipes += b[k] == '|';
	return pipes;
}

/* Is line l a row of a table of three columns or more where no row is a
 * field's own label ("| fix | remove copies | fewer launches |" in a Part
 * A / Part B contrast)? Then an alias in its first cell names a row of
 * the contrast, not a field; "| Field | Value | Notes |" tables keep
 * theirs. */
static int comparison_row(struct parser *p, const struct linfo *l)
{
	const char *b = p->buf;
	if (row_pipes(b, l->off, l->off + l->len) < 4)
		return 0;
	size_t i = (size_t)(l - p->li), a = i, z = i;
	while (a > 0 && row_pipes(b, p->li[a - 1].off, p->li[a - 1].off + p->li[a - 1].len))
		a--;
	while (z + 1 < p->nl && row_pipes(b, p->li[z + 1].off, p->li[z + 1].off + p->li[z + 1].len))
		z++;
	for (size_t k = a; k <= z; k++) {
		size_t ks = p->li[k].off, ke = ks + p->li[k].len, v;
		int st;
		while (ks < ke && (b[ks] == ' ' || b[ks] == '|'))
			ks++;
		if (k != i && label_at(p, ks, ke, &st, &v) >= 0 && st == GR_FIELD_LABELLED)
			return 0;
	}
	/* "| REG | VAL | UNIT |", "| Parameter | Value | Unit |": a sheet of
	 * values, its first column the names */
	static const char *const sheet[] = { "value", "val", "values", "reading", NULL };
	size_t hs = p->li[a].off, he = hs + p->li[a].len;
	for (size_t c = hs; c < he; c++) {
		if (b[c] != '|')
			continue;
		size_t cs = c + 1;
		while (cs < he && (b[cs] == ' ' || b[cs] == '*'))
			cs++;
		size_t ce = cs;
		while (ce < he && isalpha((unsigned char)b[ce]))
			ce++;
		if (ce > cs && gr_word_in(b + cs, ce - cs, sheet))
			return 0;
	}
	return 1;
}

/* Is l a bullet among bullets, its heading-like label followed by a whole
 * claim ("- **A vs B:** in A the GPU was busy ..." under "- **A:** ...")?
 * Then it is one of the list's points, not the heading of what follows. */
static int sibling_bullet(const struct parser *p, const struct linfo *l, size_t e, size_t end)
{
	if (l->item != 1 || l == p->li || l->heading)
		return 0;
	for (size_t k = l->body; k < e; k++)
		if (gr_isdigit((unsigned char)p->buf[k]))
			return 0; /* "- *Hyp 1:* fp32 casts": a numbered tag heads its answer */
	const struct linfo *prev = l - 1;
	if (prev->item != 1 || prev->indent != l->indent || prev->section >= 0 || prev->field >= 0)
		return 0;
	/* the bullet before opens with a label of its own too ("- **B:** ...") */
	const char *b = p->buf;
	size_t k = prev->body, pe = prev->off + prev->len, words = 0;
	while (k < pe && (b[k] == '*' || b[k] == '_' || b[k] == ' '))
		k++;
	for (; k < pe && words < 4 && b[k] != ':'; k++)
		words += b[k] == ' ';
	return k < pe && b[k] == ':' && words < 4 && gr_count_words(b, e, end) >= 4;
}

static void scan_line(struct parser *p, struct linfo *l)
{
	size_t end = l->off + l->len;
	l->field = l->section = l->noted = -1;
	decorate(p, l);
	if (l->blank)
		return;
	int state;
	size_t value;
	l->field = label_at(p, l->body, end, &state, &value);
	if (l->field >= 0 && state == GR_FIELD_ALIASED && comparison_row(p, l))
		l->field = -1; /* "| fix | remove copies | fewer launches |": a row of a contrast, not a field */
	if (l->field < 0)
		l->noted = noted_label_at(p, l, end, &l->noted_value);
	if (l->field < 0) /* "GPU ──┤ copy_ ████ 24.4 │ ← Top CUDA time: aten::copy_ 61%" */
		l->field = annotated_label_at(p, l, end, &state, &value);
	if (l->field < 0) /* "okay workload: 7B decode. hardware: a100. top cuda time: ..." */
		l->field = runon_label_at(p, l, end, &state, &value);
	if (l->field < 0) /* "EDIT: scratch that. Next experiment: CUDA graphs" */
		l->edit = (l->field = edit_label_at(p, l, end, &state, &value)) >= 0;
	if (l->field < 0 || state == GR_FIELD_ALIASED) {
		size_t v;
		int f = misspelled_label_at(p, l->body, end, &v);
		if (f >= 0) {
			l->field = f;
			l->misspelled = 1;
			state = GR_FIELD_ALIASED;
			value = v;
		}
	}
	if (l->field >= 0) {
		l->field_state = state;
		l->value = value;
		/* "Workload: x. Hardware: L4" - more labels on the same line. */
		l->mid_labels = memchr(p->buf + value, ':', end - value) != NULL ||
				memchr(p->buf + value, '|', end - value) != NULL;
		return;
	}
	for (size_t s = 0; s < p->ex->nsections; s++) {
		const struct gr_section *sec = &p->ex->sections[s];
		size_t e = match_at(p, sec->heading_re, sec->heading_first, &sec->heading_gate, l->body, end);
		if (e && sec->deferred && moved_out(p, e, end))
			continue; /* "Backlog → Now:": where it went, not where it was */
		if (e && !(tag_heading(p->buf + l->body, e - l->body) && numbered_for_another(p, l, s)) &&
		    !sibling_bullet(p, l, e, end)) {
			l->section = (int)s;
			l->inline_answer = sec->deferred && !l->heading && card_after(p->buf, e, end) &&
					   l > p->li && card_line(p->buf, l[-1].off, l[-1].off + l[-1].len);
			break;
		}
	}
}

/* A line of code commented out ("# with record_function(\"tokenize\"):",
 * "// nvtxRangePushA(\"prefill\");"): code that will not run, so no part
 * of the answer. A comment in words ("# the tokenizer runs first") stays. */
static int commented_code(const char *b, size_t k, size_t len)
{
	static const char *const kw[] = { "with ", "import ", "from ", "def ", "return ", NULL };
	if (k < len && b[k] == '#')
		k++;
	else if (k + 1 < len && b[k] == '/' && b[k + 1] == '/')
		k += 2;
	else
		return 0;
	while (k < len && b[k] == ' ')
		k++;
	for (const char *const *w = kw; *w; w++)
		if (len - k > strlen(*w) && !strncmp(b + k, *w, strlen(*w)))
			return 1;
	/* A call first: "torch.cuda.nvtx.range_push(", "nvtxRangePop();", not
	 * "t[\"h2d\"] -> ids.to(\"cuda\")", a comment that explains. */
	size_t j = k;
	while (j < len && (isalnum((unsigned char)b[j]) || b[j] == '_' || b[j] == '.'))
		j++;
	static const char *const tags[] = { "todo", "fixme", "xxx", "hack", "note", NULL };
	if (gr_word_in(b + k, j - k, tags))
		return 0; /* "# TODO(later): custom attention kernel": a note, in words */
	return j > k && j < len && b[j] == '(' && isalpha((unsigned char)b[k]);
}

/* Does the line at b (k bytes of indentation, len in all) read as a
 * statement of code: a block opener ("with record_function(...):"), an
 * import, an assignment ("ids = tok.encode(p)") or a call that opens the
 * line ("torch.cuda.nvtx.range_push(\"prefill\")", "nvtxRangePop();")? */
static int code_statement(const char *b, size_t k, size_t len)
{
	static const char *const opener[] = { "with ", "def ", "for ", "while ", "async with ", NULL };
	for (const char *const *w = opener; *w; w++)
		if (len - k > strlen(*w) && !strncmp(b + k, *w, strlen(*w)))
			return b[len - 1] == ':' || memchr(b + k, '(', len - k) != NULL;
	if (len - k > 7 && (!strncmp(b + k, "import ", 7) || !strncmp(b + k, "from ", 5))) {
		const char *imp = gr_memmem(b + k, len - k, " import ", 8);
		return !strncmp(b + k, "import ", 7) ? memchr(b + k + 7, ' ', len - k - 7) == NULL : imp != NULL;
	}
	size_t j = k;
	while (j < len && (isalnum((unsigned char)b[j]) || (b[j] && strchr("_.[]\"',", b[j]))))
		j++;
	if (j == k || !isalpha((unsigned char)b[k]))
		return 0;
	if (j < len && b[j] == '(')
		return memchr(b + j, ')', len - j) != NULL; /* a call, closed on the line */
	while (j < len && b[j] == ' ')
		j++;
	return j + 1 < len && b[j] == '=' && b[j + 1] != '=' && b[j + 1] != '>'; /* x = ... */
}

/* An indented code block, as markdown writes one without fences: lines
 * indented four spaces or more after a blank line (or a line ending with a
 * colon), holding at least one statement of code, every line of it code, a
 * comment, or deeper than its first (a body). Prose indented under a list
 * item is no code. Returns the number of lines from i, 0 if none. */
static size_t indented_code(const struct parser *p, size_t i)
{
	const struct linfo *prev = i ? &p->li[i - 1] : NULL;
	if (prev && !prev->blank) {
		const char *pb = p->r->text.buf + prev->off;
		size_t e = prev->len;
		while (e > 0 && pb[e - 1] == ' ')
			e--;
		if (e == 0 || pb[e - 1] != ':')
			return 0;
	}
	size_t last = i, base = 0;
	int statements = 0;
	for (size_t j = i; j < p->nl; j++) {
		const struct linfo *l = &p->li[j];
		if (l->blank)
			continue;
		const char *b = p->r->text.buf + l->off;
		size_t k = 0;
		while (k < l->len && b[k] == ' ')
			k++;
		if (k < 4 || l->code || l->field >= 0)
			break;
		if (j == i)
			base = k;
		int st = code_statement(b, k, l->len);
		int comment = b[k] == '#' || (k + 1 < l->len && b[k] == '/' && b[k + 1] == '/');
		int closing = strchr(")]}", b[k]) != NULL;
		if (!st && !comment && !closing && k <= base)
			return 0; /* prose in the block: it is not code */
		statements += st;
		last = j;
	}
	return statements ? last - i + 1 : 0;
}

static void mark_code_line(struct parser *p, size_t i)
{
	p->li[i].code = 1;
	p->r->code_line[i] = 1;
}

/* Does line l open or close a fenced code block ("```python", "~~~")? */
static int fence_line(const char *buf, const struct linfo *l)
{
	const char *b = buf + l->off;
	size_t k = 0;
	while (k < l->len && b[k] == ' ')
		k++;
	return l->len - k >= 3 && (!strncmp(b + k, "```", 3) || !strncmp(b + k, "~~~", 3));
}

/* Lines of a fenced or indented code block: each is a statement of its own
 * (no sentence runs across them) and code is never a keyword list. Lines
 * of code commented out are blanked, as a struck-out line is. */
static void mark_code(struct parser *p)
{
	int in = 0;
	size_t indented = 0; /* lines of an indented block still to come */
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		char *b = p->r->text.buf + l->off;
		size_t k = 0;
		while (k < l->len && b[k] == ' ')
			k++;
		int fence = fence_line(p->r->text.buf, l);
		if (!in && !fence && !indented && !l->blank)
			indented = indented_code(p, i);
		if (fence || in || indented)
			mark_code_line(p, i);
		if ((in || indented) && !fence)
			l->heading = 0; /* "# TODO: triton attn" is a comment: the section goes on */
		if ((in || indented) && !fence && commented_code(b, k, l->len)) {
			memset(b, ' ', l->len);
			l->field = l->section = -1;
			l->item = l->heading = l->nlab = l->nsec = l->mid_labels = 0;
			l->blank = 1;
		}
		if (indented)
			indented--;
		if (fence)
			in = !in;
	}
}

/* A renamed label ("Device:", "Next:") only stands in for a field the
 * learner did not label properly; where the real label exists, a line such
 * as "- device: look for HtoD copies" is prose of a follow-up answer. */
static void drop_stray_aliases(struct parser *p)
{
	unsigned char labelled[32] = { 0 };
	for (size_t i = 0; i < p->nl; i++)
		if (p->li[i].field >= 0 && p->li[i].field_state == GR_FIELD_LABELLED)
			labelled[p->li[i].field] = 1;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		if (l->field < 0 || l->field_state != GR_FIELD_ALIASED || !labelled[l->field])
			continue;
		l->field = -1;
		l->mid_labels = 0;
		for (size_t s = 0; s < p->ex->nsections; s++)
			if (match_at(p, p->ex->sections[s].heading_re, p->ex->sections[s].heading_first,
				     &p->ex->sections[s].heading_gate, l->body,
				     l->off + l->len)) {
				l->section = (int)s;
				break;
			}
	}
}

/* "Contrast with Part A:" and four bullets, one of them "- Next experiment:
 * A -> find who calls copy_; B -> CUDA graph": a bullet under a section's
 * heading that repeats a field the report already labelled is a point of
 * that section (it compares the field), not the field again. */
static void fields_in_sections(struct parser *p)
{
	unsigned char labelled[32] = { 0 };
	int in_section = 0;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		if (l->section >= 0) {
			in_section = 1;
			continue;
		}
		if (l->blank)
			continue;
		if (!l->item) {
			if (l->field >= 0 || l->heading)
				in_section = 0;
			if (l->field >= 0 && l->field < 32)
				labelled[l->field] = 1;
			continue;
		}
		if (l->field < 0 || l->field >= 32)
			continue;
		if (in_section && labelled[l->field] && !l->mid_labels) {
			l->field = -1;
			continue;
		}
		labelled[l->field] = 1;
	}
}

/* Does line l open with a question's number ("Q2:", "q3.")? */
static int question_number(const char *buf, const struct linfo *l)
{
	const char *b = buf + l->off;
	size_t k = 0;
	while (k < l->len && (b[k] == ' ' || b[k] == '*' || b[k] == '#'))
		k++;
	return k + 1 < l->len && (b[k] == 'Q' || b[k] == 'q') && isdigit((unsigned char)b[k + 1]);
}

/* Record that field f is at line ln with value [vs, ve). The first accepted
 * label wins; a renamed label only fills a field no real label fills. */
/* "A: " opening the answer to a "Q:" line, on its line or the next. */
static size_t skip_answer_mark(const char *b, size_t vs, size_t ve)
{
	while (vs < ve && (is_space(b[vs]) || b[vs] == '\n'))
		vs++;
	if (vs + 2 < ve && (b[vs] == 'A' || b[vs] == 'a') && (b[vs + 1] == ':' || b[vs + 1] == '.') && b[vs + 2] == ' ')
		vs += 3;
	return vs;
}

/* Is line ln (1-based) a draft's: the word "draft" (or "first attempt",
 * "initial answer") on it or on one of the few lines above it? */
static int drafted(const struct parser *p, int ln)
{
	static const char *const marks[] = { "draft", "first attempt", "first try", "initial answer", "old answer",
					     NULL };
	for (int k = ln - 1; k >= 0 && k >= ln - 6; k--) {
		const struct linfo *l = &p->li[k];
		for (const char *const *m = marks; *m; m++)
			for (size_t i = l->off, n = strlen(*m); i + n <= l->off + l->len; i++)
				if (!strncasecmp(p->buf + i, *m, n))
					return 1;
	}
	return 0;
}

/* Withdraw the code block holding line i: a report the learner quotes. */
static void quoted_block(struct parser *p, size_t i)
{
	size_t s = i, e = i;
	while (s > 0 && p->li[s - 1].code)
		s--;
	while (e + 1 < p->nl && p->li[e + 1].code)
		e++;
	for (size_t k = s; k <= e; k++)
		p->r->old_line[k] = (unsigned char)(p->li[k].old = 5);
}

static void set_field(struct parser *p, int f, int state, int ln, size_t vs, size_t ve)
{
	struct gr_report_field *rf = &p->r->fields[f];
	if (p->li[ln - 1].question)
		vs = skip_answer_mark(p->buf, vs, ve);
	while (vs < ve && (is_space(p->buf[vs]) || p->buf[vs] == '\n'))
		vs++;
	while (ve > vs && (is_space(p->buf[ve - 1]) || p->buf[ve - 1] == '\n' || p->buf[ve - 1] == '|' ||
			   p->buf[ve - 1] == '*'))
		ve--;
	if (rf->state == GR_FIELD_LABELLED && state == GR_FIELD_LABELLED &&
	    !has_content(p->buf, rf->value.start, rf->value.end) && has_content(p->buf, vs, ve)) {
		/* The empty template pasted first, then the filled copy: the
		 * filled one is the field. */
		rf->line = ln;
		rf->value = (struct gr_span){ .start = vs, .end = ve };
		return;
	}
	/* A field of the version the learner marked replaced gives way to the
	 * new one, whichever comes first (mark_old_blocks). */
	if (rf->state == GR_FIELD_LABELLED && state == GR_FIELD_LABELLED && p->li[ln - 1].old &&
	    !p->li[rf->line - 1].old)
		return;
	if (rf->state == GR_FIELD_LABELLED && state == GR_FIELD_LABELLED &&
	    ((has_content(p->buf, vs, ve) && drafted(p, rf->line)) || p->li[rf->line - 1].old) && !drafted(p, ln) &&
	    !p->li[ln - 1].old) {
		/* "Draft answer (wrong, kept for honesty): Next experiment: ...",
		 * then the final one: the final one is the answer, even left
		 * empty ("Hardware: ..." under "final:" after a draft's "L4").
		 * (A withdrawn copy has a warning of its own: grade.c.) */
		rf->repeated = !p->li[rf->line - 1].old;
		rf->line = ln;
		rf->value = (struct gr_span){ .start = vs, .end = ve };
		return;
	}
	if (rf->state == GR_FIELD_LABELLED && state == GR_FIELD_LABELLED && has_content(p->buf, vs, ve) &&
	    p->li[rf->line - 1].code && !p->li[ln - 1].code) {
		/* A report quoted in a code block ("Here's one I saw: ```...```"),
		 * then the learner's own fields: the learner's are the answer,
		 * and the quotation counts for nothing (old_line 5). */
		quoted_block(p, (size_t)rf->line - 1);
		rf->line = ln;
		rf->value = (struct gr_span){ .start = vs, .end = ve };
		return;
	}
	if (rf->state == GR_FIELD_LABELLED || (rf->state == GR_FIELD_ALIASED && state == GR_FIELD_ALIASED)) {
		rf->repeated = 1;
		if (!has_content(p->buf, vs, ve))
			return;
		if (p->li[ln - 1].edit && !p->li[ln - 1].code) { /* the edit replaces what it corrects */
			rf->line = ln;
			rf->value = (struct gr_span){ .start = vs, .end = ve };
			rf->more = (struct gr_span){ .start = 0, .end = 0 };
			return;
		}
		/* "Action item: profile / Action item: fix casts / Action item:
		 * cache results", a line each: the repeats run on together. */
		size_t gap = rf->more.end;
		while (rf->more.end && gap < p->li[ln - 1].off && is_space(p->buf[gap]))
			gap++;
		if (rf->more.end && gap < p->li[ln - 1].off && p->buf[gap] == '\n' && gap + 1 == p->li[ln - 1].off)
			rf->more.end = ve;
		else
			rf->more = (struct gr_span){ .start = vs, .end = ve };
		return;
	}
	rf->state = state;
	rf->line = ln;
	rf->value = (struct gr_span){ .start = vs, .end = ve };
	rf->late = p->li[ln - 1].edit;
}

/* A section's heading at off, with its separator ("Hypotheses: (1) ..."),
 * as a run-together form holds one: the section, with *value where its
 * text starts, or -1. */
static int section_at(struct parser *p, size_t off, size_t end, size_t *value)
{
	for (size_t s = 0; s < p->ex->nsections; s++) {
		const struct gr_section *sec = &p->ex->sections[s];
		size_t e = match_at(p, sec->heading_re, sec->heading_first, &sec->heading_gate, off, end);
		if (!e)
			continue;
		/* The heading's colon, a few words on at most ("Not optimizing
		 * yet:"), with no sentence ending before it. */
		size_t c = e;
		while (c < end && c < e + 24 && p->buf[c] != ':' && p->buf[c] != '.' && p->buf[c] != '\n')
			c++;
		if (c < end && p->buf[c] == ':') {
			*value = skip_marks(p->buf, c + 1, end);
			return (int)s;
		}
	}
	return -1;
}

/* Split the rest of a line that holds several labels: each value runs to the
 * next label found after a separator. A section's heading found so (the
 * line breaks of a form were lost) comes back as *f = -1 - section. */
static size_t next_inline_label(struct parser *p, size_t from, size_t end, int runtogether, int *f, int *state,
				size_t *value)
{
	/* "Workload: Hardware:" - a value that is itself the next label is empty. */
	int k0 = from < end ? label_at(p, from, end, state, value) : -1;
	if (k0 >= 0) {
		*f = k0;
		return from;
	}
	for (size_t i = from; i < end; i++) {
		char c = p->buf[i];
		/* After punctuation, any label; after a bare space, only the
		 * template's own label, capitalised (or, in a dictation's
		 * lowercase captions, any case), with its colon: a form whose
		 * line breaks were lost ("... KV cache enabled Hardware: 2x
		 * A100 Top CUDA time: ..."). */
		int bare = runtogether && c == ' ' && i + 1 < end &&
			   (isupper((unsigned char)p->buf[i + 1]) ||
			    ((p->r->text.flags & GR_TEXT_DICTATED) && isalpha((unsigned char)p->buf[i + 1])));
		/* "workload: bs1 / hardware: L4 / top cuda time: ...": a spaced
		 * slash parts fields typed on one line, before a label with
		 * its colon ("top cpu / orchestration cost" holds one too). */
		int slash = c == '/' && i > from && p->buf[i - 1] == ' ';
		if (c != '.' && c != ';' && c != ',' && c != '|' && !bare && !slash)
			continue;
		size_t j = i + 1;
		while (j < end && (p->buf[j] == ' ' || p->buf[j] == '*' || p->buf[j] == '_'))
			j++;
		if (j == i + 1 && !bare)
			continue;
		if (j >= end)
			continue;
		int k = label_at(p, j, end, state, value);
		if (k >= 0 && (bare || slash) && (*state != GR_FIELD_LABELLED || !memchr(p->buf + j, ':', *value - j)))
			k = -1;
		if (k >= 0) {
			*f = k;
			return i;
		}
		if (runtogether && (c == '.' || bare)) { /* a sentence ends, then "Hypotheses: ..." */
			int sec = section_at(p, j, end, value);
			if (sec >= 0) {
				*f = -1 - sec;
				return i;
			}
		}
	}
	return 0;
}

/* "Word words:" at the start of a line, as a label would be. */
static int label_like(const char *b, size_t s, size_t e)
{
	/* letters outside ASCII count ("Ich würde folgendes probieren:",
	 * "Nächstes Experiment:"): a byte of a UTF-8 sequence */
	if (s >= e || !(isalpha((unsigned char)b[s]) || (unsigned char)b[s] >= 0x80))
		return 0;
	for (size_t i = s; i < e && i < s + 40; i++) {
		if (b[i] == ':')
			return i + 1 == e || b[i + 1] == ' ';
		if (!(isalnum((unsigned char)b[i]) || (unsigned char)b[i] >= 0x80 || strchr(" /&()_.-*", b[i])))
			return 0;
	}
	return 0;
}

/* Does b[s, e) end with a colon (trailing spaces and emphasis aside)? */
static int ends_with_colon(const char *b, size_t s, size_t e)
{
	while (e > s && strchr(" \t*_", b[e - 1]))
		e--;
	return e > s && b[e - 1] == ':';
}

/* Does the line b[s, e) open with a deferral said as a label, "Not yet -
 * FlashAttention", "Won't do - a Triton kernel"? */
static int defers_opening(const char *b, size_t s, size_t e)
{
	static const char *const opens[] = { "not yet", "not now", "won't do", "wont do", "not for now", "later",
					     "out of scope", "parking lot", "deferred", "skip for now", NULL };
	for (const char *const *o = opens; *o; o++) {
		size_t n = strlen(*o), i = s + n;
		if (e - s <= n || strncasecmp(b + s, *o, n))
			continue;
		while (i < e && (b[i] == ' ' || b[i] == '*' || b[i] == '_'))
			i++;
		if (i + 1 < e && b[i] == '-' && b[i + 1] == ' ')
			return 1;
	}
	return 0;
}

static int has_content(const char *b, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (isalnum((unsigned char)b[i]) || (unsigned char)b[i] >= 0x80)
			return 1;
	return 0;
}

/* Where a value that points at the code below it ("Next experiment: see
 * the cell below", "... the snippet below:") ends: with that fenced block,
 * which is what will run. ve, the value's end on line last, otherwise. */
static size_t code_below(const struct parser *p, size_t vs, size_t ve, size_t last)
{
	static const char *const below[] = { "below", "following", NULL };
	const char *b = p->buf;
	if (!word_ends(b, vs, ve, " :.)*_`", below))
		return ve;
	size_t j = last + 1;
	if (j < p->nl && p->li[j].blank)
		j++;
	if (j >= p->nl || !p->li[j].code || p->li[j].field >= 0)
		return ve;
	if (!fence_line(b, &p->li[j]))
		return ve; /* an indented block has no end of its own to point at */
	for (j++; j < p->nl && p->li[j].code; j++) {
		if (p->li[j].field >= 0)
			return ve; /* "# Workload: ..." in the block: fields of their own */
		if (fence_line(b, &p->li[j]))
			return p->li[j].off + p->li[j].len;
	}
	return ve;
}

static void find_fields(struct parser *p)
{
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		if (l->field < 0)
			continue;
		p->r->label_line[i] = 1;
		size_t end = l->off + l->len;
		int f = l->field, state = l->field_state;
		size_t vs = l->value;
		l->nlab = 1;
		l->lab_s[0] = l->body;
		l->lab_e[0] = vs;
		/* A form whose line breaks were lost holds three labels or more
		 * (and their colons) on one line; only such a line is searched
		 * after bare spaces and for sections' headings, which costs a
		 * try at every capital. */
		int colons = 0;
		for (const char *c = p->buf + l->off; colons < 3 && (c = memchr(c, ':', (size_t)(p->buf + end - c))); c++)
			colons++;
		while (l->mid_labels) {
			int nf, ns = 0;
			size_t nv;
			size_t cut = next_inline_label(p, vs, end, colons >= 3, &nf, &ns, &nv);
			if (!cut || nv <= vs)
				break;
			/* "Next experiment: Action: ..." names the field twice:
			 * the second name is decoration, the value follows it. */
			if (nf == f && f >= 0 && cut == vs) {
				if (ns == GR_FIELD_LABELLED) /* "wl... Workload:" */
					state = ns;
				vs = nv;
				continue;
			}
			/* "Next experiment: X. EDIT: scratch that. Next experiment: Y": Y replaces X */
			if (f >= 0 && nf == f && edit_marked(p->buf, vs, cut))
				l->edit = 1;
			if (f >= 0)
				set_field(p, f, state, (int)i + 1, vs, cut);
			else if (l->nsec > 0)
				l->sec_end[l->nsec - 1] = cut;
			if (nf < 0 && l->nsec < 4) { /* a section's heading, mid-line */
				l->sec_id[l->nsec] = -1 - nf;
				l->sec_at[l->nsec] = cut + 1;
				l->sec_end[l->nsec++] = end;
				nf = -1;
			}
			f = nf, state = ns, vs = nv;
			if (l->nlab < 8) {
				l->lab_s[l->nlab] = cut;
				l->lab_e[l->nlab++] = nv;
			}
		}
		if (f < 0)
			continue; /* the line ends in a section's text: no field runs on */
		/* Continuation: later lines until a blank line (once there is
		 * content), a label, a heading, a section or a numbered item. */
		size_t ve = end, last = i;
		int content = has_content(p->buf, vs, end), blanks = 0;
		int list = 0; /* "Next experiment:" then a list: the list is the value */
		for (size_t j = i + 1; j < p->nl; j++) {
			struct linfo *n = &p->li[j];
			if (n->field >= 0 || n->section >= 0 || n->heading)
				break;
			if (n->blank) {
				/* "Label:", a blank line, then the value; never further. */
				if (content || ++blanks > 1)
					break;
				continue;
			}
			/* "Next experiment:" empty, then "My report:" opening the filled
			 * copy below: an introduction, not the value. */
			if (!content && !n->item && label_like(p->buf, n->body, n->off + n->len) &&
			    !has_content(p->buf, (size_t)(strchr(p->buf + n->body, ':') - p->buf) + 1, n->off + n->len))
				break;
			/* "(e) Next experiment" in a list of the names, then "Q2:
			 * filled in": the next question opens, not the value. */
			if (!content && n->item == 2 && question_number(p->buf, n))
				break;
			/* ... or a value that introduces it: "Next experiment: here
			 * are a few I could try:" over "1. ..." */
			if (n->item && !list && (!content || (last == i && ends_with_colon(p->buf, vs, end) &&
							      !any_word_ci(p->buf, vs, end, answer_words))))
				list = n->item;
			if (content && n->item == 2 && n->indent == 0 && l->item == 0 && list != 2)
				break;
			/* "Copies: ..." after content: another (unknown) label, not ours;
			 * so is a bullet that opens with one under a field line that
			 * did not introduce a list ("Next experiment: CUDA graph the
			 * step" over "- A matmul: 18 x ~2 ms ..."). */
			if (content && n->indent <= l->indent && label_like(p->buf, n->body, n->off + n->len) &&
			    (!n->item || (n->item == 1 && !list && l->item == 0 && !ends_with_colon(p->buf, vs, end))))
				break;
			/* "Not yet - FlashAttention": an answer of its own opens. */
			if (content && !n->item && n->indent <= l->indent && defers_opening(p->buf, n->body, n->off + n->len))
				break;
			ve = n->off + n->len;
			last = j;
			content = 1;
		}
		set_field(p, f, state, (int)i + 1, vs, code_below(p, vs, ve, last));
	}
}

/* "| Workload | Hardware | Top CUDA time | ... |" over "| 7B decode | A100 |
 * ... |": a table whose header row is the labels (three or more cells
 * that are a label and nothing else) gives each field the cell under its
 * label in the first row of data, in place of the empty fields the
 * header's labels were read as. */
static void label_header_tables(struct parser *p)
{
	const char *b = p->buf;
	for (size_t i = 0; i + 1 < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		size_t s = l->off, e = l->off + l->len;
		while (s < e && b[s] == ' ')
			s++;
		if (s >= e || b[s] != '|' || l->code)
			continue;
		if (i > 0 && p->li[i - 1].len && memchr(b + p->li[i - 1].off, '|', p->li[i - 1].len))
			continue; /* a row under another: only a table's first row is its header */
		int col_field[32], ncol = 0, labels = 0;
		for (size_t c = s + 1; c < e && ncol < 32;) {
			size_t ce = c;
			while (ce < e && b[ce] != '|')
				ce++;
			size_t cs = c, cz = ce;
			while (cs < cz && strchr(" *_", b[cs]))
				cs++;
			while (cz > cs && strchr(" *_:", b[cz - 1]))
				cz--;
			int st;
			size_t v;
			int f = cz > cs ? label_at(p, cs, cz, &st, &v) : -1;
			col_field[ncol++] = f >= 0 && st == GR_FIELD_LABELLED && v >= cz ? f : -1;
			labels += col_field[ncol - 1] >= 0;
			c = ce + 1;
		}
		if (labels < 3)
			continue;
		size_t j = i + 1; /* the first row of data, past the "|---|" line */
		while (j < p->nl && p->li[j].off + p->li[j].len > p->li[j].off &&
		       strspn(b + p->li[j].off, " |-:") == p->li[j].len)
			j++;
		if (j >= p->nl)
			continue;
		s = p->li[j].off, e = s + p->li[j].len;
		while (s < e && b[s] == ' ')
			s++;
		if (s >= e || b[s] != '|')
			continue;
		int col = 0;
		for (size_t c = s + 1; c < e && col < ncol; col++) {
			size_t ce = c;
			while (ce < e && b[ce] != '|')
				ce++;
			if (col_field[col] >= 0) {
				struct gr_report_field *rf = &p->r->fields[col_field[col]];
				size_t vs = c, ve = ce;
				while (vs < ve && strchr(" *_", b[vs]))
					vs++;
				while (ve > vs && strchr(" *_", b[ve - 1]))
					ve--;
				if (has_content(b, vs, ve)) {
					rf->state = GR_FIELD_LABELLED;
					rf->line = (int)j + 1;
					rf->value = (struct gr_span){ .start = vs, .end = ve };
				}
			}
			c = ce + 1;
		}
		p->r->label_line[i] = 1;
	}
}

/* A learner's own version of a field in a note counts with the field's
 * value, as a repeat of the label does ("Next experiment (v2): ..."). */
static void noted_fields(struct parser *p)
{
	for (size_t i = 0; i < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		if (l->noted < 0 || l->field >= 0 || l->code || l->noted_value <= l->off)
			continue;
		struct gr_report_field *rf = &p->r->fields[l->noted];
		size_t vs = l->noted_value, ve = l->off + l->len;
		while (ve > vs && (is_space(p->buf[ve - 1]) || p->buf[ve - 1] == ')' || p->buf[ve - 1] == ']'))
			ve--;
		if (!has_content(p->buf, vs, ve))
			continue;
		if (rf->state == GR_FIELD_MISSING) {
			set_field(p, l->noted, GR_FIELD_LABELLED, (int)i + 1, vs, ve);
		} else if (rf->more.end <= rf->more.start) {
			rf->more = (struct gr_span){ .start = vs, .end = ve };
		}
	}
}

/* ---- sentences and clauses --------------------------------------------- */

static int push_span(struct gr_span **arr, size_t *n, size_t *cap, size_t s, size_t e)
{
	if (GR_GROW(*arr, *n, *cap, 32) < 0)
		return -1;
	(*arr)[(*n)++] = (struct gr_span){ .start = s, .end = e };
	return 0;
}

/* Is b[s, e) one identifier in double quotes or backticks, maybe with a
 * comma after it ("\"tokenize\"", "`decode_step`,")? */
static int quoted_name_line(const char *b, size_t s, size_t e)
{
	while (e > s && (b[e - 1] == ' ' || b[e - 1] == ','))
		e--;
	if (e - s < 3 || (b[s] != '"' && b[s] != '`') || b[e - 1] != b[s])
		return 0;
	for (size_t k = s + 1; k + 1 < e; k++)
		if (!(isalnum((unsigned char)b[k]) || b[k] == '_' || b[k] == '/' || b[k] == '-' || b[k] == '.' || b[k] == ':'))
			return 0;
	return 1;
}

/* A line break ends a sentence unless the next line just continues prose. */
static int continues(struct parser *p, size_t i)
{
	struct linfo *l = &p->li[i];
	if (i + 1 >= p->nl || l->blank || l->field >= 0 || l->heading || l->section >= 0 || l->code)
		return 0;
	struct linfo *n = &p->li[i + 1];
	if (n->blank || n->item || n->field >= 0 || n->heading || n->section >= 0)
		return 0;
	size_t id, idn, k = grader_command(p->buf, l->body, l->off + l->len, &id, &idn);
	while (k && k < l->off + l->len && p->buf[k] == ' ')
		k++;
	if (k && k == l->off + l->len)
		return 0; /* "grader new part-a" alone on its line: the file's first line, not prose */
	size_t e = l->off + l->len;
	while (e > l->off && p->buf[e - 1] == ' ')
		e--;
	char last = e > l->off ? p->buf[e - 1] : '.';
	/* a line that introduces a list is a sentence of its own ("ranges w
	 * torch.profiler.record_function:" after a joke with a "don't" in it) */
	size_t ne = n->off + n->len;
	while (ne > n->off && p->buf[ne - 1] == ' ')
		ne--;
	if (ne > n->off && p->buf[ne - 1] == ':')
		return 0;
	/* a name alone on its line, quoted ("tokenize" over "inputs_h2d"), is
	 * an entry of a list, not words of a sentence running on */
	if (quoted_name_line(p->buf, l->off + (size_t)l->indent, e) ||
	    quoted_name_line(p->buf, n->off + (size_t)n->indent, ne))
		return 0;
	return !(last == '.' || last == '!' || last == '?' || last == ':' || last == '|');
}

/* Split [s, e) of one line into sentences, continuing the open one. */
static int sentences_in(struct parser *p, size_t s, size_t e, size_t *start, int *open, size_t *cap)
{
	struct gr_report *r = p->r;
	if (!*open) {
		*start = s;
		*open = 1;
	}
	for (size_t k = s; k < e; k++) {
		char c = p->buf[k];
		if (!(c == '.' || c == '!' || c == '?'))
			continue;
		size_t q = k + 1; /* past a closing quote: 'the time." I disagree' */
		if (q < e && p->buf[q] == '"')
			q++;
		else if (q + 3 <= e && (!memcmp(p->buf + q, "\xE2\x80\x9D", 3) || !memcmp(p->buf + q, "\xE2\x80\x99", 3)))
			q += 3;
		if (q < e && p->buf[q] != ' ')
			continue;
		/* "D. suggested": an initial before a word in lowercase */
		if (c == '.' && k > *start && isupper((unsigned char)p->buf[k - 1]) &&
		    (k - 1 == *start || !isalnum((unsigned char)p->buf[k - 2])) && q == k + 1 && q + 1 < e &&
		    islower((unsigned char)p->buf[q + 1]))
			continue;
		if (!gr_abbreviation_before(p->buf, *start, k)) {
			k = q - 1;
			if (push_span(&r->sentences, &r->nsentences, cap, *start, k + 1) < 0)
				return -1;
			*start = k + 1;
			while (*start < e && p->buf[*start] == ' ')
				(*start)++;
			k = *start - 1;
		}
	}
	return 0;
}

static int close_sentence(struct parser *p, size_t start, size_t end, int *open, size_t *cap)
{
	struct gr_report *r = p->r;
	if (*open && end > start && has_content(p->buf, start, end) &&
	    push_span(&r->sentences, &r->nsentences, cap, start, end) < 0)
		return -1;
	*open = 0;
	return 0;
}

static int find_sentences(struct parser *p)
{
	size_t cap = 0, start = 0, prev_end = 0;
	int open = 0;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		size_t end = l->off + l->len;
		if (l->blank)
			continue;
		size_t pos = l->body;
		/* Field labels are not prose: each one ends the sentence before it. */
		for (int k = 0; k < l->nlab; k++) {
			if (l->lab_s[k] > pos && sentences_in(p, pos, l->lab_s[k], &start, &open, &cap) < 0)
				return -1;
			if (close_sentence(p, start, l->lab_s[k] > pos ? l->lab_s[k] : prev_end, &open, &cap) < 0)
				return -1;
			pos = l->lab_e[k];
		}
		if (sentences_in(p, pos, end, &start, &open, &cap) < 0)
			return -1;
		prev_end = end;
		if (!continues(p, i) && close_sentence(p, start, end, &open, &cap) < 0)
			return -1;
	}
	return 0;
}

struct starts {
	size_t *v;
	size_t n, cap;
	const char *buf;
	size_t len;
};

/* The length of the verdict mark at b (n bytes readable): a cross, a
 * no-entry sign or a tick; 0 for anything else. */
static size_t verdict_mark(const char *b, size_t n)
{
	static const char *const marks[] = { "\xE2\x9C\x97", "\xE2\x9C\x98", "\xE2\x9D\x8C", "\xE2\x9B\x94",
					     "\xF0\x9F\x9A\xAB", "\xE2\x9C\x85", "\xE2\x9C\x94", "\xE2\x98\x91",
					     "\xE2\x9C\x93", NULL };
	for (const char *const *m = marks; *m; m++) {
		size_t k = strlen(*m);
		if (n >= k && !memcmp(b, *m, k))
			return k;
	}
	return 0;
}

/* Verdict marks lead what they judge ("🚫 FlashAttention 🚫 torch.compile
 * ✅ convert the KV cache") when the line's first mark opens the line or
 * its value (after "Next experiment: "); then each mark opens a clause.
 * Marks that follow what they judge ("flash attention ✗") cut nothing. */
static int leading_mark(const char *b, size_t at)
{
	size_t bol = at;
	while (bol > 0 && b[bol - 1] != '\n')
		bol--;
	size_t first = bol;
	while (first < at && !verdict_mark(b + first, at - first))
		first++;
	size_t k = first;
	while (k > bol && strchr(" \t*-+>", b[k - 1]))
		k--;
	return k == bol || b[k - 1] == ':';
}

static int add_start(void *ctx, size_t a, size_t b)
{
	struct starts *st = ctx;
	if (verdict_mark(st->buf + a, st->len - a) && !leading_mark(st->buf, a))
		return 0;
	if (GR_GROW(st->v, st->n, st->cap, 32) < 0)
		return -1;
	st->v[st->n++] = a;
	return 0;
}

/* Clauses: sentences cut at , ; : ( ) " - " and before the exercise's
 * clause words ("but", "however", "because" ...). */
static int find_clauses(struct parser *p)
{
	struct gr_report *r = p->r;
	struct starts words = { .buf = p->buf, .len = r->text.len };
	struct gr_exercise *mex = (struct gr_exercise *)p->ex; /* lazy JIT only */
	if (gr_patset_scan(&mex->clause, p->buf, r->text.len, r->tri, p->s, add_start, &words) < 0)
		return -1;
	size_t cap = 0, scap = 0, w = 0;
	int rc = 0;
	for (size_t s = 0; s < r->nsentences && !rc; s++) {
		size_t a = r->sentences[s].start, e = r->sentences[s].end;
		size_t cs = a;
		while (w < words.n && words.v[w] < a)
			w++;
		for (size_t k = a; k <= e; k++) {
			/* Straight to the next place that can cut: punctuation or a clause word. */
			size_t stop = w < words.n && words.v[w] < e ? words.v[w] : e;
			while (k < stop && !(gr_chars[(unsigned char)p->buf[k]] & GR_CH_CLAUSE))
				k++;
			int cut = 0;
			size_t resume = k + 1;
			if (k == e) {
				cut = 1;
			} else if (w < words.n && words.v[w] == k) {
				cut = 1;
				resume = k;
				w++;
			} else {
				char c = p->buf[k], n = k + 1 < e ? p->buf[k + 1] : ' ';
				/* ".to()", ".cpu()": a call's empty brackets hold no aside */
				int call = (c == '(' && n == ')' && k > a && gr_isword((unsigned char)p->buf[k - 1])) ||
					   (c == ')' && k > a && p->buf[k - 1] == '(');
				if (((c == '(' || c == ')') && !call) || c == ';' || ((c == ',' || c == ':') && n == ' ') ||
				    (c == '-' && k > a && p->buf[k - 1] == ' ' && n == ' '))
					cut = 1;
			}
			if (!cut)
				continue;
			if (k > cs && has_content(p->buf, cs, k)) {
				if (push_span(&r->clauses, &r->nclauses, &cap, cs, k) < 0) {
					rc = -1;
					break;
				}
				if (GR_GROW(r->clause_sentence, r->nclauses - 1, scap, 32) < 0) {
					rc = -1;
					break;
				}
				r->clause_sentence[r->nclauses - 1] = s;
			}
			cs = resume;
		}
	}
	free(words.v);
	return rc;
}

/* ---- inferred fields and sections -------------------------------------- */

static int sentence_matches(struct parser *p, const pcre2_code *re, const struct gr_gate *gate, size_t s)
{
	struct gr_span sp = p->r->sentences[s];
	if (!gr_gate_open(gate, p->r->tri, sp.start, sp.end))
		return 0;
	return gr_match_code(re, p->buf, sp.end, sp.start, p->md, p->s->mctx) >= 0;
}

static int in_field_value(struct gr_report *r, size_t off)
{
	for (size_t f = 0; f < r->ex->nfields; f++)
		if (r->fields[f].state != GR_FIELD_MISSING && off >= r->fields[f].value.start &&
		    off < r->fields[f].value.end)
			return 1;
	return 0;
}

/* Does b[s, e) hold the word w (lowercase) anywhere, whole? */
static int word_at_ci(const char *b, size_t s, size_t e, const char *w)
{
	size_t n = strlen(w);
	unsigned char c = gr_tolower((unsigned char)w[0]);
	for (size_t i = s; i + n <= e; i++)
		if (gr_tolower((unsigned char)b[i]) == c && !strncasecmp(b + i, w, n) && (i == s || !isalnum((unsigned char)b[i - 1])) &&
		    (i + n == e || !isalnum((unsigned char)b[i + n])))
			return 1;
	return 0;
}

/* ---- superseded versions ------------------------------------------------ */

/* Does b[s, e) hold one of the words (lowercase phrases) whole? */
static int any_word_ci(const char *b, size_t s, size_t e, const char *const *w)
{
	for (; *w; w++)
		if (word_at_ci(b, s, e, *w))
			return 1;
	return 0;
}

/* The words of line l when it is short enough to head a block (60 bytes
 * and max_words words at most, its decoration trimmed): 1 with them in
 * [*s, *e), else 0. */
static int short_line(const struct parser *p, const struct linfo *l, int max_words, size_t *s, size_t *e)
{
	*s = l->body;
	*e = l->off + l->len;
	while (*e > *s && strchr(" :*_#-()[].", p->buf[*e - 1]))
		(*e)--;
	return *e > *s && *e - *s <= 60 && gr_count_words(p->buf, *s, *e) <= max_words;
}

/* Line l on its own names a version of the report ("### v1 (superseded)",
 * "Previous attempt:", "**v2 - final**"): a short line of no field or list
 * item, whose words hold one of marks and no mark of the other kind.
 * "Changes since v1:", "v1 -> v2" point at a version; "Original answer
 * (still stands)" keeps one. */
static int version_heading(const struct parser *p, const struct linfo *l, const char *const *marks,
			   const char *const *other, int label)
{
	static const char *const pointer[] = { "since", "from", "than", "vs", "versus", "compared", "over", "replaces",
					       "replacing", "after", "to", "->", "changes", "changelog", "still",
					       "kept", "unchanged", "stands", "see", NULL };
	if (l->blank || l->code || l->field >= 0 || l->section >= 0 || l->item == 1 || p->buf[l->body] == '(')
		return 0; /* "- (Noor's first draft, we dropped it)": an aside, not a heading */
	size_t s, e;
	int fits = short_line(p, l, 8, &s, &e);
	const char *paren = memchr(p->buf + l->body, '(', l->off + l->len - l->body);
	if (!fits && paren && (size_t)(paren - p->buf) > l->body &&
	    gr_count_words(p->buf, l->body, (size_t)(paren - p->buf)) <= 4 &&
	    (p->buf[l->off + l->len - 1] == ':' || p->buf[l->off + l->len - 1] == ')')) {
		/* "Draft 1 (ignore, I changed my mind after rereading the
		 * question):": the words before the aside name the version */
		s = l->body;
		e = (size_t)(paren - p->buf);
	} else if (!fits) {
		/* label: "Ranges v2 (what I'd actually do): a single range ...",
		 * the label before the colon names the version, its answer
		 * follows (a new one only: "Feedback on v1: ..." names none) */
		if (!label)
			return 0;
		const char *c = memchr(p->buf + l->body, ':', l->off + l->len - l->body);
		s = l->body;
		e = c ? (size_t)(c - p->buf) : s;
		if (e == s || e - s > 60 || gr_count_words(p->buf, s, e) > 10)
			return 0;
	}
	return any_word_ci(p->buf, s, e, marks) && !any_word_ci(p->buf, s, e, other) &&
	       !any_word_ci(p->buf, s, e, pointer) && !memchr(p->buf + s, '>', e - s);
}

/* Does b[s, e) review someone by name ("Review of Sam", "Reviewing
 * Priya")? A capitalised word right after the verb, not an article. */
static int reviews_someone(const char *b, size_t s, size_t e)
{
	static const char *const lead[] = { "review of ", "reviewing ", NULL };
	static const char *const not_names[] = { "The", "A", "An", "This", "That", "My", "Our", "Your", "Part", NULL };
	for (const char *const *w = lead; *w; w++) {
		size_t n = strlen(*w);
		for (size_t i = s; i + n < e; i++) {
			if (strncasecmp(b + i, *w, n) || (i > s && isalpha((unsigned char)b[i - 1])))
				continue;
			size_t a = i + n, z = a;
			while (z < e && isalpha((unsigned char)b[z]))
				z++;
			if (z > a && isupper((unsigned char)b[a]) && !any_word_ci(b, a, z, not_names))
				return 1;
		}
	}
	return 0;
}

/* Line l heads a classmate's report the learner reviews: "Reviewing Sam's
 * report:", "Peer report (Aisha):", "3) Peer (Raf) for reference:" (2),
 * or "Sam's report", "Lena's version" (1: someone's, maybe the learner's
 * own name); 0 when it does not. */
static int peer_heading(const struct parser *p, const struct linfo *l)
{
	static const char *const peer[] = { "peer", "peers", "peer's", "classmate", "classmate's", "partner's",
					    "teammate's", "colleague's", "report i reviewed", "draft i reviewed",
					    "answer i reviewed", NULL };
	static const char *const reviews[] = { "reviewing", "review of", NULL };
	static const char *const own[] = { "my report", "my answer", "my version", "my own", "my draft",
					   "my submission", "our report", "our answer", "own report", "own answer", "mine",
					   "merged", "with", "w", "combined", "joint", "together", "and", "after peer",
					   "after review", "after the review", "after reviewing", "following review",
					   "post-review", "post review", "incorporating", "revised", NULL }; /* "(merged w/ Sam's draft)",
											  * "(after peer review)": the learner's */
	static const char *const work[] = { "report", "answer", "version", "draft", "submission", "write-up",
					    "writeup", "triage", NULL };
	static const char *const did[] = { "reviewed", "read", "checked", "saw", "critiqued", "marked", NULL };
	static const char *const not_names[] = { "here", "there", "that", "this", "it", "what", "let", "who", "he",
						  "she", "where", "how", "today", "yesterday", "everyone", "team",
						  "group", "model", "table", "part", "one", "class", "week", NULL };
	if (l->blank || l->code || l->field >= 0 || l->section >= 0 || l->item == 1 || p->buf[l->body] == '(')
		return 0; /* "(partner's line - attention is 6%, no)": an aside */
	const char *b = p->buf;
	size_t s, e;
	if (!short_line(p, l, 8, &s, &e) || any_word_ci(b, s, e, own))
		return 0;
	if (any_word_ci(b, s, e, peer))
		return 2;
	/* "Reviewing Sam's report:", but not "Reviewing the decode-step
	 * profile like a PR": a review of someone's work */
	if (any_word_ci(b, s, e, reviews) && (gr_memmem(b + s, e - s, "'s ", 3) || reviews_someone(b, s, e)))
		return 2;
	for (size_t i = s; i + 3 < e; i++) { /* "Sam's report": a capitalised name's work */
		if (b[i] != '\'' || b[i + 1] != 's' || b[i + 2] != ' ')
			continue;
		size_t n = i;
		while (n > s && isalpha((unsigned char)b[n - 1]))
			n--;
		/* the work right after the name ("Sam's report", "Lena's
		 * second draft"), and a name: not "Here's the report" */
		size_t we = i + 3;
		for (int w = 0; w < 2 && we < e; w++) {
			while (we < e && isalpha((unsigned char)b[we]))
				we++;
			while (we < e && (b[we] == ' ' || b[we] == '-'))
				we++;
		}
		/* "reviewed Tom's draft", "(read Priya's draft first)": what the
		 * learner did, over their own report */
		size_t v = n;
		while (v > s && (b[v - 1] == ' ' || b[v - 1] == ','))
			v--;
		size_t vs = v;
		while (vs > s && isalpha((unsigned char)b[vs - 1]))
			vs--;
		if (n < i && isupper((unsigned char)b[n]) && !any_word_ci(b, n, i, not_names) &&
		    any_word_ci(b, i + 3, we, work) && !any_word_ci(b, vs, v, did))
			return 1;
	}
	return 0;
}

/* Does line l open the learner's own answer after a review: "What I'd
 * add instead - ...", "I'd use record_function ...", "Here's mine:"? */
static int own_opening(const struct parser *p, const struct linfo *l)
{
	static const char *const open[] = { "i'd ", "i would ", "i will ", "i'll ", "what i'd ", "what i would ",
					    "instead", "my ", "mine", "here's mine", "here is mine", "here's my ",
					    "here is my ", "for my own", "own ", "ok here's mine", "okay, here's mine",
					    NULL };
	if (l->field >= 0)
		return 0;
	const char *b = p->buf + l->body;
	size_t n = l->off + l->len - l->body;
	for (const char *const *w = open; *w; w++)
		if (n >= strlen(*w) && !strncasecmp(b, *w, strlen(*w)))
			return 1;
	return 0;
}

/* Line l heads the wrong answers the learner lists to explain them:
 * "### Common mistakes", "What a weak answer would say:", "Red herrings",
 * "Don't do this". */
static const char *const mistake_words[] = { "mistakes", "mistake", "pitfalls", "weak answer", "weak answers",
					     "bad answer", "bad answers", "wrong answers", "wrong answer", "red herrings",
					     "red herring", "don't do this", "do not do this", "anti-patterns",
					     "antipatterns", "what not to do", "common errors", "traps to avoid", NULL };

static int mistakes_heading(const struct parser *p, const struct linfo *l)
{
	size_t s, e;
	if (l->blank || l->code || l->field >= 0 || l->item == 1)
		return 0;
	if (!short_line(p, l, 10, &s, &e)) {
		/* a heading's title before its aside: "## Wrong answer (this is
		 * what I wrote first - don't copy it)" */
		const char *open = memchr(p->buf + s, '(', e - s);
		if (!l->heading || !open || p->buf[l->off + l->len - 1] != ')')
			return 0;
		e = (size_t)(open - p->buf);
		while (e > s && p->buf[e - 1] == ' ')
			e--;
		if (gr_count_words(p->buf, s, e) > 10)
			return 0;
	}
	return any_word_ci(p->buf, s, e, mistake_words);
}

/* Line l lists wrong answers after a short label of its own, on the line:
 * "common mistakes i saw: ppl saying write triton attention, ...". */
static int inline_mistakes(const struct parser *p, const struct linfo *l)
{
	if (l->blank || l->code || l->field >= 0 || l->heading)
		return 0;
	size_t s = l->body, e = l->off + l->len;
	const char *c = memchr(p->buf + s, ':', e - s);
	if (!c || !has_content(p->buf, (size_t)(c - p->buf) + 1, e))
		return 0;
	size_t ce = (size_t)(c - p->buf);
	return gr_count_words(p->buf, s, ce) <= 6 && any_word_ci(p->buf, s, ce, mistake_words);
}

/* Line l heads, or opens with the label of, the task's own words the
 * learner pasted: "Rubric:", "Acceptance criteria (copied):", "## The
 * task", "Prompt:". Returns 1 for a heading over a block, 2 for a label
 * with the pasted words after it on its line, else 0. Its opening words
 * must be the name and nothing of the learner's ("Task 1: triage" and
 * "Prompt tokens: 4096" name no paste). */
static int rubric_heading(const struct parser *p, const struct linfo *l)
{
	/* (a name before any shorter one it opens with: the first that fits is taken) */
	static const char *const names[] = { "rubric", "the rubric", "grading rubric", "acceptance criteria",
					     "acceptance criterion", "grading criteria", "criteria", "criterion",
					     "the criteria", "the task", "task description", "task", "the prompt",
					     "prompt", "the assignment", "assignment", "instructions", "the instructions",
					     "exercise prompt", "handout", "from the handout", NULL };
	static const char *const asides[] = { "pasted", "copied", "copy", "from", "the", "handout", "workbook",
					      "exercise", "for", "reference", "verbatim", "original", "given",
					      "as", NULL };
	if (l->blank || l->code || l->field >= 0 || l->item)
		return 0;
	size_t s = l->body, e = l->off + l->len;
	while (s < e && strchr("#*_> ", p->buf[s]))
		s++;
	const char *colon = memchr(p->buf + s, ':', e - s);
	size_t he = colon ? (size_t)(colon - p->buf) : e;
	int inline_words = colon && has_content(p->buf, he + 1, e);
	while (he > s && strchr(" *_#", p->buf[he - 1]))
		he--;
	if (he - s > 48)
		return 0;
	/* the name, then only words of an aside: "Rubric (pasted from the handout)" */
	size_t n = 0;
	for (const char *const *w = names; *w && !n; w++) {
		size_t m = strlen(*w);
		if (m <= he - s && !strncasecmp(p->buf + s, *w, m) && (s + m == he || !gr_isalnum((unsigned char)p->buf[s + m])))
			n = m;
	}
	if (!n)
		return 0;
	for (size_t k = s + n; k < he;) {
		while (k < he && !gr_isalnum((unsigned char)p->buf[k])) {
			if (gr_isdigit((unsigned char)p->buf[k]))
				return 0;
			k++;
		}
		size_t w = k;
		while (k < he && gr_isalnum((unsigned char)p->buf[k]))
			k++;
		if (k > w && !gr_word_in(p->buf + w, k - w, asides))
			return 0;
	}
	if (inline_words)
		return 2;
	return colon || l->heading ? 1 : 0;
}

/* A resubmission that keeps its earlier version under a heading naming it
 * ("### Previous attempt (superseded)", "v1 (old, ignore)"), or a review
 * that pastes the classmate's report it reviews ("Reviewing Sam's
 * report:", "Peer report (Aisha):"), withdraws every line under that
 * heading: up to a heading of the new version or of the learner's own
 * ("v2 - final", "My report:"), another markdown heading or a rule (one
 * right under the heading only underlines it), a field labelled a second
 * time (the next copy starts), or, once the block has labelled a field, a
 * label after a blank line. Its fields give way to the learner's (set_field)
 * and its words count neither for nor against the learner (rule.c's
 * mark_superseded). An old copy, and a report headed only by a name ("Sam's
 * report": maybe the learner's own), are withdrawn beside a copy of the
 * learner's; a peer's, always, unless the learner adopts it ("same as
 * Sam's", "I agree with everything"). A list of wrong answers under
 * "Common mistakes" is kept apart the same way, whatever else the report
 * holds, and rule.c rejects only the wrong answers in it. So is the task's
 * own text pasted under "Rubric:" or "Prompt:" (rubric_heading), up to the
 * learner's first filled-in field or the end of its list. old_line keeps
 * which: 1 an old version, 2 a peer's, 3 a list of mistakes, 8 the task's
 * text (4, set by self_checks: a self-check's bare tick). */
static void mark_old_blocks(struct parser *p)
{
	static const char *const old[] = { "v0", "v1", "version 1", "first version", "first draft", "draft 1",
					   "first attempt", "first submission", "previous attempt", "previous version",
					   "previous answer", "previous submission", "previous draft", "old version",
					   "old answer", "old draft", "original answer", "original version",
					   "original submission", "earlier version", "earlier draft", "superseded",
					   "outdated", "obsolete", NULL };
	static const char *const now[] = { "v2", "v3", "v4", "v5", "version 2", "version 3", "final", "revised",
					   "current", "updated", "new version", "resubmission", "corrected", "now",
					   "my report", "my answer", "my version", "my own", "mine", "own report",
					   "own answer", "my submission", "my five lines", "actually do", "actually doing",
					   NULL };
	/* Most reports name no version and review no one: a look at the
	 * index spares the lines. */
	static const char *const stems[] = { "version", "draft", "attempt", "submission", "previous", "old ",
					     "original", "earlier", "superseded", "outdated", "obsolete", "peer",
					     "review", "classmate", "partner", "teammate", "colleague", "'s report",
					     "'s answer", "'s draft", "mistake", "pitfall", "weak answer", "bad answer",
					     "wrong answer", "red herring", "don't do this", "do not do this", "anti-pattern",
					     "antipattern", "what not to do", "common error", "rubric", "criteri",
					     "assignment", "instructions", "handout", "task:", "prompt:", "the task", "task (",
					     "prompt (", NULL };
	static const char *const adopt[] = { "same as", "agree with everything", "agree with all", "submit the same",
					     "adopt", "identical to", "with both", "keep both", "use both", NULL };
	const struct gr_trigrams *t = p->r->tri;
	int any = !t || !t->lower || t->len != p->r->text.len;
	for (const char *const *w = stems; *w && !any; w++)
		any = gr_trigrams_may_hold(t, *w, strlen(*w)) && gr_memmem(t->lower, t->len, *w, strlen(*w));
	for (uint32_t k = any ? 0 : t->whead['v']; k && !any; k = t->wnext[k - 1]) {
		size_t w = t->word[k - 1]; /* "v0", "v1" */
		any = w + 1 < t->len && (t->lower[w + 1] == '0' || t->lower[w + 1] == '1');
	}
	if (!any)
		return;
	int adopted = 0;
	for (const char *const *w = adopt; *w && !adopted && t && t->lower; w++)
		adopted = gr_memmem(t->lower, t->len, *w, strlen(*w)) != NULL;
	/* "Triage (first draft)" titles the only version there is: an old
	 * copy is withdrawn only beside a new one, a heading naming it or a
	 * field labelled again outside the old copy. */
	int newer = 0;
	for (size_t i = 0; i < p->nl; i++)
		newer |= version_heading(p, &p->li[i], now, old, 1);
	for (size_t i = 0; i < p->nl; i++) {
		int kind = version_heading(p, &p->li[i], old, now, 0) ? 1 : 0, peer = 0;
		if (!kind && !adopted && (peer = peer_heading(p, &p->li[i])) > 0)
			kind = 2;
		if (!kind && mistakes_heading(p, &p->li[i]))
			kind = 3, peer = 2; /* withdrawn whatever else the report holds */
		if (!kind && inline_mistakes(p, &p->li[i])) {
			p->r->old_line[i] = (unsigned char)(p->li[i].old = 6);
			continue;
		}
		int rubric = kind ? 0 : rubric_heading(p, &p->li[i]);
		if (rubric == 2) { /* "Rubric: movement-experiment: Next experiment is about ..." */
			p->r->old_line[i] = (unsigned char)(p->li[i].old = 8);
			p->li[i].section = -1;
			continue;
		}
		if (rubric)
			kind = 8, peer = 2; /* the task's words: never the learner's */
		if (!kind)
			continue;
		uint32_t seen = 0; /* fields the block labelled */
		int blank = 0, content = 0;
		size_t j = i + 1;
		for (; j < p->nl; j++) {
			struct linfo *n = &p->li[j];
			if (n->blank) {
				blank = 1;
				n->old = kind;
				continue;
			}
			if (!n->code) {
				if (version_heading(p, n, now, old, 1) || n->heading || (kind == 1 && peer_heading(p, n)) ||
				    (kind == 2 && version_heading(p, n, old, now, 0)))
					break;
				const char *b = p->buf + n->body;
				size_t k = n->off + n->len - n->body;
				if (content && k >= 3 &&
				    (!strncmp(b, "---", 3) || !strncmp(b, "***", 3) || !strncmp(b, "___", 3)))
					break;
				if (n->field >= 0 && n->field < 32) {
					if ((seen >> n->field & 1) || (seen && blank))
						break;
					seen |= 1u << n->field;
				}
				if (kind >= 2 && blank && content && own_opening(p, n))
					break; /* the review done, "What I'd add instead: ..." */
				if ((kind == 3 || kind == 8) && blank && content && !n->item)
					break; /* a list of mistakes ends with the list */
				if (kind == 8 && n->field >= 0 && has_content(p->buf, n->value, n->off + n->len))
					break; /* a filled-in field is the learner's */
			}
			blank = 0;
			content = 1;
			n->old = kind;
		}
		uint32_t labelled = 0; /* fields labelled outside the block */
		for (size_t k = 0; k < p->nl; k++)
			if ((k < i || k >= j) && p->li[k].field >= 0 && p->li[k].field < 32 && !p->li[k].code)
				labelled |= 1u << p->li[k].field;
		if (peer != 2 && !newer && !(seen & labelled)) {
			for (size_t k = i + 1; k < j; k++)
				p->li[k].old = 0;
			continue; /* and lines in the block may head a block of their own */
		}
		for (size_t k = i; k < j; k++) {
			p->r->old_line[k] = (unsigned char)(p->li[k].old = kind);
			if (kind == 8) /* its "2. Mentions ..." answers no question */
				p->li[k].section = -1, p->li[k].item = 0;
		}
		i = j - 1;
	}
}

/* Is v a stand-in for a value: "N/A", "TBD", "see below", "see the
 * acceptance criteria"? Words that say nothing about this report. */
static int placeholder(const char *b, struct gr_span v)
{
	static const char *const whole[] = { "n/a", "na", "n.a.", "none", "tbd", "tba", "todo", "to do", "unknown",
					     "idk", "dunno", "not sure", "pending", "?", "??", "???", "-", "--", "...",
					     "below", "above", "see below", "see above", "as above", "same as above",
					     "see notes", "see details", "see text", "see answer", "see answers",
					     "see my notes", "see the notes", "see the details", "see below for details",
					     "details below", "see section below", "see the section below", "see bullets",
					     "see the bullets", "see bullets below", "see the bullets below", "see list",
					     "see the list", "see list below", "see the list below", NULL };
	static const char *const lead[] = { "see the acceptance", "see the criteria", "see the prompt",
					    "see the template", "see the exercise", "refer to the ", "refer to my ", NULL };
	size_t s = v.start, e = v.end;
	while (s < e && strchr(" \t\n*_`>[(", b[s]))
		s++;
	while (e > s && strchr(" \t\n*_`.:;!)]", b[e - 1]))
		e--;
	size_t n = e - s;
	if (!n)
		return v.end - v.start >= 3 && memchr(b + v.start, '_', v.end - v.start) &&
		       gr_memmem(b + v.start, v.end - v.start, "___", 3); /* a form's blank, "______" */
	if (b[s] == '<' && b[e - 1] == '>' && !memchr(b + s, '\n', n))
		return 1; /* a template's "<your answer here>", "<fill in>" */
	if (s > v.start && b[s - 1] == '[' && e < v.end && b[e] == ']' && !memchr(b + s, '\n', n) &&
	    (word_at_ci(b, s, e, "fill") || word_at_ci(b, s, e, "your") || word_at_ci(b, s, e, "answer")))
		return 1; /* "[fill in]", "[your answer]" */
	for (const char *const *w = whole; *w && n <= 24; w++) /* most values are longer than any stand-in */
		if (strlen(*w) == n && !strncasecmp(b + s, *w, n))
			return 1;
	/* "N/A - refer to Findings", "N/A (see §4)": not applicable here, said
	 * so; "TBD (see bottom)": to be given elsewhere */
	size_t head = n > 4 && !isalnum((unsigned char)b[s + 3]) &&
			      (!strncasecmp(b + s, "n/a", 3) || !strncasecmp(b + s, "tbd", 3) || !strncasecmp(b + s, "tba", 3))
			      ? 3
		      : n > 5 && !isalnum((unsigned char)b[s + 4]) && !strncasecmp(b + s, "todo", 4) ? 4
												     : 0;
	/* ... and "TBD (need to sync w/ platform team)", "TODO - waiting on
	 * the trace": the value put off, with why */
	static const char *const waits[] = { "need", "needs", "waiting", "pending", "depends", "blocked", "until",
					     "after", "sync", "ask", "asking", "will", "to be", NULL };
	if (head && n < 80) {
		size_t k = s + head;
		while (k < e && strchr(" -:;,(", b[k]))
			k++;
		if (n < 48 && k < e &&
		    (!strncasecmp(b + k, "see ", 4) || !strncasecmp(b + k, "refer", 5) || !strncasecmp(b + k, "per ", 4)))
			return 1;
		for (const char *const *w = waits; *w && k < e; w++) {
			size_t wn = strlen(*w);
			if (k + wn <= e && !strncasecmp(b + k, *w, wn) && (k + wn == e || !isalnum((unsigned char)b[k + wn])))
				return 1;
		}
	}
	/* "same as Part A", "see part b", "as in Part A", "same as before":
	 * another answer's value, not this run's */
	static const char *const other[] = { "same as ", "see ", "as in ", "as per ", "ditto ", NULL };
	static const char *const elsewhere[] = { "part", "before", "previous", "earlier", "last", "q1", "q2", NULL };
	for (const char *const *w = other; *w && n <= 24; w++) {
		size_t wn = strlen(*w);
		if (wn < n && !strncasecmp(b + s, *w, wn) && gr_count_words(b, s, e) <= 5 &&
		    any_word_ci(b, s + wn, e, elsewhere))
			return 1;
	}
	if (tolower((unsigned char)b[s]) != 's' && tolower((unsigned char)b[s]) != 'r')
		return 0;
	for (const char *const *w = lead; *w; w++)
		if (strlen(*w) <= n && !strncasecmp(b + s, *w, strlen(*w)))
			return 1;
	return 0;
}

/* "Could check the dtype, could try torch.compile... but if I have to pick
 * one: re-run with record_shapes": what a value says after the learner
 * chooses is the value; the options weighed before it are not proposed. */
/* Words in b[from, to) other than the learner's pronouns, auxiliaries and
 * articles: "I'll do the profiler run" says two things, "profiler run". */
static int content_words(const char *b, size_t from, size_t to)
{
	static const char *const empty[] = { "i", "i'll", "i'd", "i'm", "ill", "id", "we", "we'll", "we'd", "do",
					     "does", "the", "a", "an", "it", "it's", "its", "that", "this", "go",
					     "with", "one", NULL };
	int n = 0;
	for (size_t k = from; k < to;) {
		while (k < to && !(isalnum((unsigned char)b[k]) || b[k] == '_' || (unsigned char)b[k] >= 0x80))
			k++;
		size_t w = k;
		while (k < to && (isalnum((unsigned char)b[k]) || b[k] == '_' || b[k] == '\'' || (unsigned char)b[k] >= 0x80))
			k++;
		if (k == w)
			break;
		int skip = 0;
		for (const char *const *e = empty; *e && !skip; e++)
			skip = strlen(*e) == k - w && !strncasecmp(*e, b + w, k - w);
		n += !skip;
	}
	return n;
}

static void keep_choice(struct parser *p)
{
	static const char *const marks[] = { "if i have to pick", "if i had to pick", "if i have to choose",
					     "if i had to choose", "if i must pick", "if i must choose",
					     "i'd start with", "i would start with", "i'll start with", "i'd go with",
					     "i'd start by", "i would start by", "i'll start by",
					     "i would go with", "i'll go with", "my pick is", "my pick:", "i'd pick",
					     "i would pick", "i'll pick", "i will pick", "if i can only do one", "if i could only do one",
					     "if i can only pick one", "if i could only pick one", "if i can only run one",
					     "if i can only try one", "if i only get one", "if i get one", "if i get only one",
					     "if i get just one", "if i only have one", "if i only had one", "i'm going with",
					     "i am going with", "i'm going to go with", "i'd choose", "i'll choose",
					     "i choose", "my choice is", "my choice:", "i settled on", "i'm picking",
					     "if i have to commit to one", "if i had to commit to one", "if i must commit to one",
					     "i'll commit to", "i'd commit to", "i commit to", "i'll do the", "i will do the",
					     "i'd do the", "i would do the", NULL };
	struct gr_report *r = p->r;
	if (!r->tri || !r->tri->lower || r->tri->len != r->text.len)
		return;
	const char *here[sizeof(marks) / sizeof(marks[0])];
	size_t nh = 0;
	for (const char *const *m = marks; *m; m++) /* most reports choose nothing: one index lookup each */
		if (gr_trigrams_may_hold(r->tri, *m, strlen(*m)))
			here[nh++] = *m;
	for (size_t f = 0; f < p->ex->nfields && nh; f++) {
		struct gr_span *v = &r->fields[f].value;
		size_t best = 0;
		const char *lo = r->tri->lower, *end = lo + v->end;
		for (size_t h = 0; h < nh; h++) { /* the last choice in the value wins */
			size_t n = strlen(here[h]);
			for (const char *at = lo + v->start; (at = gr_memmem(at, (size_t)(end - at), here[h], n)); at++)
				if ((size_t)(at - lo) + n > best)
					best = (size_t)(at - lo) + n;
		}
		if (!best)
			continue;
		/* "if I only get one run: ...": the noun is part of the marker. */
		static const char *const nouns[] = { " run", " shot", " thing", " experiment", " try", " test" };
		for (size_t w = 0; w < sizeof(nouns) / sizeof(nouns[0]); w++) {
			size_t n = strlen(nouns[w]);
			if (best + n <= v->end && !memcmp(r->tri->lower + best, nouns[w], n) &&
			    (best + n == v->end || !isalnum((unsigned char)p->buf[best + n]))) {
				best += n;
				break;
			}
		}
		while (best < v->end && (p->buf[best] == ' ' || p->buf[best] == ':' || p->buf[best] == ','))
			best++;
		/* "... so I'll go with the profile." names an option above: keep
		 * all; so does "I'll do the profiler run, because ...": the
		 * choice is what comes before its reason. */
		size_t stop = v->end;
		static const char *const why[] = { " because", " since", ", as ", ", so " };
		for (size_t w = 0; w < sizeof(why) / sizeof(why[0]); w++) {
			const char *at = gr_memmem(r->tri->lower + best, stop - best, why[w], strlen(why[w]));
			if (at)
				stop = (size_t)(at - r->tri->lower);
		}
		if (best < v->end && content_words(p->buf, best, stop) >= 4)
			v->start = best;
	}
}

/* Does sentence s add to the one before it in the same paragraph ("I'd
 * also look at int8", "Plus a CUDA graph")? An "also" among its first four
 * words, or an opening "and", "plus", "additionally". */
static int adds_to_previous(const struct gr_report *r, size_t s)
{
	static const char *const open[] = { "and", "plus", "additionally", NULL };
	const char *b = r->text.buf;
	for (size_t k = r->sentences[s - 1].end; k < r->sentences[s].start; k++)
		if (b[k] == '\n' && k + 1 < r->sentences[s].start && b[k + 1] == '\n')
			return 0; /* a blank line: another paragraph */
	size_t k = r->sentences[s].start, end = r->sentences[s].end;
	for (int w = 0; w < 4 && k < end; w++) {
		while (k < end && !gr_isalpha((unsigned char)b[k]))
			k++;
		size_t st = k;
		while (k < end && (gr_isalpha((unsigned char)b[k]) || b[k] == '\''))
			k++;
		size_t n = k - st;
		if (n == 4 && !strncasecmp(b + st, "also", 4))
			return 1;
		for (const char *const *o = open; w == 0 && *o; o++)
			if (n == strlen(*o) && !strncasecmp(b + st, *o, n))
				return 1;
	}
	return 0;
}

/* A missing field with an 'infer' pattern is played by the first sentence
 * outside every field that matches it, and the sentences after it that add
 * to it; so is a placeholder's. */
/* When v is a heading's whole line ("### Proposed next step", "Next
 * step:" alone), the lines under it up to the next heading or field; else
 * an empty span. */
static struct gr_span under_heading(const struct parser *p, struct gr_span v)
{
	const struct gr_report *r = p->r;
	int ln = gr_text_line_of(&r->text, v.start);
	const struct linfo *l = &p->li[ln - 1];
	size_t e = l->off + l->len, k = v.end;
	while (k < e && strchr(" *_:", p->buf[k]))
		k++;
	int ends_colon = v.end > v.start &&
			 (p->buf[v.end - 1] == ':' || (k > v.end && memchr(p->buf + v.end, ':', k - v.end)));
	if (k < e || v.start > l->body + 4 || (!l->heading && !ends_colon))
		return (struct gr_span){ .start = 0, .end = 0 };
	size_t from = 0, to = 0;
	for (size_t j = (size_t)ln; j < p->nl; j++) {
		const struct linfo *n = &p->li[j];
		if (n->heading || n->field >= 0 || n->section >= 0)
			break;
		if (n->blank) {
			if (from && !l->heading)
				break; /* "Next step:" takes its paragraph */
			continue;
		}
		if (!from)
			from = n->body;
		to = n->off + n->len;
	}
	return (struct gr_span){ .start = from, .end = to };
}

/* "see Proposed next step", "see TODO", "see §4": a value that points to
 * a heading elsewhere, a few words long ("see which dtypes ..." is an
 * experiment). The field stays filled; what it points to is read as its
 * value where the exercise can infer the field. */
static int pointer(const char *b, struct gr_span v)
{
	size_t s = v.start, e = v.end;
	while (s < e && strchr(" \t*_`([", b[s]))
		s++;
	while (e > s && strchr(" \t\n*_`.:;!)]", b[e - 1]))
		e--;
	return e - s > 5 && !strncasecmp(b + s, "see ", 4) && !memchr(b + s, '\n', e - s) &&
	       gr_count_words(b, s, e) <= 6 &&
	       (isupper((unsigned char)b[s + 4]) || (unsigned char)b[s + 4] == 0xC2 || b[s + 4] == '"' ||
		b[s + 4] == '#');
}

/* What a pointer names ("PERF-14 below", "see NOW column", "P0 card
 * below", "see Doing"): its words without "see", "the" and "below",
 * "column", "card" and the like, as [*ks, *ke). 0 when nothing is left or
 * the value is no pointer: a few words that open with "see" or end with
 * "below" / "above". */
static int pointer_key(const char *b, struct gr_span v, size_t *ks, size_t *ke)
{
	static const char *const lead[] = { "see", "the", "my", "in", NULL };
	static const char *const tail[] = { "below", "above", "column", "card", "cards", "section", "lane", "list",
					    "item", "ticket", "board", "here", NULL };
	size_t s = v.start, e = v.end;
	while (s < e && strchr(" \t*_`([-", b[s]))
		s++;
	while (e > s && strchr(" \t\n*_`.:;!)]", b[e - 1]))
		e--;
	if (e <= s || memchr(b + s, '\n', e - s) || gr_count_words(b, s, e) > 5)
		return 0;
	int see = 0, dir = 0;
	for (int again = 1; again;) {
		again = 0;
		size_t w = s;
		while (w < e && b[w] != ' ')
			w++;
		for (const char *const *x = lead; *x; x++)
			if (w - s == strlen(*x) && !strncasecmp(b + s, *x, w - s)) {
				see |= x == lead;
				s = w;
				while (s < e && b[s] == ' ')
					s++;
				again = 1;
				break;
			}
	}
	for (int again = 1; again;) {
		again = 0;
		size_t w = e;
		while (w > s && b[w - 1] != ' ')
			w--;
		for (const char *const *x = tail; *x; x++)
			if (e - w == strlen(*x) && !strncasecmp(b + w, *x, e - w)) {
				dir |= x - tail < 2;
				e = w;
				while (e > s && b[e - 1] == ' ')
					e--;
				again = 1;
				break;
			}
	}
	if (!(see || dir) || e <= s || gr_count_words(b, s, e) > 4)
		return 0;
	*ks = s;
	*ke = e;
	return 1;
}

/* "two tracks, in parallel (see Day 1)": a value that says what it is and
 * where the rest is; [*ks, *ke) is what the brackets name. */
static int see_in_brackets(const char *b, struct gr_span v, size_t *ks, size_t *ke)
{
	const char *o = v.end > v.start ? gr_memmem(b + v.start, v.end - v.start, "(see ", 5) : NULL;
	if (!o)
		return 0;
	size_t s = (size_t)(o - b) + 5;
	const char *c = memchr(b + s, ')', v.end - s);
	if (!c)
		return 0;
	size_t e = (size_t)(c - b);
	while (e > s && b[e - 1] == ' ')
		e--;
	if (e <= s || gr_count_words(b, s, e) > 4 || memchr(b + s, '\n', e - s))
		return 0;
	*ks = s;
	*ke = e;
	return 1;
}

/* The block a key names elsewhere than line self: a line that opens with it
 * (after its marks) and says little else heads the lines under it, up to a
 * blank line once they began, a heading or a field ("### NOW (P0)", "**Now**",
 * "Doing:"); a line that holds it as a ticket's id ("- [ ] PERF-14 load the
 * weights ...") is the block itself. Empty when none does. */
static struct gr_span named_block(const struct parser *p, const char *key, size_t n, size_t self)
{
	const char *b = p->buf;
	int digit = 0, letter = 0; /* a ticket's id has both: "PERF-14", "P0" */
	for (size_t k = 0; k < n; k++) {
		digit |= gr_isdigit((unsigned char)key[k]) != 0;
		letter |= gr_isalpha((unsigned char)key[k]) != 0;
	}
	int id = digit && letter && !memchr(key, ' ', n);
	for (size_t i = 0; i < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		size_t s = l->body, e = l->off + l->len;
		if (i == self || l->blank || l->field >= 0)
			continue;
		while (s < e && strchr("*_[] x", b[s]) && !(b[s] == 'x' && s + 1 < e && b[s + 1] != ']'))
			s++; /* "**", "[ ] ", "[x] " */
		int opens = e - s >= n && !strncasecmp(b + s, key, n) && (s + n == e || !gr_isalnum((unsigned char)b[s + n]));
		if (!opens && id) {
			const char *at = gr_memmem(b + s, e - s, key, n);
			if (at && (at == b + s || !gr_isalnum((unsigned char)at[-1])) &&
			    ((size_t)(at - b) + n == e || !gr_isalnum((unsigned char)at[n])))
				return (struct gr_span){ .start = l->body, .end = e };
		}
		if (!opens)
			continue;
		if (id && gr_count_words(b, s + n, e) > 0 && !l->heading)
			return (struct gr_span){ .start = l->body, .end = e }; /* "P0 - load the weights ..." */
		if (!l->heading && (gr_count_words(b, s + n, e) > 4 || memchr(b + s, '.', e - s)))
			continue; /* a sentence that only starts with the word */
		size_t from = 0, to = 0;
		for (size_t j = i + 1; j < p->nl; j++) {
			const struct linfo *m = &p->li[j];
			if (m->heading || m->field >= 0 || (m->blank && from))
				break;
			if (m->blank)
				continue;
			if (!from)
				from = m->body;
			to = m->off + m->len;
		}
		if (from)
			return (struct gr_span){ .start = from, .end = to };
	}
	return (struct gr_span){ .start = 0, .end = 0 };
}

/* "EDIT: ... Changing my next experiment to: load the weights in bf16 once
 * and re-profile.": a later sentence that replaces a field's value says
 * the value now; the first one is withdrawn from the field. */
static void replaced_fields(struct parser *p)
{
	static const char *const says[] = { "changing my %s to", "change my %s to", "changed my %s to",
					    "my %s is now", "my new %s is", "new %s:", "revised %s:", "updated %s:", NULL };
	struct gr_report *r = p->r;
	const struct gr_trigrams *t = r->tri;
	if (!t || !t->lower || t->len != r->text.len)
		return;
	for (size_t f = 0; f < p->ex->nfields; f++) {
		struct gr_report_field *rf = &r->fields[f];
		char label[64];
		size_t ln = strlen(p->ex->fields[f].label);
		if (rf->state != GR_FIELD_LABELLED || ln >= sizeof(label) || rf->value.end <= rf->value.start)
			continue;
		for (size_t k = 0; k <= ln; k++)
			label[k] = (char)tolower((unsigned char)p->ex->fields[f].label[k]);
		if (!gr_trigrams_may_hold(t, label, ln) || !gr_memmem(t->lower + rf->value.end, t->len - rf->value.end, label, ln))
			continue; /* most reports name a field once */
		for (const char *const *w = says; *w; w++) {
			char phrase[96];
			int n = snprintf(phrase, sizeof(phrase), *w, label);
			const char *at = n > 0 && (size_t)n < sizeof(phrase)
						 ? gr_memmem(t->lower + rf->value.end, t->len - rf->value.end, phrase, (size_t)n)
						 : NULL;
			if (!at)
				continue;
			size_t s = (size_t)(at - t->lower) + (size_t)n;
			while (s < t->len && (p->buf[s] == ' ' || p->buf[s] == ':'))
				s++;
			size_t e = s;
			while (e < t->len && p->buf[e] != '\n')
				e++;
			if (!has_content(p->buf, s, e))
				break;
			rf->value = (struct gr_span){ .start = s, .end = e };
			rf->more = (struct gr_span){ .start = 0, .end = 0 };
			rf->line = gr_text_line_of(&r->text, s);
			break;
		}
	}
}

/* ---- footnotes -----------------------------------------------------------
 * "Next experiment: bf16 at load [^1]", then "[^1]: In the same run I would
 * also capture a CUDA graph": a footnote says more of the line that calls
 * it, and counts with it. Markers: [^1], [1], [ii], ¹ ... ⁹, †, ‡. */

static const char *const note_marks[] = { "\xC2\xB9", "\xC2\xB2", "\xC2\xB3", "\xE2\x81\xB4", "\xE2\x81\xB5",
					   "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
					   "\xE2\x80\xA0", "\xE2\x80\xA1", NULL };

/* The footnote marker at b[i], if one starts there: its length. A
 * bracketed key is short ("[^a]", "[2]", "[iii]"), never a shape. */
static size_t note_marker(const char *b, size_t i, size_t end)
{
	if (b[i] == '(') { /* "(a)", "(3)", "(iv)": a note only where link_footnotes finds its caller */
		size_t k = i + 1;
		while (k < end && k - i <= 4 && (isdigit((unsigned char)b[k]) || (b[k] >= 'a' && b[k] <= 'z')))
			k++;
		if (k == i + 1 || k >= end || b[k] != ')' || (k - i > 2 && strspn(b + i + 1, "ivx") < k - i - 1))
			return 0;
		return k + 1 - i;
	}
	if (b[i] == '[') {
		size_t k = i + 1 + (i + 1 < end && b[i + 1] == '^');
		size_t key = k;
		while (k < end && k - key < 4 && isalnum((unsigned char)b[k]))
			k++;
		if (k == key || k >= end || b[k] != ']')
			return 0;
		if (b[i + 1] != '^') { /* "[1]", "[ii]": digits or a roman numeral */
			int digits = 1, roman = 1;
			for (size_t c = key; c < k; c++) {
				digits &= isdigit((unsigned char)b[c]) != 0;
				roman &= strchr("ivx", b[c]) != NULL;
			}
			if (!digits && !roman)
				return 0;
		}
		return k + 1 - i;
	}
	for (const char *const *m = note_marks; *m; m++) {
		size_t n = strlen(*m);
		if (end - i >= n && !memcmp(b + i, *m, n))
			return n;
	}
	return 0;
}

/* The key of the mark at b[i] of length n: "[^1]", "[1]" and "¹" alike
 * are defined by a note that opens with the same mark. */
static void note_key(const char *b, size_t i, size_t n, const char **k, size_t *kn)
{
	*k = b + i;
	*kn = n;
	if (b[i] == '[') {
		size_t skip = 1 + (b[i + 1] == '^');
		*k += skip;
		*kn -= skip + 1;
	}
}

/* Is the note on line i one of a list headed "References:", "Sources"?
 * Those cite others' words ("[1] blog - \"tokenization adds to TTFT\""):
 * they say nothing of the learner's own. */
static int under_references(const struct parser *p, size_t i)
{
	static const char *const heads[] = { "references", "reference", "sources", "source", "bibliography",
					     "citations", "works cited", "further reading", "links", NULL };
	const char *b = p->buf;
	while (i-- > 0) {
		const struct linfo *l = &p->li[i];
		size_t s = l->off, e = l->off + l->len;
		while (s < e && (b[s] == ' ' || b[s] == '#' || b[s] == '*' || b[s] == '_'))
			s++;
		if (s >= e || note_marker(b, s, e))
			continue; /* a blank line, or another note of the list */
		while (e > s && strchr(" :*_", b[e - 1]))
			e--;
		for (const char *const *h = heads; *h; h++)
			if (strlen(*h) == e - s && !strncasecmp(b + s, *h, e - s))
				return 1;
		return 0;
	}
	return 0;
}

/* Link each note ("[^1]: ...", "† ...": a line that opens with a mark) to
 * the line that calls it: the first other line holding the same mark. */
static int link_footnotes(struct parser *p)
{
	const char *b = p->buf;
	size_t len = p->r->text.len;
	int has_paren_note = 0; /* a line that ends in "(a)": most reports have none */
	for (size_t i = 0; i < p->nl && !has_paren_note; i++) {
		size_t e = p->li[i].off + p->li[i].len;
		while (e > p->li[i].off && strchr(" .;,", b[e - 1]))
			e--;
		has_paren_note = e > p->li[i].off + 3 && b[e - 1] == ')' && b[e - 3] == '(' && b[e - 4] != '(';
	}
	if (!memchr(b, '[', len) && !memchr(b, 0xC2, len) && !memchr(b, 0xE2, len) && !has_paren_note)
		return 0;
	for (size_t i = 0; i < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		size_t s = l->off, e = l->off + l->len;
		while (s < e && b[s] == ' ')
			s++;
		size_t n = s < e && !l->code ? note_marker(b, s, e) : 0;
		if (!n || !has_content(b, s + n, e) || (b[s] == '(' && !has_paren_note))
			continue;
		if (under_references(p, i))
			continue;
		const char *key, *k2;
		size_t kn, kn2;
		note_key(b, s, n, &key, &kn);
		for (size_t j = 0; j < p->nl; j++) {
			const struct linfo *c = &p->li[j];
			size_t cs = c->off, ce = c->off + c->len, found = 0;
			while (cs < ce && b[cs] == ' ')
				cs++;
			for (size_t k = cs + 1; j != i && k < ce && !found; k++) {
				size_t m = (b[k] == '[' || (unsigned char)b[k] >= 0xC2 || b[k] == '(') ? note_marker(b, k, ce) : 0;
				if (!m)
					continue;
				note_key(b, k, m, &k2, &kn2);
				found = kn2 == kn && !memcmp(k2, key, kn);
				/* "(d)" calls a note only from a line's end, above it:
				 * elsewhere it names an item of a list ("test (a) first") */
				if (found && b[k] == '(')
					found = j < i && k + m + strspn(b + k + m, " .;,") >= ce;
			}
			if (!found)
				continue;
			if (!p->r->note_of && !(p->r->note_of = calloc(p->nl + 1, sizeof(int))))
				return -1;
			p->r->note_of[i] = (int)j + 1;
			break;
		}
	}
	return 0;
}

/* A field's line calls a footnote: the note's text counts with the field's
 * value, as a repeat of the label does; an aside ("¹ Aside: ...") does not. */
static void footnoted_fields(struct parser *p)
{
	static const char *const note_asides[] = { "aside", "tangent", "unrelated", NULL };
	const char *b = p->buf;
	const struct gr_report *r = p->r;
	for (size_t i = 0; r->note_of && i < p->nl; i++) {
		if (!r->note_of[i])
			continue;
		for (size_t f = 0; f < p->ex->nfields; f++) {
			struct gr_report_field *rf = &p->r->fields[f];
			if (rf->state != GR_FIELD_LABELLED || rf->more.end || rf->line != r->note_of[i])
				continue;
			const struct linfo *l = &p->li[i];
			size_t s = l->off, e = l->off + l->len;
			while (s < e && b[s] == ' ')
				s++;
			s += note_marker(b, s, e);
			while (s < e && (b[s] == ':' || b[s] == ' '))
				s++;
			size_t w = s;
			while (w < e && isalpha((unsigned char)b[w]))
				w++;
			if (word_ends(b, s, w, "", note_asides) || (e - s > 11 && !strncasecmp(b + s, "as an aside", 11)))
				continue;
			rf->more = (struct gr_span){ .start = s, .end = e };
		}
	}
}

/* Is field f's value "unknown" where the exercise gives no value for it
 * (Part C's fake run names no GPU)? Then it is the honest answer, as "not
 * given" is, not a stand-in. */
static int honest_unknown(const struct parser *p, size_t f, struct gr_span v)
{
	if (strcmp(p->ex->fields[f].id, "hardware") || (p->ex->hardware && *p->ex->hardware))
		return 0;
	size_t s = v.start, e = v.end;
	while (s < e && strchr(" \t\n*_`", p->buf[s]))
		s++;
	while (e > s && strchr(" \t\n*_`.", p->buf[e - 1]))
		e--;
	/* "unknown", and its shorthand: "?", "n/a", "not given" */
	static const char *const honest[] = { "unknown", "?", "n/a", "na", "none", "not given", "not specified",
					      "unspecified", "not stated", NULL };
	for (const char *const *h = honest; *h; h++)
		if (e - s == strlen(*h) && !strncasecmp(p->buf + s, *h, e - s))
			return 1;
	return 0;
}

static void infer_fields(struct parser *p)
{
	struct gr_report *r = p->r;
	for (size_t f = 0; f < p->ex->nfields; f++) {
		struct gr_report_field *rf = &r->fields[f];
		if (rf->state != GR_FIELD_MISSING && !rf->more.end) {
			rf->honest = honest_unknown(p, f, rf->value);
			rf->placeholder = placeholder(p->buf, rf->value) && !rf->honest;
		}
	}
	for (size_t f = 0; f < p->ex->nfields; f++) {
		struct gr_report_field *rf = &r->fields[f];
		size_t ks, ke;
		if (rf->state == GR_FIELD_LABELLED && !rf->more.end &&
		    (pointer_key(p->buf, rf->value, &ks, &ke) || see_in_brackets(p->buf, rf->value, &ks, &ke))) {
			/* "Next experiment: PERF-14 below", "see NOW column": what it
			 * names, where the report names it */
			struct gr_span named = named_block(p, p->buf + ks, ke - ks, (size_t)rf->line - 1);
			if (named.end > named.start) {
				rf->more = named;
				continue;
			}
		}
		int points = rf->state == GR_FIELD_LABELLED && !rf->more.end && pointer(p->buf, rf->value);
		if ((rf->state != GR_FIELD_MISSING && !rf->placeholder && !points) || !p->ex->fields[f].infer_re)
			continue;
		for (size_t s = 0; s < r->nsentences; s++) {
			if (in_field_value(r, r->sentences[s].start) ||
			    !sentence_matches(p, p->ex->fields[f].infer_re, &p->ex->fields[f].infer_gate, s))
				continue;
			struct gr_span v = r->sentences[s];
			while (s + 1 < r->nsentences && !in_field_value(r, r->sentences[s + 1].start) &&
			       adds_to_previous(r, s + 1))
				v.end = r->sentences[++s].end;
			/* "### Proposed next step": a heading says where the
			 * answer is, the lines under it say it. */
			struct gr_span under = under_heading(p, v);
			if (under.end > under.start)
				v = under;
			if (points) { /* "see §4" stays the field's, with what it points to */
				rf->more = v;
				break;
			}
			if (rf->state == GR_FIELD_MISSING) {
				rf->state = GR_FIELD_INFERRED;
				rf->line = gr_text_line_of(&r->text, v.start);
			}
			rf->value = v;
			break;
		}
	}
}

/* Does line i open a paragraph that is an aside to every answer ("P.S.
 * Actually ...", "Other notes: ...", "Update: ...")? It ends the answer
 * before it. */
static int aside_at(const struct parser *p, size_t i)
{
	static const char *const asides[] = { "p.s.", "ps:", "ps ", "pps", "other notes", "side note", "note:", "notes:",
					      "update:", "edit:", "addendum", "bonus:", "btw", "off-topic", NULL };
	const struct linfo *l = &p->li[i];
	if (i == 0 || !p->li[i - 1].blank || l->blank)
		return 0;
	size_t n = l->off + l->len - l->body;
	for (const char *const *a = asides; *a; a++)
		if (strlen(*a) <= n && !strncasecmp(p->buf + l->body, *a, strlen(*a)))
			return 1;
	return 0;
}

/* Is sentence s, its first word at b[w..e), a short answer to the
 * question before it ("Is the tokenizer free? No.", "Q: ...? A: Not at
 * all.")? What explains the answer then goes on from the question. */
static int answers_question(const struct gr_report *r, size_t s, size_t w, size_t e)
{
	static const char *const answer[] = { "yes", "no", "not", "nope", "yep", "yeah", "never", "absolutely",
					      "exactly", "hardly", NULL };
	const char *b = r->text.buf;
	struct gr_span prev = r->sentences[s - 1], sp = r->sentences[s];
	size_t q = prev.end;
	while (q > prev.start && strchr(" \n*_", b[q - 1]))
		q--;
	if (q == prev.start || b[q - 1] != '?')
		return 0;
	if (e - w == 1 && (b[w] == 'A' || b[w] == 'a') && e < sp.end && b[e] == ':') { /* "A: No." */
		for (w = e; w < sp.end && !gr_isalpha((unsigned char)b[w]); w++)
			;
		for (e = w; e < sp.end && gr_isalpha((unsigned char)b[e]); e++)
			;
	}
	int known = 0;
	for (const char *const *a = answer; *a && !known; a++)
		known = strlen(*a) == e - w && !strncasecmp(b + w, *a, e - w);
	return known && gr_count_words(b, sp.start, sp.end) <= 4;
}

int gr_sentence_continues(const struct gr_report *r, size_t s)
{
	static const char *const anaphor[] = { "it", "it's", "its", "it'd", "it'll", "this", "that", "that's",
					       "that'd", "these", "those", "they", "they're", "they'd", "which", NULL };
	if (s == 0 || s >= r->nsentences)
		return 0;
	const char *b = r->text.buf;
	struct gr_span sp = r->sentences[s];
	int newlines = 0;
	for (size_t k = r->sentences[s - 1].end; k < sp.start; k++)
		newlines += b[k] == '\n';
	size_t w = sp.start, e;
	while (w < sp.end && w - sp.start < 3 && !gr_isalpha((unsigned char)b[w]))
		w++; /* "**It", "- It" */
	for (e = w; e < sp.end && (gr_isalpha((unsigned char)b[e]) || b[e] == '\''); e++)
		;
	if (newlines <= 1 && answers_question(r, s, w, e))
		return 1;
	char c = (char)tolower((unsigned char)b[w]);
	if (newlines > 1 || e == w || (c != 'i' && c != 't' && c != 'w'))
		return 0; /* the anaphors start with one of these */
	for (const char *const *a = anaphor; *a; a++)
		if (strlen(*a) == e - w && !strncasecmp(b + w, *a, e - w))
			return 1;
	return 0;
}

/* Section s whose heading sits mid-line, on a form whose line breaks were
 * lost ("... Next experiment: x. Hypotheses: (1) ... Experiments: ..."):
 * its text runs to the next label or heading on that line, or on to the
 * lines that follow it up to the next label, heading or section. Returns 1
 * when placed. */
static int inline_section(struct parser *p, size_t s)
{
	struct gr_report *r = p->r;
	for (size_t i = 0; i < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		for (int k = 0; k < l->nsec; k++) {
			if (l->sec_id[k] != (int)s)
				continue;
			size_t end = l->sec_end[k];
			if (end >= l->off + l->len)
				for (size_t j = i + 1; j < p->nl; j++) {
					const struct linfo *n = &p->li[j];
					if (n->field >= 0 || n->section >= 0 || n->heading)
						break;
					if (!n->blank)
						end = n->off + n->len;
				}
			r->sections[s].found = 1;
			r->sections[s].line = (int)i + 1;
			r->sections[s].span = (struct gr_span){ .start = l->sec_at[k], .end = end };
			return 1;
		}
	}
	return 0;
}

/* "**Key takeaways**", "__Summary:__": a line of bold words alone is a
 * heading as a document tool writes one, and ends the answer above it. */
static int bold_heading(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	const char *b = p->buf;
	size_t s = l->off, e = l->off + l->len;
	while (s < e && b[s] == ' ')
		s++;
	while (e > s && (b[e - 1] == ' ' || b[e - 1] == ':'))
		e--;
	if (l->item || l->code || e - s < 6 || !((b[s] == '*' && b[s + 1] == '*') || (b[s] == '_' && b[s + 1] == '_')) ||
	    b[e - 1] != b[s] || b[e - 2] != b[s])
		return 0;
	int words = 0, in = 0;
	for (size_t k = s + 2; k < e - 2; k++) {
		if (b[k] == '*' || b[k] == '_')
			return 0; /* "**a** and **b**": emphasis inside a sentence */
		int w = gr_isalnum((unsigned char)b[k]);
		words += w && !in;
		in = w;
	}
	return words >= 1 && words <= 6;
}

/* "**Plan / summary:** the two groups ..." after a blank line: a bold label
 * of its own opens another part, unless it gives the answer's reason
 * ("**Why:** ..."). */
static int bold_label_after_blank(const struct parser *p, size_t i)
{
	static const char *const reasons[] = { "why", "reason", "reasons", "because", "rationale", "justification",
					       "reasoning", NULL };
	const struct linfo *l = &p->li[i];
	const char *b = p->buf;
	size_t s = l->off, e = l->off + l->len;
	while (s < e && b[s] == ' ')
		s++;
	if (i == 0 || !p->li[i - 1].blank || l->item || l->code || e - s < 5 || b[s] != '*' || b[s + 1] != '*')
		return 0;
	size_t k = s + 2;
	while (k < e && k < s + 42 && (isalnum((unsigned char)b[k]) || strchr(" /&-", b[k])))
		k++;
	/* "**Plan / summary:** ...", "**Plan**: ..." */
	if (k == s + 2 || k + 2 >= e || !((b[k] == ':' && b[k + 1] == '*' && b[k + 2] == '*') ||
					 (b[k] == '*' && b[k + 1] == '*' && b[k + 2] == ':')))
		return 0;
	return !word_ends(b, s + 2, k, " ", reasons);
}

/* A position the learner argues without taking it: "**Counter
 * (steelman):** some movement is unavoidable", "Objection: ...", "Devil's
 * advocate: ...", "Pro tokenizer: ... Con: ...", "Claim (the obvious
 * reading): ...". What the learner commits to is the verdict that answers
 * it, which says so again in its own words; the argued position, its
 * line, counts for nothing (old_line 7). */
static int argued_label(const struct parser *p, size_t i)
{
	static const char *const heads[] = { "counter", "counterpoint", "counter-point", "counterargument",
					     "counter-argument", "counterclaim", "counter-claim", "steelman", "steel-man",
					     "steelmanning", "objection", "pro", "con", NULL };
	static const char *const phrases[] = { "devil's advocate", "obvious reading", "obvious take",
					       "naive reading", "naive take", "the other side", NULL };
	const struct linfo *l = &p->li[i];
	if (l->blank || l->code || l->field >= 0 || l->heading)
		return 0;
	const char *b = p->buf;
	size_t s = l->body, e = l->off + l->len, k = s;
	while (k < e && k < s + 48 && b[k] != ':' && b[k] != '\n')
		k++;
	if (k >= e || b[k] != ':' || k == s)
		return 0;
	size_t le = k;
	while (le > s && strchr(" *_", b[le - 1]))
		le--;
	struct gr_span w = { .start = s, .end = s };
	while (w.end < le && (isalpha((unsigned char)b[w.end]) || b[w.end] == '-'))
		w.end++;
	int hit = 0;
	for (const char *const *h = heads; *h && !hit; h++)
		hit = strlen(*h) == w.end - w.start && !strncasecmp(b + w.start, *h, w.end - w.start);
	/* "Counter (steelman):", "Objection 2:", "Counter to the obvious:",
	 * 'Pro "copies are waste":', but not "Counter above:" (a Python Counter) */
	static const char *const objects[] = { "above", "below", "object", "objects", "class", "dict", "values", NULL };
	struct gr_span nx = { .start = w.end, .end = w.end };
	while (nx.start < le && b[nx.start] == ' ')
		nx.start++;
	for (nx.end = nx.start; nx.end < le && isalpha((unsigned char)b[nx.end]); nx.end++)
		;
	if (hit && nx.end > nx.start && any_word_ci(b, nx.start, nx.end, objects))
		hit = 0;
	for (const char *const *ph = phrases; *ph && !hit; ph++)
		hit = word_at_ci(b, s, le, *ph);
	return hit;
}

static void mark_argued(struct parser *p)
{
	for (size_t i = 0; i < p->nl; i++)
		if (argued_label(p, i))
			p->r->old_line[i] = (unsigned char)(p->li[i].old = 7);
}

/* Does line i open a self-check ("Self-check:", "**Rubric check**", "##
 * Self-assessment", "Checked against the rubric:")? What follows ticks the
 * criteria off; it answers nothing by its headings. */
static int self_check_heading(const struct parser *p, size_t i)
{
	static const char *const names[] = { "self-check", "self check", "selfcheck", "self-assessment",
					     "self assessment", "self-eval", "self-evaluation", "rubric check",
					     "rubric self-check", "criteria check", "checked against the rubric",
					     "check against the rubric", "checked it against the rubric", NULL };
	const struct linfo *l = &p->li[i];
	if (l->item || l->blank || l->field >= 0)
		return 0;
	const char *b = p->buf;
	size_t s = l->off, e = l->off + l->len;
	while (s < e && strchr(" #*_>", b[s]))
		s++;
	if (s >= e || !strchr("sScCrR", b[s]))
		return 0;
	for (const char *const *n = names; *n; n++) {
		size_t k = strlen(*n);
		if (s + k > e || strncasecmp(b + s, *n, k))
			continue;
		size_t t = s + k;
		while (t < e && strchr(" *_()", b[t]))
			t++;
		if (t == e || b[t] == ':' || (t + 3 <= e && !memcmp(b + t, "\xE2\x80", 2)))
			return 1;
	}
	return 0;
}

/* The lines of each self-check, up to a blank line that its ticks do not
 * go on after, head no section: "- [ ] not yet - N/A" and "| not yet | ✅
 * |" are marks on the learner's own answers, not answers, and a bare tick
 * or a rubric table's row counts for nothing (old_line 4). A tick that
 * answers still counts ("✅ tokenizer: 22 ms CPU, still in TTFT"). */
static void self_checks(struct parser *p)
{
	for (size_t i = 0; i < p->nl; i++) {
		if (!self_check_heading(p, i))
			continue;
		p->li[i].section = -1;
		for (size_t j = i + 1; j < p->nl; j++) {
			struct linfo *l = &p->li[j];
			if (l->blank) {
				size_t k = j;
				while (k < p->nl && p->li[k].blank)
					k++;
				if (k == p->nl || !(p->li[k].item || p->buf[p->li[k].body] == '|'))
					break;
				continue;
			}
			if (l->field >= 0 || (l->heading && !l->item))
				break;
			l->section = -1;
			l->nsec = 0;
			if (p->buf[l->body] == '|' || gr_count_words(p->buf, l->body, l->off + l->len) <= 5)
				p->r->old_line[j] = 4; /* a bare tick ("- [x] no custom attention"): a mark */
		}
	}
}

/* Does line i end the answer above it without being a field, heading or
 * section of its own: an aside, a bold heading, another part's bold label,
 * a self-check, the heading of a list of mistakes ("Common mistakes I saw:")? */
static int ends_answer(const struct parser *p, size_t i)
{
	/* In a chat log, another's message ends the learner's answer. */
	return p->li[i].turn == 1 || aside_at(p, i) || bold_heading(p, i) || bold_label_after_blank(p, i) ||
	       self_check_heading(p, i) || (p->li[i].old == 3 && (i == 0 || p->li[i - 1].old != 3));
}

/* Is line i an agenda's entry for a section a later heading opens ("#
 * Agenda / 3. Why copy_ / to exist (2 hypotheses) / 4. What we won't touch
 * yet", then a slide for each)? A list item heading a section, beside
 * another such item, with the same section's heading again further down. */
static int bare_title(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	const char *c = memchr(p->buf + l->body, ':', l->off + l->len - l->body);
	return l->item && l->section >= 0 && l->off + l->len - l->body < 60 &&
	       (!c || !has_content(p->buf, (size_t)(c - p->buf) + 1, l->off + l->len));
}

/* Is the list holding item i under a heading that names it an agenda ("#
 * Slide 2 - Agenda", "## Outline")? */
static int under_agenda(const struct parser *p, size_t i)
{
	static const char *const names[] = { "agenda", "outline", "contents", "overview", "roadmap", NULL };
	while (i > 0 && (p->li[i].item || p->li[i].blank))
		i--;
	const struct linfo *h = &p->li[i];
	if (!h->heading || h->item)
		return 0;
	for (const char *const *n = names; *n; n++)
		if (word_at_ci(p->buf, h->off, h->off + h->len, *n))
			return 1;
	return 0;
}

static int agenda_entry(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	/* Titles only, two in a row: "3. Why copy_ / to exist", "4. What we
	 * won't touch yet"; or one, in a list headed "Agenda". */
	if (!bare_title(p, i) ||
	    !((i > 0 && bare_title(p, i - 1)) || (i + 1 < p->nl && bare_title(p, i + 1)) || under_agenda(p, i)))
		return 0;
	size_t k = i + 1;
	while (k < p->nl && p->li[k].item)
		k++; /* past the agenda */
	for (; k < p->nl; k++)
		if (p->li[k].section == l->section && !p->li[k].item)
			return 1; /* a heading of its own further down */
	return 0;
}

/* Which section does another's question in a chat log open ("Duck: what
 * wouldn't you touch?", "Q: What are you leaving alone?"): -1 none. The
 * question is theirs and is not graded; the learner's reply under it is
 * the section's answer, as under a heading. */
static int asked_section(struct parser *p, const char *q)
{
	size_t n = strlen(q), i = 0;
	while (i < n && (q[i] == ' ' || q[i] == '*' || q[i] == '_' || q[i] == '>'))
		i++;
	if (i + 1 < n && (q[i] == 'Q' || q[i] == 'q') && (q[i + 1] == ':' || q[i + 1] == '.'))
		for (i += 2; i < n && q[i] == ' ';)
			i++;
	if (n - i > GR_MAX_LABEL_SCAN)
		n = i + GR_MAX_LABEL_SCAN;
	while (n > i && ((unsigned char)q[n] & 0xC0) == 0x80)
		n--; /* whole characters only */
	for (size_t s = 0; s < p->ex->nsections; s++) {
		const pcre2_code *re = p->ex->sections[s].heading_re;
		if (!re)
			continue;
		pcre2_set_offset_limit(p->s->mctx, i); /* anchored, as headings are */
		int rc = gr_match_code(re, q, n, i, p->md, p->s->mctx);
		pcre2_set_offset_limit(p->s->mctx, PCRE2_UNSET);
		if (rc >= 0 && pcre2_get_ovector_pointer(p->md)[1] > i)
			return (int)s;
	}
	return -1;
}

/* A chat log's messages (text.h): where each starts, and the sections its
 * others' questions open. */
static void read_turns(struct parser *p)
{
	const struct gr_text *t = &p->r->text;
	for (size_t k = 0; k < t->nturns; k++) {
		const struct gr_turn *u = &t->turns[k];
		if (u->line >= p->nl)
			continue;
		struct linfo *l = &p->li[u->line];
		l->turn = u->self ? 2 : 1;
		if (!u->self && u->said && l->field < 0 && l->section < 0)
			l->section = asked_section(p, u->said);
	}
}

static int blank_line(const struct gr_text *t, size_t i)
{
	const char *b = t->buf + t->lines[i].off;
	for (size_t k = 0; k < t->lines[i].len; k++)
		if (b[k] != ' ')
			return 0;
	return 1;
}

/* The paragraph of the learner's message in a chat log that holds offset
 * off: [*from, *to). 0 when the text is no chat log. A message runs on to
 * the next one, but a report written after the last one is no part of it. */
static int message_at(const struct gr_report *r, size_t off, size_t *from, size_t *to)
{
	const struct gr_text *t = &r->text;
	size_t k = t->nturns;
	while (k > 0 && t->lines[t->turns[k - 1].line].off > off)
		k--;
	if (!k || !t->turns[k - 1].self)
		return 0;
	size_t first = t->turns[k - 1].line, last = k < t->nturns ? t->turns[k].line : t->nlines;
	size_t at = (size_t)gr_text_line_of(t, off) - 1, a = at, z = at;
	while (a > first && !blank_line(t, a - 1))
		a--;
	while (z + 1 < last && !blank_line(t, z + 1))
		z++;
	*from = t->lines[a].off;
	*to = t->lines[z].off + t->lines[z].len;
	return 1;
}

/* Where the block a heading of section s opens on line from ends (the
 * line after its last): at a field, another heading or section, or the
 * end of an answer. start: each section's first heading. */
/* Is line i a footnote called from outside the block that opens at line
 * from? It belongs to its caller, not to the answer above it. */
static int foreign_note(const struct parser *p, size_t i, size_t from)
{
	const int *n = p->r->note_of;
	return n && n[i] && ((size_t)n[i] - 1 < from || (size_t)n[i] - 1 > i);
}

/* Does line i open with a short label and its answer ("Still in: the
 * copies", "**Verdict:** ...")? Returns 1 only when words follow the colon,
 * and not for a label that goes on with the answer above ("**Why:** ..."). */
static int labelled_line(const struct parser *p, size_t i)
{
	static const char *const goes_on[] = { "why", "because", "reason", "reasons", "rationale", "since", "note",
					       "notes", NULL };
	const char *b = p->buf;
	size_t s = p->li[i].body, e = p->li[i].off + p->li[i].len;
	while (s < e && (b[s] == '*' || b[s] == '_'))
		s++;
	for (const char *const *g = goes_on; *g; g++) {
		size_t n = strlen(*g);
		if (s + n < e && !strncasecmp(b + s, *g, n) && strchr(":*_ ", b[s + n]))
			return 0;
	}
	for (size_t k = s; k < e && k < s + 32; k++) {
		if (b[k] == ':')
			return k > s && gr_count_words(b, s, k) <= 3 && has_content(b, k + 1, e);
		if (b[k] == '.' || b[k] == ',' || b[k] == ';' || b[k] == '(')
			return 0;
	}
	return 0;
}

/* Does line j end the deferred answer that line `from` gives on its own
 * line ("Ruled out: matmul, SDPA, slice.")? A line with a label of its own
 * after it does ("Still in: the copies"). */
static int ends_inline_answer(const struct parser *p, size_t from, size_t j)
{
	return !p->li[from].heading && !p->li[from].item && !p->li[j].item && labelled_line(p, j) &&
	       labelled_line(p, from);
}

/* A design doc's plain title: "Design", "Open questions", "Risks" alone
 * on a line between a blank one and text, one to three capitalised words
 * with no mark: it heads what follows, so a section put off above it
 * ("Non-goals" over a bullet) ends there. */
static int plain_title(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	if (i == 0 || !p->li[i - 1].blank || i + 1 >= p->nl || p->li[i + 1].blank || l->item || l->code ||
	    l->indent > 0)
		return 0;
	const char *b = p->buf + l->off;
	size_t n = l->len, words = 1;
	while (n > 0 && b[n - 1] == ' ')
		n--;
	if (n == 0 || n > 32 || !isupper((unsigned char)b[0]))
		return 0;
	for (size_t k = 0; k < n; k++) {
		if (b[k] == ' ')
			words++;
		else if (!isalpha((unsigned char)b[k]) && b[k] != '-' && b[k] != '/')
			return 0; /* a mark, a digit or punctuation: a sentence or a label */
	}
	return words <= 3;
}

/* Does line i end the block that line `from` (a section's heading)
 * opens? A field, a heading outside the sections, another's message or an
 * aside (ends_answer), another note's line, a plain title; in a put-off
 * (deferred) section, a labelled line after an inline answer. `comment`:
 * line i is a '#' line right under from's heading, the section's first
 * line as code writes a comment, not a heading. A blank line ends an
 * inline answer ("**Later:** nsys", then a paragraph: the card was the
 * line) and nothing else. block_end() and find_deferred() both read
 * blocks through it, so a section and what it puts off end alike. */
static int ends_block(const struct parser *p, size_t from, size_t i, int deferred, int comment)
{
	const struct linfo *l = &p->li[i];
	if (l->blank)
		return p->li[from].inline_answer;
	return l->field >= 0 || (l->heading && l->section < 0 && !comment) || ends_answer(p, i) ||
	       (deferred && ends_inline_answer(p, from, i)) || (l->section < 0 && plain_title(p, i)) ||
	       foreign_note(p, i, from);
}

static size_t block_end(const struct parser *p, const size_t *start, size_t s, size_t from)
{
	int deferred = p->ex->sections[s].deferred;
	size_t endl = p->nl;
	for (size_t t = 0; t < p->ex->nsections; t++)
		if (t != s && start[t] != (size_t)-1 && start[t] > from && start[t] < endl)
			endl = start[t];
	int first = 1; /* the first line after the heading: "### Not now" then "# attn -> no, ..." */
	for (size_t i = from + 1; i < endl; i++) {
		int comment = first && p->li[i].heading && p->li[from].heading;
		if (ends_block(p, from, i, deferred, comment))
			return i;
		if (!p->li[i].blank)
			first = 0;
	}
	return endl;
}

/* "- Hypotheses" / "  - H1: fp32 cast" / "    - test: input dtype of
 * aten::to": an item nested under another section's heading item is part
 * of that answer (each hypothesis's own test), and heads no section. */
static void nested_headings(struct parser *p)
{
	int cur = -1, at = 0;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		if (l->blank)
			continue;
		if (l->section < 0) {
			if (l->heading || l->field >= 0 || (cur >= 0 && l->indent <= at && !l->item))
				cur = -1; /* a heading, a field or prose at its level: out of the answer */
			continue;
		}
		if (cur >= 0 && l->section != cur && l->item && l->indent > at) {
			l->section = -1;
			continue;
		}
		cur = l->section;
		at = l->indent;
	}
}

/* The word before a colon that opens a later sentence of the line
 * ("Experiment" in "1) Casting: fp32 cast. Experiment: record_shapes"),
 * lowercased into w (at most n bytes): the last such tag; 0 when none. */
static size_t mid_tag(const char *b, size_t s, size_t e, char *w, size_t n)
{
	size_t got = 0;
	for (size_t k = s + 6; k < e; k++) {
		if (b[k] != ':' || (k + 1 < e && b[k + 1] != ' '))
			continue;
		size_t a = k;
		while (a > s && isalpha((unsigned char)b[a - 1]))
			a--;
		/* the tag opens a sentence of its own: ". Experiment:", "; Test:" */
		if (a == k || k - a >= n || a < s + 2 || b[a - 1] != ' ' || !strchr(".;", b[a - 2]))
			continue;
		for (size_t j = a; j < k; j++)
			w[j - a] = (char)tolower((unsigned char)b[j]);
		got = k - a;
	}
	return got;
}

/* Where the list of numbered item i starts when its items are parallel,
 * each holding the same tag mid-line ("1) Casting: ... Experiment: ..."
 * over "2) Transfers: ... Experiment: ..."): then 1 and 2 number
 * hypotheses, each with its test, not answers 1 and 2; i otherwise. */
static size_t parallel_first(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	char t1[24], t2[24];
	size_t n1 = mid_tag(p->buf, l->body, l->off + l->len, t1, sizeof(t1));
	if (!n1)
		return i;
	for (size_t k = i > 4 ? i - 4 : 0; k < i; k++) {
		const struct linfo *o = &p->li[k];
		if (o->item != 2 || o->indent != l->indent || o->number != 1)
			continue;
		size_t n2 = mid_tag(p->buf, o->body, o->off + o->len, t2, sizeof(t2));
		if (n2 == n1 && !memcmp(t1, t2, n1))
			return k;
	}
	return i;
}

/* Is numbered item i in a list a line of prose introduces with a colon
 * ("Mapping it to what I know:" over "1. to() is our staging copy", "2.
 * copy_ is a format conversion")? Its items are that list's, not answers
 * to the questions that share their numbers, unless the line says they
 * are ("Follow-up answers:", "Questions:"): item 1 may open answer 1, but
 * the items after it go on with it. */
static int introduced_list(const struct parser *p, size_t i)
{
	const struct linfo *l = &p->li[i];
	size_t k = i;
	while (k > 0 && !(p->li[k].item == 2 && p->li[k].number == 1 && p->li[k].indent == l->indent)) {
		const struct linfo *o = &p->li[k - 1];
		if (o->heading || o->field >= 0 || o->section >= 0 || (o->item == 2 && o->indent < l->indent))
			return 0;
		k--;
	}
	if (!(p->li[k].item == 2 && p->li[k].number == 1))
		return 0;
	while (k > 0 && p->li[k - 1].blank)
		k--;
	if (k == 0)
		return 0;
	const struct linfo *intro = &p->li[k - 1];
	if (intro->item || intro->heading || intro->field >= 0 || intro->section >= 0 || intro->code ||
	    !ends_with_colon(p->buf, intro->body, intro->off + intro->len))
		return 0;
	return !any_word_ci(p->buf, intro->body, intro->off + intro->len, answer_words);
}

/* The kind of number a list item opens with: digits, "(", a circled one... */
static int mark_kind(char c)
{
	return isdigit((unsigned char)c) ? '0' : (unsigned char)c;
}


/* The word at or after i in [i, e) (letters and apostrophes): its span. */
static size_t next_word(const char *b, size_t *i, size_t e)
{
	while (*i < e && !gr_isalpha((unsigned char)b[*i]))
		(*i)++;
	size_t w = *i;
	while (w < e && (gr_isalpha((unsigned char)b[w]) || b[w] == '\''))
		w++;
	return w;
}

/* Does the put-off that starts at `at` name something of its own before
 * e ("would not touch attention", "leave attention alone")? Cue and
 * filler words are passed over; a pronoun ("touch it") or a condition
 * ("until the copies ...") first means it names nothing. */
static int names_own_object(const char *b, size_t at, size_t e)
{
	static const char *const pass[] = { "i", "we", "i'd", "we'd", "would", "will", "should", "shall", "do", "did",
					    "does", "not", "never", "no", "to", "be", "want", "leave", "leaving", "alone",
					    "hold", "holding", "off", "touch", "touching", "bother", "bothering", "with",
					    "optimise", "optimize", "optimising", "optimizing", "tune", "tuning",
					    "rewrite", "rewriting", "chase", "chasing", "can", "wait", "the", "a", "an",
					    "just", "really", "even", "yet", "now", "right", "for", "at", "all", "any",
					    "here", "too", "much", "either", "on", "work", "working", NULL };
	static const char *const none[] = { "it", "that", "this", "them", "those", "these", "anything", "until",
					    "till", "unless", "before", "while", "because", "since", "as", "so", "if",
					    "when", "after", "later", "though", NULL };
	for (size_t i = at;;) {
		size_t w = next_word(b, &i, e);
		if (w == i)
			return 0;
		if (gr_word_in(b + i, w - i, none))
			return 0;
		if (!gr_word_in(b + i, w - i, pass) && !(w - i > 3 && !strncasecmp(b + w - 3, "n't", 3)))
			return 1;
		i = w;
	}
}

/* Where a section inferred from sentence k starts when it is only the
 * sentence's later clause, a statement of its own: "check the dtypes going
 * into aten::to, but I would not touch attention" puts off attention, not
 * the dtypes. That is when the inferring match (ov) lies in a clause after
 * the first, with nothing put off before it, and the clause gives a reason
 * ("..., because a custom kernel now would be premature") or opens on its
 * own subject ("I", "we") and names what it puts off. "Attention, I would
 * not optimise yet", "..., which I would not touch" and "Cons: ...; does
 * not touch the copies" put off (or describe) what came before. Returns
 * the clause's start, or (size_t)-1: the whole sentence. */
static size_t own_clause(const struct gr_report *r, size_t k, const PCRE2_SIZE *ov)
{
	static const char *const subject[] = { "i", "we", "you", "i'd", "we'd", "i'll", "we'll", NULL };
	static const char *const denies[] = { "not", "no", "never", "yet", "later", NULL };
	static const char *const reason[] = { "because", "since", "as", "cause", "cuz", "coz", NULL };
	const char *b = r->text.buf;
	size_t c = 0;
	while (c < r->nclauses && (r->clause_sentence[c] < k || r->clauses[c].end <= ov[0]))
		c++;
	if (c == 0 || c >= r->nclauses || r->clause_sentence[c] != k || r->clause_sentence[c - 1] != k ||
	    r->clauses[c].start > ov[0])
		return (size_t)-1;
	struct gr_span cl = r->clauses[c];
	/* nothing put off before it: "I wouldn't, yet: ... and you don't tune" */
	for (size_t j = r->sentences[k].start;;) {
		size_t we = next_word(b, &j, cl.start);
		if (we == j)
			break;
		if (gr_word_in(b + j, we - j, denies) || (we - j > 3 && !strncasecmp(b + we - 3, "n't", 3)))
			return (size_t)-1;
		j = we;
	}
	size_t f = cl.start, fe = next_word(b, &f, cl.end);
	if (fe > f && gr_word_in(b + f, fe - f, reason))
		return cl.start;
	/* its own subject right before the cue: "but I would not" */
	size_t s0 = ov[0];
	while (s0 > cl.start && b[s0 - 1] == ' ')
		s0--;
	size_t s1 = s0;
	while (s1 > cl.start && (gr_isalpha((unsigned char)b[s1 - 1]) || b[s1 - 1] == '\''))
		s1--;
	if (s1 == s0 || !gr_word_in(b + s1, s0 - s1, subject))
		return (size_t)-1;
	return names_own_object(b, ov[0], cl.end) ? cl.start : (size_t)-1;
}

static void find_sections(struct parser *p)
{
	struct gr_report *r = p->r;
	size_t ns = p->ex->nsections;
	size_t *start = calloc(ns ? ns : 1, sizeof(size_t));
	if (!start)
		return;
	self_checks(p);
	nested_headings(p);
	for (size_t s = 0; s < ns; s++) {
		start[s] = (size_t)-1;
		for (size_t i = 0; i < p->nl && start[s] == (size_t)-1; i++)
			if (p->li[i].section == (int)s && !agenda_entry(p, i))
				start[s] = i, r->sections[s].found = 1;
		if (start[s] == (size_t)-1 && inline_section(p, s))
			continue; /* its heading is mid-line: placed already */
		int num = p->ex->sections[s].number;
		int under = -1; /* the section whose heading opened the block this line is in */
		const struct linfo *head = NULL; /* that heading's line */
		for (size_t i = 0; i < p->nl && start[s] == (size_t)-1 && num; i++) {
			struct linfo *l = &p->li[i];
			if (l->section >= 0) { /* "1. hyp 1: ..." is answer 1 itself: "2." next is answer 2; */
				/* ... unless it ends in a colon: "(一) Hypotheses:" heads a list */
				under = l->item == 2 && l->number == p->ex->sections[l->section].number &&
						!ends_with_colon(p->buf, l->body, l->off + l->len)
					? -1
					: l->section;
				head = l;
			} else if (l->heading || l->field >= 0) {
				under = -1;
			} else if (under >= 0 && head && head->item == 2 && l->item == 2 && l->indent <= head->indent &&
				   mark_kind(p->buf[head->off + head->indent]) == mark_kind(p->buf[l->off + l->indent])) {
				under = -1; /* "(二)" after "(一) Hypotheses:" and its own "1.", "2.": the next answer */
			}
			/* "3." inside the hypotheses' own list is their third, not answer 3. */
			if (l->item == 2 && l->number == num && l->indent <= 3 && l->field < 0 && under < 0 &&
			    !in_field_value(r, l->off) && !(num > 1 && introduced_list(p, i))) {
				/* Parallel items, each a hypothesis with its test: the
				 * answers after the first start where the list does. */
				size_t at = num > 1 ? parallel_first(p, i) : i;
				start[s] = at, r->sections[s].found = 2;
			}
		}
	}
	for (size_t s = 0; s < ns; s++) {
		if (start[s] == (size_t)-1)
			continue;
		size_t endl = block_end(p, start, s, start[s]);
		struct linfo *a = &p->li[start[s]], *z = &p->li[endl - 1];
		r->sections[s].line = (int)start[s] + 1;
		r->sections[s].span = (struct gr_span){ .start = a->off, .end = z->off + z->len };
		if (r->sections[s].found != 1 || !p->ex->sections[s].deferred)
			continue;
		/* What is put off, headed twice ("- [ ] Icebox: attention
		 * kernel", then "Not yet: attention, because ..."): the last
		 * one's answer counts too, as a field written twice does.
		 * (Hypotheses' headings repeat for each one: "H1:", "H2:".) */
		size_t again = (size_t)-1;
		for (size_t i = endl; i < p->nl; i++)
			if (p->li[i].section == (int)s && !agenda_entry(p, i))
				again = i;
		if (again != (size_t)-1) {
			size_t e2 = block_end(p, start, s, again);
			r->sections[s].span.start2 = p->li[again].off;
			r->sections[s].span.end2 = p->li[e2 - 1].off + p->li[e2 - 1].len;
		}
	}
	for (size_t s = 0; s < ns; s++) {
		if (r->sections[s].found || !p->ex->sections[s].infer_re)
			continue;
		for (size_t k = 0; k < r->nsentences; k++) {
			if (!sentence_matches(p, p->ex->sections[s].infer_re, &p->ex->sections[s].infer_gate, k))
				continue;
			/* With the sentences it refers back to ("Attention is
			 * already flash. That's the thing I would not optimise
			 * yet."), and those that go on about it ("What I'd leave
			 * alone is attention. It's already the flash kernel."). */
			size_t first = k, last = k, first_at = (size_t)-1;
			while (first > 0 && gr_sentence_continues(r, first))
				first--;
			while (last + 1 < r->nsentences && gr_sentence_continues(r, last + 1))
				last++;
			/* ... and the rest of its list item: "- [ ] custom
			 * attention kernel: not yet. attention is already flash
			 * ..." gives the why in the item's next sentence (a
			 * paragraph's next sentence is another thought). */
			int ln = gr_text_line_of(&r->text, r->sentences[last].start);
			while (p->li[ln - 1].item && last + 1 < r->nsentences &&
			       gr_text_line_of(&r->text, r->sentences[last + 1].start) == ln)
				last++;
			/* In a chat log, the whole message it is part of: a
			 * reply is one answer ("No. It's already flash. 35 ms of
			 * copies come first. Not optimising attention yet."). */
			size_t mf, mt;
			if (message_at(r, r->sentences[k].start, &mf, &mt)) {
				while (first > 0 && r->sentences[first - 1].start >= mf)
					first--;
				while (last + 1 < r->nsentences && r->sentences[last + 1].end <= mt)
					last++;
			}
			if (first == k)
				first_at = own_clause(r, k, pcre2_get_ovector_pointer(p->md));
			r->sections[s].found = 3;
			r->sections[s].span = (struct gr_span){ .start = first_at != (size_t)-1 ? first_at : r->sentences[first].start,
								.end = r->sentences[last].end };
			r->sections[s].line = gr_text_line_of(&r->text, r->sentences[k].start);
			break;
		}
	}
	free(start);
}

/* Every block opened by a deferred section's heading ("Not yet:"), even a
 * repeated one, is something the learner chose not to do now. */
static int find_deferred(struct parser *p)
{
	struct gr_report *r = p->r;
	size_t cap = 0;
	for (size_t i = 0; i < p->nl; i++) {
		int s = p->li[i].section;
		if (s < 0 || !p->ex->sections[s].deferred)
			continue;
		size_t j = i + 1;
		/* Any section's line ends it, and any heading, even one that
		 * reads as a comment (block_end() is kinder to a section). */
		while (j < p->nl && p->li[j].section < 0 && !p->li[j].heading && !ends_block(p, i, j, 1, 0))
			j++;
		struct linfo *z = &p->li[j - 1];
		if (push_span(&r->deferred, &r->ndeferred, &cap, p->li[i].off, z->off + z->len) < 0)
			return -1;
	}
	return 0;
}

static int by_span_start(const void *x, const void *y)
{
	const struct gr_span *a = x, *b = y;
	return a->start < b->start ? -1 : a->start > b->start;
}

/* Is the cell b[c, ce) a status that puts its row off: a few words a
 * deferred section's heading opens ("❌ Won't do (yet)", "Later", "Icebox")? */
static int status_cell(struct parser *p, size_t c, size_t ce)
{
	const char *b = p->buf;
	while (c < ce && (b[c] == ' ' || b[c] == '*' || b[c] == '_'))
		c++;
	size_t k = symbol_at(b, c, ce); /* a mark before it: "❌ ", "🧊 " */
	if (k > c)
		for (c = k; c < ce && b[c] == ' ';)
			c++;
	return c < ce && gr_count_words(b, c, ce) <= 4 && deferred_heading_at(p, c, ce);
}

/* A board written as a table ("| Now | Later | Won't do |"): the cells
 * under a column a deferred section's heading names are put off, as the
 * lines under that heading are ("| ... | custom attention kernel | ..."),
 * and so is a row a status cell puts off. Spans go to r->deferred, which
 * is kept sorted and without overlaps. */
static int deferred_columns(struct parser *p)
{
	struct gr_report *r = p->r;
	const char *b = p->buf;
	size_t cap = r->ndeferred, before = r->ndeferred;
	for (size_t i = 0; i + 1 < p->nl; i++) {
		const struct linfo *l = &p->li[i];
		size_t s = l->off, e = l->off + l->len;
		while (s < e && b[s] == ' ')
			s++;
		if (s >= e || b[s] != '|' || l->code ||
		    (i > 0 && p->li[i - 1].len && memchr(b + p->li[i - 1].off, '|', p->li[i - 1].len)))
			continue; /* only a table's first row is its header */
		unsigned char put_off[32];
		int ncol = 0;
		for (size_t c = s + 1; c < e && ncol < 32; ncol++) {
			size_t ce = c;
			while (ce < e && b[ce] != '|')
				ce++;
			size_t cs = c;
			while (cs < ce && strchr(" *_", b[cs]))
				cs++;
			put_off[ncol] = (unsigned char)deferred_heading_at(p, cs, ce);
			c = ce + 1;
		}
		for (size_t j = i + 1; j < p->nl; j++) {
			size_t rs = p->li[j].off, re = rs + p->li[j].len;
			while (rs < re && b[rs] == ' ')
				rs++;
			if (rs >= re || b[rs] != '|')
				break;
			int col = 0;
			for (size_t c = rs + 1; c < re; col++) {
				size_t ce = c;
				while (ce < re && b[ce] != '|')
					ce++;
				if (col < ncol && put_off[col] && has_content(b, c, ce) &&
				    push_span(&r->deferred, &r->ndeferred, &cap, c, ce) < 0)
					return -1;
				/* A status cell ("| ... | ❌ Won't do (yet) |", "| Icebox |")
				 * puts off its whole row. */
				if (col > 0 && status_cell(p, c, ce) &&
				    push_span(&r->deferred, &r->ndeferred, &cap, rs, re) < 0)
					return -1;
				c = ce + 1;
			}
		}
	}
	if (r->ndeferred == before)
		return 0;
	qsort(r->deferred, r->ndeferred, sizeof(*r->deferred), by_span_start);
	size_t n = 0;
	for (size_t k = 0; k < r->ndeferred; k++) {
		if (n && r->deferred[k].start < r->deferred[n - 1].end) {
			if (r->deferred[k].end > r->deferred[n - 1].end)
				r->deferred[n - 1].end = r->deferred[k].end;
			continue;
		}
		r->deferred[n++] = r->deferred[k];
	}
	r->ndeferred = n;
	return 0;
}

static int find_items(struct parser *p)
{
	struct gr_report *r = p->r;
	size_t cap = 0;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		if (!l->item || !has_content(p->buf, l->body, l->off + l->len))
			continue; /* "A2:" alone opens an answer; it is no item of it */
		if (GR_GROW(r->items, r->nitems, cap, 16) < 0)
			return -1;
		r->items[r->nitems++] = (struct gr_item){ { .start = l->body, .end = l->off + l->len }, (int)i + 1, l->indent,
							  l->item == 2 ? l->number : 0 };
	}
	return 0;
}

static int count_words(struct parser *p)
{
	int words = 0;
	for (size_t i = 0; i < p->nl; i++) {
		struct linfo *l = &p->li[i];
		words += gr_count_words(p->buf, l->field >= 0 ? l->value : l->body, l->off + l->len);
	}
	return words;
}

/* Blank every line that carries a sentence of the prompt itself. */
static int blank_line_of(void *ctx, size_t a, size_t b)
{
	struct parser *p = ctx;
	char *buf = p->r->text.buf;
	size_t len = p->r->text.len;
	size_t ma = a, mb = b; /* the copied words themselves */
	while (a > 0 && buf[a - 1] != '\n')
		a--;
	while (b < len && buf[b] != '\n')
		b++;
	/* The copied question with its answer on the same line ("Q: Two
	 * hypotheses for ...  A: (1) ..."), or inside a form whose line breaks
	 * were lost: only the copy goes, with what decorates it before it. */
	int before = 0;
	for (size_t k = a; k < ma; k++)
		before += isalpha((unsigned char)buf[k]) != 0;
	int after = 0;
	for (size_t k = mb; k < b && after < 12; k++)
		after += isalnum((unsigned char)buf[k]) != 0;
	if (after >= 12)
		b = mb;
	if (before > 2 && after >= 12)
		a = ma;
	/* The prompt's own question pasted above an answer ("Q: 1. Two
	 * hypotheses for why copy_ and to are present.") still opens that
	 * answer's section: its words are the prompt's, its place is the
	 * learner's. */
	size_t k = a;
	int number = 0;
	while (k < b && (strchr(" \t#*>-.)(", buf[k]) || isdigit((unsigned char)buf[k]) ||
			 ((buf[k] == 'Q' || buf[k] == 'q') && k + 1 < b && (buf[k + 1] == ':' || buf[k + 1] == '.')))) {
		if (isdigit((unsigned char)buf[k]) && number < 1000)
			number = number * 10 + (buf[k] - '0');
		k += (buf[k] == 'Q' || buf[k] == 'q') ? 2 : 1;
	}
	int line = gr_text_line_of(&p->r->text, a) - 1;
	/* The heading may be a word or three in: "One experiment that ...". */
	for (int word = 0; word < 4 && k < mb && p->li[line].echo_section < 0; word++) {
		for (size_t sec = 0; sec < p->ex->nsections && p->li[line].echo_section < 0; sec++) {
			const struct gr_section *sd = &p->ex->sections[sec];
			if (match_at(p, sd->heading_re, sd->heading_first, &sd->heading_gate, k, mb))
				p->li[line].echo_section = (int)sec;
		}
		while (k < mb && buf[k] != ' ')
			k++;
		while (k < mb && buf[k] == ' ')
			k++;
	}
	/* "2. One experiment that would confirm or reject each hypothesis.":
	 * the prompt's numbered question opens the answer of that number. */
	for (size_t sec = 0; sec < p->ex->nsections && p->li[line].echo_section < 0 && number; sec++)
		if (p->ex->sections[sec].number == number)
			p->li[line].echo_section = (int)sec;
	/* A table row copied with the learner's note after it ("| tokenizer.encode
	 * | 0 ms | ... |  <- CPU only, but it's in the latency the user sees"):
	 * the row's name stays, as the subject of the note. */
	size_t ls = a;
	while (ls < ma && buf[ls] == ' ')
		ls++;
	if (after >= 12 && b == mb && ls < ma && buf[ls] == '|') {
		size_t ne = ma;
		while (ne < mb && buf[ne] != ' ' && buf[ne] != '|')
			ne++;
		memset(buf + a, ' ', ma - a);
		a = ne;
	}
	memset(buf + a, ' ', b - a);
	p->r->text.flags |= GR_TEXT_ECHO;
	return 0;
}

/* A title copied as a heading or a ticked box: only decoration before it
 * on its line ("- [x] ", "## ", an emoji), and after it the line's end, a
 * colon, a table pipe or a spaced dash before the learner's own words. A
 * claim in the title's words ("Tokenizer CPU time still adds to request
 * latency (22 ms ...)") is the learner's. */
static int blank_heading_of(void *ctx, size_t a, size_t b)
{
	struct parser *p = ctx;
	const char *buf = p->r->text.buf;
	size_t len = p->r->text.len, k = a;
	while (k > 0 && buf[k - 1] != '\n') {
		k--;
		unsigned char c = (unsigned char)buf[k];
		/* the box's x, between brackets */
		if ((c == 'x' || c == 'X') && k > 0 && buf[k - 1] == '[' && k + 1 < len && buf[k + 1] == ']')
			continue;
		if (c < 0x80 && isalnum(c))
			return 0;
	}
	size_t e = b;
	while (e < len && (buf[e] == ' ' || buf[e] == '*' || buf[e] == '_' || buf[e] == '`'))
		e++;
	int alone = 1;
	for (size_t i = e; i < len && buf[i] != '\n' && alone; i++)
		alone = (unsigned char)buf[i] >= 0x80 || !isalnum((unsigned char)buf[i]);
	int separator = e < len && (buf[e] == ':' || buf[e] == '|' ||
				    (buf[e] == '-' && e > b && e + 1 < len && buf[e + 1] == ' '));
	/* "- [x] Names the range mechanism (record_function / NVTX)": the
	 * title with a gloss in brackets, and nothing after */
	if (!alone && !separator && e < len && buf[e] == '(') {
		const char *nl = memchr(buf + e, '\n', len - e);
		size_t le = nl ? (size_t)(nl - buf) : len, close = le;
		while (close > e && buf[close - 1] != ')')
			close--;
		int rest = 0;
		for (size_t i = close; i < le && !rest; i++)
			rest = (unsigned char)buf[i] < 0x80 && isalnum((unsigned char)buf[i]);
		if (close > e + 1 && !rest)
			return blank_line_of(ctx, a, close);
	}
	if (!alone && !separator)
		return 0;
	return blank_line_of(ctx, a, b);
}

static int blank_echo(struct parser *p)
{
	/* The scan collects every match before the first line is blanked; the
	 * index, built before, stays a safe over-approximation afterwards. */
	struct gr_exercise *mex = (struct gr_exercise *)p->ex; /* lazy JIT only */
	int rc = 0;
	if (p->ex->echo.n)
		rc = gr_patset_scan(&mex->echo, p->r->text.buf, p->r->text.len, p->r->tri, p->s, blank_line_of, p);
	if (rc >= 0 && p->ex->echo_heading.n)
		rc = gr_patset_scan(&mex->echo_heading, p->r->text.buf, p->r->text.len, p->r->tri, p->s,
				    blank_heading_of, p);
	return rc;
}

/* ---- one file for every part ------------------------------------------------ */

/* Which part a line heads ("## Part A - triage", "**Part C**", "PART B:",
 * "Stretch:", "(C)"): its name's length in key[], matched case-insensitively
 * after the line's decoration, with the line short or ending in a colon;
 * 0 when it heads none. */
static size_t part_heading(const char *b, size_t s, size_t e, char *key, size_t cap)
{
	size_t i = s;
	while (i < e && b[i] == ' ')
		i++;
	if (i + 1 < e && strchr("-*+", b[i]) && b[i + 1] == ' ')
		return 0; /* "- Part A: real math": a contrast's bullet, no heading */
	while (i < e && strchr(" #*=_>([", b[i]))
		i++;
	size_t k = 0;
	/* "(A)", "B)", "C:" alone on a line: the part by its letter */
	size_t z = e;
	while (z > i && strchr(" )*_.:", b[z - 1]))
		z--;
	if (z == i + 1 && strchr("abcdABCD", b[i]) && cap > 6) {
		memcpy(key, "part ", 5);
		key[5] = (char)tolower((unsigned char)b[i]);
		key[6] = '\0';
		return 6;
	}
	/* a question's number before the name: "Q1. Part A", "(a) Part A", "Q4 (Stretch)", "2) Part B" */
	size_t q = i;
	if (q < e && (b[q] == 'q' || b[q] == 'Q') && q + 1 < e && isdigit((unsigned char)b[q + 1]))
		q++;
	size_t d = q;
	while (q < e && isalnum((unsigned char)b[q]) && q - d < 2)
		q++;
	if (q > i && q < e && strchr(".):", b[q]))
		q++;
	if (q > i && q < e && b[q] == ' ') {
		while (q < e && (b[q] == ' ' || b[q] == '('))
			q++;
		if (e - q >= 5 && (!strncasecmp(b + q, "part ", 5) || !strncasecmp(b + q, "stretch", 7)))
			i = q;
	}
	if (e - i >= 6 && !strncasecmp(b + i, "part ", 5) && isalnum((unsigned char)b[i + 5]) &&
	    (i + 6 == e || !isalnum((unsigned char)b[i + 6])))
		k = 6;
	else if (e - i >= 7 && !strncasecmp(b + i, "stretch", 7) && (i + 7 == e || !isalnum((unsigned char)b[i + 7])))
		k = 7;
	if (!k || k >= cap)
		return 0;
	size_t t = e;
	while (t > i && strchr(" *_:#=", b[t - 1]))
		t--;
	if (t - i > 48)
		return 0; /* "Part A was about the copies, and ...": a sentence */
	const char *colon = memchr(b + i + k, ':', t - (i + k));
	if (colon && colon + 1 < b + t)
		return 0; /* "Part A: matmul was real math": a claim about that part */
	for (size_t j = i + k; j + 5 <= t; j++)
		if (!strncasecmp(b + j, "part ", 5))
			return 0; /* "Part A vs Part B": a contrast's heading */
	for (size_t j = 0; j < k; j++)
		key[j] = (char)tolower((unsigned char)b[i + j]);
	key[k] = '\0';
	return k;
}

/* This exercise's part, as part_heading() names one: its title's name
 * before the colon, lowercase ("part a" for "Part A: ..."). 0 when the
 * title names none that fits in cap. */
static int own_part(const struct gr_exercise *ex, char *own, size_t cap)
{
	const char *title = ex->title ? ex->title : "";
	const char *colon = strchr(title, ':');
	size_t tn = colon ? (size_t)(colon - title) : strlen(title);
	if (tn == 0 || tn >= cap)
		return 0;
	for (size_t j = 0; j < tn; j++)
		own[j] = (char)tolower((unsigned char)title[j]);
	own[tn] = '\0';
	return 1;
}

/* A file that answers several parts under their headings ("## Part A",
 * "## Part B", ...) is graded on this exercise's part only: the other
 * parts' answers are blanked. This exercise's part is its title's name
 * before the colon ("Part A: ..."). Nothing is blanked unless the file
 * heads this part and two others: a Part B answer heads its contrast with
 * "Part A" too. */
static unsigned keep_own_part(struct parser *p)
{
	char own[16], key[16];
	if (!own_part(p->ex, own, sizeof(own)))
		return 0;
	char *b = p->r->text.buf;
	size_t len = p->r->text.len;
	int mine = 0;
	char seen[4][16]; /* the other parts headed: three in all make it the workbook's file */
	size_t nseen = 0;
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		if (part_heading(b, s, e, key, sizeof(key))) {
			size_t k = 0;
			while (k < nseen && strcmp(seen[k], key))
				k++;
			if (!strcmp(key, own))
				mine = 1;
			else if (k == nseen && nseen < 4)
				strcpy(seen[nseen++], key);
		}
		s = e + 1;
	}
	if (!mine || nseen < 2)
		return 0; /* "## Part B" and a "Part A" heading over its contrast: one part's answer */
	int blank = 0; /* under another part's heading */
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		if (part_heading(b, s, e, key, sizeof(key)))
			blank = strcmp(key, own) != 0;
		if (blank)
			memset(b + s, ' ', e - s);
		s = e + 1;
	}
	return GR_TEXT_OTHER_PARTS;
}

/* Does a line of b[0, len) head this exercise's part (own: own_part())? */
static int heads_own_part(const char *b, size_t len, const char *own)
{
	char key[16];
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(b + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - b) : len;
		if (part_heading(b, s, e, key, sizeof(key)) && !strcmp(key, own))
			return 1;
		s = e + 1;
	}
	return 0;
}

/* A file started for another exercise, whose first line is the command
 * that started it ("grader new part-b", "$ grader grade part-b
 * answers/part-b.md"), answers that exercise, not this one: it is blanked
 * (nothing in it earns this exercise's points) and the other id kept in
 * r->other for the warning that says which file to grade. Not when the
 * file also heads this exercise's part (a workbook's one file). */
static void other_exercise(struct parser *p)
{
	char *b = p->r->text.buf;
	size_t len = p->r->text.len, i = 0;
	while (i < len && (b[i] == ' ' || b[i] == '\n'))
		i++;
	while (i < len && strchr("$>`# ", b[i]))
		i++;
	size_t id, n;
	if (!(i = grader_command(b, i, len, &id, &n)) || n >= sizeof(p->r->other) || (i < len && !strchr(" `\n", b[i])))
		return; /* a path ("exercises/part-b.yaml") or nothing named */
	const char *own_id = p->ex->id ? p->ex->id : "";
	char said[sizeof(p->r->other)];
	said_id(b + id, n, said, sizeof(said));
	if (!strcasecmp(said, own_id))
		return;
	char own[16];
	if (own_part(p->ex, own, sizeof(own)) && heads_own_part(b, len, own))
		return;
	memcpy(p->r->other, said, sizeof(said));
	for (size_t k = 0; k < len; k++)
		if (b[k] != '\n')
			b[k] = ' ';
}

int gr_report_parse(struct gr_report *r, const struct gr_exercise *ex, struct gr_text *text,
		    struct gr_scratch *s, struct gr_error *err)
{
	memset(r, 0, sizeof(*r));
	r->text = *text;
	memset(text, 0, sizeof(*text));
	r->ex = ex;
	struct gr_scratch tmp = { 0 };
	if (!s) {
		if (gr_scratch_init(&tmp)) {
			gr_text_free(&r->text);
			return gr_error_set(err, GR_ENOMEM, NULL, 0, 0, "out of memory");
		}
		s = &tmp;
	}
	struct parser p = { .r = r, .ex = ex, .buf = r->text.buf, .nl = r->text.nlines, .s = s };
	r->fields = calloc(ex->nfields ? ex->nfields : 1, sizeof(*r->fields));
	r->sections = calloc(ex->nsections ? ex->nsections : 1, sizeof(*r->sections));
	r->label_line = calloc(p.nl + 1, 1);
	r->code_line = calloc(p.nl + 1, 1);
	r->old_line = calloc(p.nl + 1, 1);
	p.li = calloc(p.nl + 1, sizeof(*p.li));
	p.md = s->md;
	int rc = 0;
	if (!r->fields || !r->sections || !r->label_line || !r->code_line || !r->old_line || !p.li || !p.md)
		goto nomem;
	other_exercise(&p);
	r->text.flags |= keep_own_part(&p);
	/* Apart from the report: 24 KiB that nothing else needs zeroed. */
	r->tri = malloc(sizeof(*r->tri));
	if (!r->tri || gr_trigrams_build(r->tri, r->text.buf, r->text.len) < 0)
		goto nomem;
	for (size_t i = 0; i < p.nl; i++)
		p.li[i].echo_section = -1;
	if (blank_echo(&p) < 0)
		goto nomem;
	for (size_t i = 0; i < p.nl; i++) {
		p.li[i].off = r->text.lines[i].off;
		p.li[i].len = r->text.lines[i].len;
	}
	find_colonless(&p);
	for (size_t i = 0; i < p.nl; i++) {
		scan_line(&p, &p.li[i]);
		if (p.li[i].echo_section >= 0 && p.li[i].field < 0)
			p.li[i].section = p.li[i].echo_section;
	}
	read_turns(&p);
	drop_stray_aliases(&p);
	fields_in_sections(&p);
	mark_code(&p);
	mark_old_blocks(&p);
	mark_argued(&p);
	find_fields(&p);
	label_header_tables(&p);
	noted_fields(&p);
	for (size_t f = 0; f < ex->nfields; f++) {
		struct gr_report_field *rf = &r->fields[f];
		rf->misspelled = rf->state == GR_FIELD_ALIASED && rf->line > 0 && p.li[rf->line - 1].misspelled &&
				 p.li[rf->line - 1].field == (int)f;
	}
	if (find_sentences(&p) < 0 || find_clauses(&p) < 0 || find_items(&p) < 0)
		goto nomem;
	replaced_fields(&p);
	if (link_footnotes(&p) < 0)
		goto nomem;
	footnoted_fields(&p);
	infer_fields(&p);
	keep_choice(&p);
	find_sections(&p);
	if (find_deferred(&p) < 0 || deferred_columns(&p) < 0)
		goto nomem;
	r->words = count_words(&p);
	goto done;
nomem:
	rc = gr_error_set(err, GR_ENOMEM, NULL, 0, 0, "out of memory");
	gr_report_free(r);
done:
	free(p.li);
	gr_scratch_free(&tmp);
	return rc;
}

int gr_report_from_string(struct gr_report *r, const struct gr_exercise *ex, const char *str,
			  size_t len, const char *name, struct gr_scratch *s, struct gr_error *err)
{
	struct gr_text t;
	int rc = gr_text_normalize(str, len, name, &t, err);
	if (rc)
		return rc;
	return gr_report_parse(r, ex, &t, s, err);
}

int gr_report_load(struct gr_report *r, const struct gr_exercise *ex, const char *path,
		   size_t max_size, struct gr_scratch *s, struct gr_error *err)
{
	char *buf;
	size_t len;
	int rc = gr_read_file(path, max_size, &buf, &len, err);
	if (rc)
		return rc;
	rc = gr_report_from_string(r, ex, buf, len, path, s, err);
	free(buf);
	return rc;
}

void gr_report_free(struct gr_report *r)
{
	if (!r)
		return;
	gr_text_free(&r->text);
	free(r->fields);
	free(r->sections);
	free(r->items);
	free(r->sentences);
	free(r->clauses);
	free(r->clause_sentence);
	free(r->label_line);
	free(r->code_line);
	free(r->old_line);
	free(r->note_of);
	free(r->deferred);
	if (r->tri)
		gr_trigrams_free(r->tri);
	free(r->tri);
	memset(r, 0, sizeof(*r));
}
