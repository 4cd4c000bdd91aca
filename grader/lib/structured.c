/*
 * structured.c - a report written as data, read as the labelled lines it
 * stands for (see structured.h).
 *
 * JSON is validated by jansson, then rewritten token by token so each value
 * stays on its line. The line formats (YAML, TOML/INI, CSV) are rewritten
 * line by line, once most of the document's lines are of the format.
 */
#include "structured.h"

#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct out {
	char *p;
	size_t n;
	int used;    /* something written on the current line */
	int compact; /* JSON on a line or two: each member gets a line of its own */
};

static void put(struct out *o, const char *s, size_t k)
{
	memcpy(o->p + o->n, s, k);
	o->n += k;
	o->used = 1;
}

static void newline(struct out *o)
{
	o->p[o->n++] = '\n';
	o->used = 0;
}

/* Another item on a line that has one: "workload: 7B; hardware: L4", or
 * a line of its own when the JSON was written on one line. */
static void separate(struct out *o)
{
	if (o->used && o->compact)
		newline(o);
	else if (o->used)
		put(o, "; ", 2);
}

/* A key: "topCudaTime" and "top-cuda-time" read "top cuda time"; an
 * underscore stays ("top_cuda_time" is a label, exercise.c, and
 * "h2d_inputs" may be a range's name), and a key with spaces as it is. */
static void put_key(struct out *o, const char *k, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = k[i];
		if (c == '-' && i > 0 && i + 1 < n && isalnum((unsigned char)k[i - 1]) && isalnum((unsigned char)k[i + 1])) {
			put(o, " ", 1);
			continue;
		}
		if (isupper((unsigned char)c) && i > 0 && islower((unsigned char)k[i - 1]))
			put(o, " ", 1);
		put(o, &c, 1);
	}
}

static void put_utf8(struct out *o, unsigned cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	put(o, u, n);
}

static unsigned hex4(const char *s)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		v = v << 4 | (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

/* The end of the JSON string whose opening quote is at b[i]: the index of
 * its closing quote (the text is valid JSON: there is one). */
static size_t string_end(const char *b, size_t len, size_t i)
{
	for (size_t j = i + 1; j < len; j++) {
		if (b[j] == '\\')
			j++;
		else if (b[j] == '"')
			return j;
	}
	return len;
}

/* Write the JSON string s[0, n) (between its quotes) decoded. An escaped
 * line break inside it becomes a space, and a last one is dropped (a
 * notebook's source lines each end in one): lines stay lines. */
static void put_string(struct out *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\\' || i + 1 >= n) {
			put(o, s + i, 1);
			continue;
		}
		char e = s[++i];
		if (e == 'n' || e == 'r' || e == 't') {
			if (i + 1 < n)
				put(o, " ", 1);
		} else if (e == 'u' && i + 4 < n) {
			unsigned cp = hex4(s + i + 1);
			i += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && i + 6 < n && s[i + 1] == '\\' && s[i + 2] == 'u') {
				unsigned lo = hex4(s + i + 3);
				if (lo >= 0xDC00 && lo < 0xE000) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
					i += 6;
				}
			}
			if (cp >= 0xD800 && cp < 0xE000)
				cp = 0xFFFD;
			if (cp)
				put_utf8(o, cp);
		} else if (e == 'b' || e == 'f') {
			/* control characters: nothing */
		} else {
			put(o, &e, 1); /* \" \\ \/ */
		}
	}
}

static int same(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && !memcmp(s, lit, n);
}

#define JSON_DEPTH 64

struct frame {
	char array;  /* a list, not an object */
	char source; /* a notebook cell's source */
};

/* Rewrite valid JSON: an object's members as "key: value" lines, a list's
 * items as "- item", nested containers as a "key:" line over their items.
 * A notebook keeps only its cells' sources, a code cell's fenced. */
static size_t json_plain(const char *b, size_t len, char *outp, int notebook)
{
	size_t lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += b[i] == '\n';
	struct out o = { outp, 0, 0, lines <= 2 };
	struct frame st[JSON_DEPTH];
	size_t depth = 0, lost = 0; /* lost: containers deeper than JSON_DEPTH */
	const char *key = NULL;
	size_t kn = 0;
	int code = 0; /* the notebook cell at hand is code */
	for (size_t i = 0; i < len;) {
		char c = b[i];
		if (c == '\n') {
			newline(&o);
			i++;
		} else if (c == '"') {
			size_t e = string_end(b, len, i), k = e + 1;
			while (k < len && strchr(" \t\r\n", b[k]))
				k++;
			if (k < len && b[k] == ':') { /* a member's name */
				key = b + i + 1;
				kn = e - i - 1;
				i = e + 1;
				continue;
			}
			const char *s = b + i + 1;
			size_t n = e - i - 1;
			int in_source = depth && st[depth - 1].source && !lost;
			if (notebook) {
				if (key && same(key, kn, "cell_type")) {
					code = same(s, n, "code");
					if (code)
						put(&o, "```", 3); /* the fence opens where the cell says it is code */
				} else if (in_source || (key && same(key, kn, "source"))) {
					put_string(&o, s, n);
				}
			} else {
				separate(&o);
				if (key && depth && !st[depth - 1].array) {
					put(&o, "- ", 2); /* a member is an item of its own: its sentence ends with it */
					put_key(&o, key, kn);
					put(&o, ": ", 2);
				} else if (depth && st[depth - 1].array) {
					put(&o, "- ", 2);
				}
				put_string(&o, s, n);
			}
			key = NULL;
			i = e + 1;
		} else if (c == '{' || c == '[') {
			int source = notebook && key && same(key, kn, "source") && c == '[';
			if (!notebook && key) {
				separate(&o);
				put_key(&o, key, kn);
				put(&o, ": ", 2);
				o.used = o.compact; /* "hypotheses: - casts; - H2D": its first item follows the label,
						     * or, one to a line, goes under it */
			}
			if (depth < JSON_DEPTH && !lost)
				st[depth++] = (struct frame){ c == '[', (char)source };
			else
				lost++;
			key = NULL;
			i++;
		} else if (c == '}' || c == ']') {
			if (lost) {
				lost--;
			} else if (depth) {
				depth--;
				if (st[depth].source && code) {
					separate(&o);
					put(&o, "```", 3);
				}
			}
			key = NULL;
			i++;
		} else if (strchr(" \t\r,:", c)) {
			i++;
		} else { /* a number, true, false or null */
			size_t j = i;
			while (j < len && !strchr(",]} \t\r\n", b[j]))
				j++;
			if (!notebook && !same(b + i, j - i, "null")) {
				separate(&o);
				if (key && depth && !st[depth - 1].array) {
					put(&o, "- ", 2);
					put_key(&o, key, kn);
					put(&o, ": ", 2);
				} else if (depth && st[depth - 1].array) {
					put(&o, "- ", 2);
				}
				put(&o, b + i, j - i);
			}
			key = NULL;
			i = j;
		}
	}
	o.p[o.n] = '\0';
	return o.n;
}

/* ---- line formats: YAML, TOML/INI, CSV -------------------------------------- */

static size_t skip_sp(const char *b, size_t i, size_t e)
{
	while (i < e && b[i] == ' ')
		i++;
	return i;
}

/* A key of the data's own: letters, digits, '_', '-' and '.', opening with a letter. */
static size_t key_end(const char *b, size_t i, size_t e)
{
	if (i >= e || !isalpha((unsigned char)b[i]))
		return i;
	while (i < e && (isalnum((unsigned char)b[i]) || b[i] == '_' || b[i] == '-' || b[i] == '.'))
		i++;
	return i;
}

/* An identifier a person would not write as a label: "top_cuda_time", "topCudaTime". */
static int identifier_key(const char *b, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (b[i] == '_' || (i > s && isupper((unsigned char)b[i]) && islower((unsigned char)b[i - 1])))
			return 1;
	return 0;
}

/* Write the value v[0, n) without its quotes: "\"7B decode\"" reads 7B decode. */
static void put_value(struct out *o, const char *v, size_t n)
{
	while (n && v[n - 1] == ' ')
		n--;
	if (n >= 6 && (!strncmp(v, "\"\"\"", 3) || !strncmp(v, "'''", 3)) && !strncmp(v + n - 3, v, 3)) {
		v += 3;
		n -= 6;
	} else if (n >= 3 && (!strncmp(v, "\"\"\"", 3) || !strncmp(v, "'''", 3))) {
		v += 3; /* a multi-line string opens: its text goes on */
		n -= 3;
	} else if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		v++;
		n -= 2;
	}
	if (n)
		put(o, v, n);
}

enum fmt { FMT_NONE, FMT_YAML, FMT_TOML, FMT_CSV, FMT_TSV };

/* "top_cuda_time    matmul 38.4 ms": a key, a gap of two spaces or more
 * (a tab, once tabs are spaces), a value. Where the value starts, or 0. */
static size_t tsv_value(const char *b, size_t s, size_t e)
{
	size_t ke = key_end(b, s, e), v = skip_sp(b, ke, e);
	return ke > s && v - ke >= 2 && v < e ? v : 0;
}

/* Which line format is the document, if any: most of its lines are of it. */
static enum fmt line_format(const char *b, size_t len)
{
	size_t content = 0, yaml = 0, ykeys = 0, yident = 0, toml = 0, tkeys = 0, csv = 0, tsv = 0, tident = 0;
	size_t miss = 0; /* lines of none of the formats: prose gives up early */
	char sep = 0;
	for (size_t ls = 0, le; ls < len; ls = le + 1) {
		const char *nl = memchr(b + ls, '\n', len - ls);
		le = nl ? (size_t)(nl - b) : len;
		size_t s = skip_sp(b, ls, le), e = le;
		if (s == e)
			continue;
		content++;
		int hit = 1;
		if (b[s] == '#') {
			yaml++;
			toml++;
		} else if (b[s] == ';' || (b[s] == '[' && b[e - 1] == ']')) {
			toml++;
		} else if (b[s] == '-' && (s + 1 == e || b[s + 1] == ' ')) {
			yaml++;
		} else if (s > ls) {
			yaml++; /* an indented line: a block's text, a nested key */
		} else {
			hit = 0;
			size_t ke = key_end(b, s, e);
			if (ke > s) {
				size_t a = skip_sp(b, ke, e);
				if (a < e && b[a] == ':' && (a + 1 == e || b[a + 1] == ' ') && a == ke) {
					yaml++;
					ykeys++;
					yident += identifier_key(b, s, ke);
					hit = 1;
				} else if (a < e && b[a] == '=') {
					toml++;
					tkeys++;
					hit = 1;
				} else if (tsv_value(b, s, e)) {
					tsv++;
					tident += identifier_key(b, s, ke);
					hit = 1;
				}
			}
		}
		if (!sep) { /* the first line: a header row, "field,value" */
			const char *comma = memchr(b + s, ',', e - s);
			sep = comma && (size_t)(comma - (b + s)) < 20 && e - s < 40 && !memchr(b + s, ':', e - s) ? ',' : 1;
			csv += sep == ',';
			hit |= sep == ',';
		} else if (sep == ',' && memchr(b + s, ',', e - s)) {
			csv++;
			hit = 1;
		}
		miss += !hit;
		if (content >= 5 && miss * 4 > content)
			return FMT_NONE;
	}
	if (content < 3)
		return FMT_NONE;
	if (tkeys >= 3 && toml * 10 >= content * 8)
		return FMT_TOML;
	if (ykeys >= 3 && yident >= 2 && yaml * 10 >= content * 8)
		return FMT_YAML;
	if (sep == ',' && csv == content)
		return FMT_CSV;
	if (tsv * 10 >= content * 8 && tident >= 2)
		return FMT_TSV;
	return FMT_NONE;
}

static void yaml_line(struct out *o, const char *b, size_t s, size_t e, int *block)
{
	size_t i = skip_sp(b, s, e);
	if (i == e || b[i] == '#' || ((e - i == 3) && (!strncmp(b + i, "---", 3) || !strncmp(b + i, "...", 3))))
		return; /* a comment, a document marker: not the answer */
	if (*block && i > s) { /* the text of "key: |" */
		put(o, b + i, e - i);
		return;
	}
	*block = 0;
	put(o, b + s, i - s);
	int item = b[i] == '-' && i + 1 < e && b[i + 1] == ' ';
	if (item) {
		put(o, "- ", 2);
		i = skip_sp(b, i + 2, e);
	}
	size_t ke = key_end(b, i, e);
	if (ke > i && ke < e && b[ke] == ':' && (ke + 1 == e || b[ke + 1] == ' ')) {
		if (!item)
			put(o, "- ", 2); /* a key is an item of its own: its sentence ends with it */
		put_key(o, b + i, ke - i);
		put(o, ":", 1);
		size_t v = skip_sp(b, ke + 1, e);
		if (v < e && (b[v] == '|' || b[v] == '>') && e - v <= 3) {
			*block = 1; /* "next_experiment: >-": the value is the lines below */
			return;
		}
		if (v < e) {
			put(o, " ", 1);
			put_value(o, b + v, e - v);
		}
		return;
	}
	put_value(o, b + i, e - i);
}

static void toml_line(struct out *o, const char *b, size_t s, size_t e)
{
	size_t i = skip_sp(b, s, e);
	if (i == e || b[i] == '#' || b[i] == ';')
		return; /* a comment */
	if (b[i] == '[' && b[e - 1] == ']') { /* "[not_yet]", "[[hypotheses]]": a heading */
		size_t a = i, z = e;
		while (a < z && b[a] == '[')
			a++;
		while (z > a && b[z - 1] == ']')
			z--;
		put(o, "## ", 3);
		put_key(o, b + a, z - a);
		return;
	}
	size_t ke = key_end(b, i, e), a = skip_sp(b, ke, e);
	if (ke > i && a < e && b[a] == '=') {
		put(o, "- ", 2); /* a key is an item of its own: its sentence ends with it */
		put_key(o, b + i, ke - i);
		put(o, ": ", 2);
		size_t v = skip_sp(b, a + 1, e);
		put_value(o, b + v, e - v);
		return;
	}
	/* the rest of a multi-line string, its closing quotes dropped */
	size_t n = e - i;
	if (n >= 3 && (!strncmp(b + e - 3, "\"\"\"", 3) || !strncmp(b + e - 3, "'''", 3)))
		n -= 3;
	put(o, b + i, n);
}

/* "top_cuda_time    matmul ..." reads "top cuda time: matmul ..."; the
 * header row ("key    value") says nothing. */
static void tsv_line(struct out *o, const char *b, size_t s, size_t e, int *header)
{
	size_t v = s < e ? tsv_value(b, s, e) : 0;
	if (!v) {
		if (s < e)
			put(o, b + s, e - s);
		return;
	}
	if (*header) {
		*header = 0;
		if (!identifier_key(b, s, key_end(b, s, e)) && e - s < 40)
			return;
	}
	put(o, "- ", 2);
	put_key(o, b + s, key_end(b, s, e) - s);
	put(o, ": ", 2);
	put_value(o, b + v, e - v);
}

/* "Top CUDA time,\"aten::copy_ 61%\"" reads "Top CUDA time: aten::copy_ 61%". */
static void csv_line(struct out *o, const char *b, size_t s, size_t e, int header)
{
	if (header)
		return;
	int cell = 0;
	for (size_t i = s; i <= e && i < e + 1;) {
		size_t j = i;
		if (j < e && b[j] == '"') { /* a quoted cell, "" inside it a quote */
			if (cell)
				put(o, cell == 1 ? ": " : ", ", 2);
			for (j++; j < e; j++) {
				if (b[j] == '"' && j + 1 < e && b[j + 1] == '"') {
					put(o, "\"", 1);
					j++;
				} else if (b[j] == '"') {
					j++;
					break;
				} else {
					put(o, b + j, 1);
				}
			}
			while (j < e && b[j] != ',')
				j++;
		} else {
			while (j < e && b[j] != ',')
				j++;
			if (cell)
				put(o, cell == 1 ? ": " : ", ", 2);
			put(o, b + i, j - i);
		}
		cell++;
		if (j >= e)
			break;
		i = j + 1;
	}
}

static size_t lines_plain(const char *b, size_t len, char *outp)
{
	enum fmt f = line_format(b, len);
	if (f == FMT_NONE)
		return 0;
	if (!outp)
		return 1;
	struct out o = { outp, 0, 0, 0 };
	int block = 0, header = 1;
	for (size_t s = 0, e; s <= len; s = e + 1) {
		const char *nl = memchr(b + s, '\n', len - s);
		e = nl ? (size_t)(nl - b) : len;
		if (f == FMT_YAML)
			yaml_line(&o, b, s, e, &block);
		else if (f == FMT_TOML)
			toml_line(&o, b, s, e);
		else if (f == FMT_TSV)
			tsv_line(&o, b, s, e, &header);
		else if (skip_sp(b, s, e) < e) {
			csv_line(&o, b, s, e, header);
			header = 0;
		}
		if (!nl)
			break;
		newline(&o);
	}
	o.p[o.n] = '\0';
	return o.n ? o.n : (o.p[0] = '\n', o.p[1] = '\0', 1);
}

size_t gr_structured_room(size_t len)
{
	return 2 * len + 64; /* keys grow by a space per camel hump; the rest shrinks */
}

size_t gr_structured_json(const char *buf, size_t len, char *out)
{
	size_t i = 0;
	while (i < len && strchr(" \t\r\n", buf[i]))
		i++;
	if (i >= len || (buf[i] != '{' && buf[i] != '['))
		return 0;
	json_error_t err;
	json_t *root = json_loadb(buf, len, 0, &err);
	if (!root)
		return 0;
	json_t *cells = json_is_object(root) ? json_object_get(root, "cells") : NULL;
	int notebook = cells && json_is_array(cells);
	json_decref(root);
	size_t n = json_plain(buf, len, out, notebook);
	if (!n) { /* "{}": nothing said, one empty line */
		out[0] = '\n';
		out[1] = '\0';
		n = 1;
	}
	return n;
}

size_t gr_structured_lines(const char *buf, size_t len, char *out)
{
	return lines_plain(buf, len, out);
}
