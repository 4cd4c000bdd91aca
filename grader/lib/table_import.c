/*
 * table_import.c - real profiler output -> gr_table rows: PyTorch's
 * key_averages().table() text, Kineto/Chrome trace JSON (jansson) and
 * `nsys stats` CSV. See table_import.h for what each format contributes.
 *
 * Every parser works on an in-memory copy of the file, reports errors with a
 * 1-based line (and column where it means something), and appends rows only
 * through rowmap_add(), which merges rows of the same op by name.
 */
#include "table_import.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chars.h"

#define IMPORT_MAX_BYTES (512u << 20) /* refuse inputs over 512 MiB */
#define NSYS_MAX_FIELDS 64            /* columns in one nsys CSV line */
#define CELL_MAX 512                  /* longest numeric cell we copy */

static int fail(struct gr_import_error *err, int code, size_t line, size_t col,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(struct gr_import_error *err, int code, size_t line, size_t col,
		const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
		err->line = line;
		err->col = col;
	}
	return code;
}

/* ---- formats ---------------------------------------------------------- */

static const char *const format_names[] = { "auto", "pytorch", "chrome", "nsys" };

int gr_import_format_parse(const char *name, enum gr_import_format *out)
{
	for (size_t i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++) {
		if (strcmp(name, format_names[i]) == 0) {
			*out = (enum gr_import_format)i;
			return 0;
		}
	}
	return -1;
}

const char *gr_import_format_name(enum gr_import_format f)
{
	if ((size_t)f < sizeof(format_names) / sizeof(format_names[0]))
		return format_names[f];
	return "unknown";
}

/* ---- lines ------------------------------------------------------------ */

struct line {
	const char *s; /* start, not NUL-terminated */
	size_t len;    /* without the line ending */
};

/* Split text into lines (LF or CRLF). Returns the count, or -1 out of memory. */
static long split_lines(const char *text, size_t len, struct line **out)
{
	size_t cap = 64, n = 0, start = 0;
	struct line *v = malloc(cap * sizeof(*v));
	if (!v)
		return -1;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n')
			continue;
		if (i == len && start == len)
			break;
		size_t l = i - start;
		if (l && text[start + l - 1] == '\r')
			l--;
		if (n == cap) {
			struct line *nv = realloc(v, cap * 2 * sizeof(*v));
			if (!nv) {
				free(v);
				return -1;
			}
			v = nv;
			cap *= 2;
		}
		v[n++] = (struct line){ text + start, l };
		start = i + 1;
	}
	*out = v;
	return (long)n;
}

static void trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

static int starts_with(const char *s, size_t n, const char *prefix)
{
	size_t p = strlen(prefix);
	return n >= p && memcmp(s, prefix, p) == 0;
}

static int contains(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

/* ---- rows by name ----------------------------------------------------- */

/* Open-addressing map op name -> row index of the table being filled. */
struct rowmap {
	struct gr_table *t;
	size_t *slots; /* row index + 1; 0 = empty */
	size_t cap;    /* power of two */
};

static int rowmap_init(struct rowmap *m, struct gr_table *t)
{
	m->t = t;
	m->cap = 64;
	while (m->cap < t->len * 2 + 16)
		m->cap *= 2;
	m->slots = calloc(m->cap, sizeof(*m->slots));
	if (!m->slots)
		return -1;
	for (size_t i = 0; i < t->len; i++) {
		size_t h = gr_str_hash(t->rows[i].op) & (m->cap - 1);
		while (m->slots[h])
			h = (h + 1) & (m->cap - 1);
		m->slots[h] = i + 1;
	}
	return 0;
}

static int rowmap_grow(struct rowmap *m)
{
	size_t *old = m->slots, oldcap = m->cap;
	m->cap *= 2;
	m->slots = calloc(m->cap, sizeof(*m->slots));
	if (!m->slots) {
		m->slots = old;
		m->cap = oldcap;
		return -1;
	}
	for (size_t i = 0; i < oldcap; i++) {
		if (!old[i])
			continue;
		size_t h = gr_str_hash(m->t->rows[old[i] - 1].op) & (m->cap - 1);
		while (m->slots[h])
			h = (h + 1) & (m->cap - 1);
		m->slots[h] = old[i];
	}
	free(old);
	return 0;
}

/* Add to the row named op, creating it. count_calls = 0 adds calls only to a
 * new row (a second report about the same operations, e.g. nsys sizes). */
static int rowmap_add(struct rowmap *m, const char *op, double cuda_ms, double cpu_ms,
		      long long calls, double bytes, int count_calls)
{
	if ((m->t->len + 1) * 10 > m->cap * 7 && rowmap_grow(m) < 0)
		return -1;
	size_t h = gr_str_hash(op) & (m->cap - 1);
	while (m->slots[h]) {
		struct gr_table_row *r = &m->t->rows[m->slots[h] - 1];
		if (strcmp(r->op, op) == 0) {
			r->cuda_ms += cuda_ms;
			r->cpu_ms += cpu_ms;
			if (count_calls)
				r->calls += calls;
			r->memory_bytes += bytes;
			return 0;
		}
		h = (h + 1) & (m->cap - 1);
	}
	if (gr_table_push(m->t, op, cuda_ms, cpu_ms, calls, bytes) < 0)
		return -1;
	m->slots[h] = m->t->len;
	return 0;
}

/* ---- numbers with units ----------------------------------------------- */

/* Copy a cell into buf as a C string, dropping thousands separators. */
static int cell_copy(char *buf, size_t cap, const char *s, size_t n, int drop_commas)
{
	size_t k = 0;
	trim(&s, &n);
	for (size_t i = 0; i < n; i++) {
		if (drop_commas && s[i] == ',')
			continue;
		if (k + 1 >= cap)
			return -1;
		buf[k++] = s[i];
	}
	buf[k] = '\0';
	return k ? 0 : -1;
}

/* "2.146ms", "0.000us", "1.5 s", "12µs" -> milliseconds. */
static int parse_time_ms(const char *s, size_t n, double *ms)
{
	char buf[CELL_MAX], *end;
	if (cell_copy(buf, sizeof(buf), s, n, 1) < 0)
		return -1;
	errno = 0;
	double v = strtod(buf, &end);
	if (end == buf || errno == ERANGE || !isfinite(v))
		return -1;
	while (*end == ' ')
		end++;
	static const struct { const char *unit; double to_ms; } units[] = {
		{ "ns", 1e-6 }, { "us", 1e-3 }, { "\xc2\xb5s", 1e-3 }, { "\xce\xbcs", 1e-3 },
		{ "ms", 1.0 },  { "s", 1e3 },
	};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].unit) == 0) {
			*ms = v * units[i].to_ms;
			return 0;
		}
	}
	return -1;
}

/* "1.50 Gb", "-12.00 Mb", "0 b", "2.8 GiB" -> bytes (1024-based, PyTorch's). */
static int parse_bytes(const char *s, size_t n, double *bytes)
{
	char buf[CELL_MAX], *end;
	if (cell_copy(buf, sizeof(buf), s, n, 1) < 0)
		return -1;
	errno = 0;
	double v = strtod(buf, &end);
	if (end == buf || errno == ERANGE || !isfinite(v))
		return -1;
	while (*end == ' ')
		end++;
	double mul;
	switch (toupper((unsigned char)*end)) {
	case '\0': mul = 1; break;
	case 'B': mul = 1; end--; break;
	case 'K': mul = 1024.0; break;
	case 'M': mul = 1024.0 * 1024; break;
	case 'G': mul = 1024.0 * 1024 * 1024; break;
	case 'T': mul = 1024.0 * 1024 * 1024 * 1024; break;
	default: return -1;
	}
	if (*end) {
		end++;
		if (*end == 'i')
			end++;
		if (*end != 'b' && *end != 'B')
			return -1;
		end++;
	}
	if (*end)
		return -1;
	*bytes = v * mul;
	return 0;
}

/* A plain count or number, thousands separators allowed. */
static int parse_number(const char *s, size_t n, double *out)
{
	char buf[CELL_MAX], *end;
	if (cell_copy(buf, sizeof(buf), s, n, 1) < 0)
		return -1;
	errno = 0;
	double v = strtod(buf, &end);
	if (end == buf || *end || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* ---- pytorch: key_averages().table() ---------------------------------- */

static int is_sep_line(const struct line *l)
{
	const char *s = l->s;
	size_t n = l->len;
	trim(&s, &n);
	if (n < 3 || s[0] != '-')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '-' && s[i] != ' ')
			return 0;
	return 1;
}

struct span {
	size_t start, end; /* byte columns [start, end) */
};

struct pt_cols {
	int name, cpu_total, dev_total, calls, dev_mem, cpu_mem;
};

static void pt_cell(const struct line *l, const struct span *sp, const char **s, size_t *n)
{
	if (sp->start >= l->len) {
		*s = l->s + l->len;
		*n = 0;
		return;
	}
	size_t end = sp->end < l->len ? sp->end : l->len;
	*s = l->s + sp->start;
	*n = end - sp->start;
	trim(s, n);
}

/* Cells of a table line: split on runs of 2+ spaces when that yields every
 * column (PyTorch pads but never cuts, so a 13-character header or a long
 * value pushes the rest right), else cut at the separator's columns. */
#define PT_MAX_COLS 64
static void pt_cells(const struct line *l, const struct span *spans, size_t nspans,
		     const char **cs, size_t *cn)
{
	const char *ts = l->s;
	size_t tn = l->len, ncells = 0;
	trim(&ts, &tn);
	for (size_t p = 0; p < tn && ncells <= nspans;) {
		size_t q = p;
		while (q < tn && !(ts[q] == ' ' && q + 1 < tn && ts[q + 1] == ' '))
			q++;
		if (ncells < nspans) {
			cs[ncells] = ts + p;
			cn[ncells] = q - p;
		}
		ncells++;
		while (q < tn && ts[q] == ' ')
			q++;
		p = q;
	}
	if (ncells == nspans)
		return;
	for (size_t k = 0; k < nspans; k++)
		pt_cell(l, &spans[k], &cs[k], &cn[k]);
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);
	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

static int import_pytorch(const char *text, size_t len, struct gr_table *out,
			  struct gr_import_info *info, struct gr_import_error *err)
{
	struct line *lines = NULL;
	struct span *spans = NULL;
	long nl = split_lines(text, len, &lines);
	int rc = 0;
	if (nl < 0)
		return fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");

	/* A separator, a header with "Name", a separator. */
	long hdr = -1;
	for (long i = 0; i + 2 < nl; i++) {
		if (is_sep_line(&lines[i]) && contains(lines[i + 1].s, lines[i + 1].len, "Name") &&
		    is_sep_line(&lines[i + 2])) {
			hdr = i + 1;
			break;
		}
	}
	if (hdr < 0) {
		rc = fail(err, GR_IMPORT_EFORMAT, 0, 0,
			  "no PyTorch profiler table found (a dashed line, a header with 'Name', a dashed line)");
		goto done;
	}

	/* Columns are the runs of dashes in the separator under the header. */
	const struct line *sep = &lines[hdr + 1];
	size_t nspans = 0;
	spans = calloc(sep->len / 2 + 1, sizeof(*spans));
	if (!spans) {
		rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < sep->len;) {
		if (sep->s[i] != '-') {
			i++;
			continue;
		}
		size_t j = i;
		while (j < sep->len && sep->s[j] == '-')
			j++;
		spans[nspans++] = (struct span){ i, j };
		i = j;
	}

	if (nspans > PT_MAX_COLS) {
		rc = fail(err, GR_IMPORT_EFORMAT, (size_t)hdr + 1, 0,
			  "PyTorch table has %zu columns, at most %d are read", nspans, PT_MAX_COLS);
		goto done;
	}
	const char *hs[PT_MAX_COLS];
	size_t hns[PT_MAX_COLS];
	pt_cells(&lines[hdr], spans, nspans, hs, hns);
	struct pt_cols c = { -1, -1, -1, -1, -1, -1 };
	for (size_t k = 0; k < nspans; k++) {
		const char *h = hs[k];
		size_t hn = hns[k];
		int self = starts_with(h, hn, "Self ");
		if (hn == 4 && memcmp(h, "Name", 4) == 0)
			c.name = (int)k;
		else if (hn == 9 && memcmp(h, "CPU total", 9) == 0)
			c.cpu_total = (int)k;
		else if (!self && ends_with(h, hn, " total") && !contains(h, hn, "%"))
			c.dev_total = (int)k;
		else if (hn == 10 && memcmp(h, "# of Calls", 10) == 0)
			c.calls = (int)k;
		else if (hn == 7 && memcmp(h, "CPU Mem", 7) == 0)
			c.cpu_mem = (int)k;
		else if (!self && ends_with(h, hn, " Mem"))
			c.dev_mem = (int)k;
	}
	if (c.name < 0 || c.calls < 0 || (c.cpu_total < 0 && c.dev_total < 0)) {
		rc = fail(err, GR_IMPORT_EFORMAT, (size_t)hdr + 1, 0,
			  "PyTorch table header lacks %s",
			  c.name < 0 ? "a 'Name' column" :
			  c.calls < 0 ? "a '# of Calls' column" : "a 'CPU total' or device 'total' column");
		goto done;
	}

	for (long i = hdr + 2; i < nl; i++) {
		const struct line *l = &lines[i];
		if (is_sep_line(l))
			break; /* the footers ("Self CPU time total: ...") follow */
		const char *ts = l->s;
		size_t tn = l->len;
		trim(&ts, &tn);
		if (!tn)
			continue;
		const char *cs[PT_MAX_COLS];
		size_t cn[PT_MAX_COLS];
		pt_cells(l, spans, nspans, cs, cn);
		if (!cn[c.name])
			continue; /* a stack or shape continuation line */

		double cpu = 0, dev = 0, calls = 0, mem = 0;
		int bad = -1;
		if (c.cpu_total >= 0 && parse_time_ms(cs[c.cpu_total], cn[c.cpu_total], &cpu) < 0)
			bad = c.cpu_total;
		else if (c.dev_total >= 0 && parse_time_ms(cs[c.dev_total], cn[c.dev_total], &dev) < 0)
			bad = c.dev_total;
		else if (parse_number(cs[c.calls], cn[c.calls], &calls) < 0 || calls < 0)
			bad = c.calls;
		else if (c.dev_mem >= 0) {
			if (parse_bytes(cs[c.dev_mem], cn[c.dev_mem], &mem) < 0)
				bad = c.dev_mem;
		} else if (c.cpu_mem >= 0 && parse_bytes(cs[c.cpu_mem], cn[c.cpu_mem], &mem) < 0)
			bad = c.cpu_mem;
		if (bad >= 0) {
			size_t col = (size_t)(cs[bad] - l->s) + 1;
			rc = fail(err, GR_IMPORT_EFORMAT, (size_t)i + 1, col,
				  "cannot read '%.*s' value '%.*s'", (int)hns[bad], hs[bad],
				  (int)(cn[bad] > 40 ? 40 : cn[bad]), cs[bad]);
			goto done;
		}

		char *name = strndup(cs[c.name], cn[c.name]);
		if (!name || gr_table_push(out, name, dev, cpu, (long long)calls, mem) < 0) {
			free(name);
			rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
			goto done;
		}
		if (info && ends_with(name, strlen(name), "..."))
			info->truncated++;
		free(name);
	}
done:
	free(spans);
	free(lines);
	return rc;
}

/* ---- nsys stats CSV ---------------------------------------------------- */

enum nsys_kind {
	NSYS_NONE,    /* no title seen: decide by the header's columns */
	NSYS_KERN,    /* cuda_gpu_kern_sum: kernels, device time */
	NSYS_API,     /* cuda_api_sum: API calls, host time */
	NSYS_MEMTIME, /* cuda_gpu_mem_time_sum: copies and memsets, device time */
	NSYS_MEMSIZE, /* cuda_gpu_mem_size_sum: their bytes */
	NSYS_NVTX,    /* nvtx_sum, nvtx_gpu_proj_sum: ranges */
	NSYS_SKIP,    /* a report we do not read (osrt_sum, ...) */
};

struct csv_row {
	char *f[NSYS_MAX_FIELDS];
	size_t n;
};

static void csv_free(struct csv_row *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->f[i]);
	r->n = 0;
}

/* RFC 4180 fields of one line. Returns 0, GR_IMPORT_EFORMAT with *badcol
 * (1-based) on an unterminated quote or too many fields, or ENOMEM. */
static int csv_split(const struct line *l, struct csv_row *r, size_t *badcol)
{
	size_t i = 0, n = l->len;
	const char *s = l->s;
	r->n = 0;
	for (;;) {
		char *buf = malloc(n - i + 1);
		size_t k = 0;
		if (!buf)
			return GR_IMPORT_ENOMEM;
		if (r->n == NSYS_MAX_FIELDS) {
			free(buf);
			*badcol = i + 1;
			return GR_IMPORT_EFORMAT;
		}
		if (i < n && s[i] == '"') {
			size_t open = i++;
			for (;;) {
				if (i >= n) {
					free(buf);
					*badcol = open + 1;
					return GR_IMPORT_EFORMAT;
				}
				if (s[i] == '"') {
					if (i + 1 < n && s[i + 1] == '"') {
						buf[k++] = '"';
						i += 2;
						continue;
					}
					i++;
					break;
				}
				buf[k++] = s[i++];
			}
			while (i < n && s[i] != ',')
				i++; /* junk after a closing quote is dropped */
		} else {
			while (i < n && s[i] != ',')
				buf[k++] = s[i++];
		}
		buf[k] = '\0';
		r->f[r->n++] = buf;
		if (i >= n)
			return 0;
		i++; /* the comma */
	}
}

/* "Total Time (ns)" -> base "Total Time", unit "ns" (either may be empty). */
static void header_split(const char *h, char *base, size_t bcap, char *unit, size_t ucap)
{
	const char *s = h;
	size_t n = strlen(h);
	trim(&s, &n);
	const char *open = NULL;
	if (n && s[n - 1] == ')')
		for (size_t i = n; i-- > 0;)
			if (s[i] == '(') {
				open = s + i;
				break;
			}
	size_t bn = open ? (size_t)(open - s) : n;
	const char *b = s;
	trim(&b, &bn);
	snprintf(base, bcap, "%.*s", (int)bn, b);
	if (open)
		snprintf(unit, ucap, "%.*s", (int)(s + n - 1 - open - 1), open + 1);
	else
		unit[0] = '\0';
}

struct nsys_cols {
	enum nsys_kind kind;
	int name, total, calls, proj;
	double to_ms;    /* time unit of "Total Time" -> ms */
	double to_bytes; /* size unit of "Total" -> bytes */
};

static int nsys_col(const struct csv_row *hdr, const char *want, char *unit, size_t ucap)
{
	char base[128], u[32];
	for (size_t i = 0; i < hdr->n; i++) {
		header_split(hdr->f[i], base, sizeof(base), u, sizeof(u));
		if (strcmp(base, want) == 0) {
			if (unit)
				snprintf(unit, ucap, "%s", u);
			return (int)i;
		}
	}
	return -1;
}

static double time_unit_ms(const char *u)
{
	if (!*u || strcmp(u, "ns") == 0)
		return 1e-6;
	if (strcmp(u, "us") == 0 || strcmp(u, "\xc2\xb5s") == 0 || strcmp(u, "\xce\xbcs") == 0)
		return 1e-3;
	if (strcmp(u, "ms") == 0)
		return 1.0;
	if (strcmp(u, "s") == 0)
		return 1e3;
	return -1;
}

/* nsys sizes: SI for B/KB/MB/GB (its "Total (MB)"), binary for KiB/MiB/GiB. */
static double size_unit_bytes(const char *u)
{
	static const struct { const char *u; double b; } units[] = {
		{ "B", 1 },	   { "KB", 1e3 },	    { "MB", 1e6 },
		{ "GB", 1e9 },	   { "KiB", 1024.0 },	    { "MiB", 1048576.0 },
		{ "GiB", 1073741824.0 },
	};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(u, units[i].u) == 0)
			return units[i].b;
	return -1;
}

/* Report id from a title line such as " ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):". */
static enum nsys_kind nsys_title_kind(const char *s, size_t n)
{
	if (contains(s, n, "kern_sum") || contains(s, n, "gpukernsum"))
		return NSYS_KERN;
	if (contains(s, n, "api_sum") || contains(s, n, "cudaapisum"))
		return NSYS_API;
	if (contains(s, n, "mem_time_sum") || contains(s, n, "gpumemtimesum"))
		return NSYS_MEMTIME;
	if (contains(s, n, "mem_size_sum") || contains(s, n, "gpumemsizesum"))
		return NSYS_MEMSIZE;
	if (contains(s, n, "nvtx"))
		return NSYS_NVTX;
	return contains(s, n, "_sum") || contains(s, n, "sum]") ? NSYS_SKIP : NSYS_NONE;
}

/* Is this CSV line a report header? Fill the column map if so. */
static int nsys_header(const struct csv_row *r, enum nsys_kind hint, struct nsys_cols *c)
{
	char tu[32] = "", su[32] = "";
	int name = nsys_col(r, "Name", NULL, 0);
	int op = nsys_col(r, "Operation", NULL, 0);
	int range = nsys_col(r, "Range", NULL, 0);
	int ttime = nsys_col(r, "Total Time", tu, sizeof(tu));
	int tsize = nsys_col(r, "Total", su, sizeof(su));
	int proj = nsys_col(r, "Total Proj Time", NULL, 0);
	int inst = nsys_col(r, "Instances", NULL, 0);
	int ncalls = nsys_col(r, "Num Calls", NULL, 0);
	int calls = nsys_col(r, "Calls", NULL, 0);
	int count = nsys_col(r, "Count", NULL, 0);
	int rinst = nsys_col(r, "Range Instances", NULL, 0);

	memset(c, 0, sizeof(*c));
	c->proj = -1;
	if (name < 0 && op < 0 && range < 0)
		return 0;
	if (ttime < 0 && tsize < 0 && proj < 0)
		return 0;
	if (range >= 0)
		c->kind = NSYS_NVTX;
	else if (op >= 0)
		c->kind = ttime >= 0 ? NSYS_MEMTIME : NSYS_MEMSIZE;
	else if (ncalls >= 0 || calls >= 0)
		c->kind = NSYS_API;
	else
		c->kind = NSYS_KERN;
	if (hint != NSYS_NONE)
		c->kind = hint;
	c->name = range >= 0 ? range : op >= 0 ? op : name;
	c->total = c->kind == NSYS_MEMSIZE ? tsize : ttime;
	c->calls = inst >= 0 ? inst : ncalls >= 0 ? ncalls : calls >= 0 ? calls :
		   count >= 0 ? count : rinst;
	c->proj = proj;
	if (c->total < 0 && c->kind == NSYS_NVTX) /* nvtx_gpu_proj_sum */
		c->total = nsys_col(r, "Total Range Time", tu, sizeof(tu));
	c->to_ms = time_unit_ms(tu);
	c->to_bytes = size_unit_bytes(su[0] ? su : "B");
	return 1;
}

static int import_nsys(const char *text, size_t len, struct gr_table *out,
		       struct gr_import_error *err)
{
	struct line *lines = NULL;
	struct rowmap map = { 0 };
	struct csv_row row = { 0 };
	long nl = split_lines(text, len, &lines);
	size_t from = out->len, nhdr = 0, ncols = 0;
	enum nsys_kind hint = NSYS_NONE;
	struct nsys_cols c = { 0 };
	int in_report = 0, rc = 0;

	if (nl < 0 || rowmap_init(&map, out) < 0) {
		rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
		goto done;
	}
	for (long i = 0; i < nl; i++) {
		const char *s = lines[i].s;
		size_t n = lines[i].len, badcol = 0;
		trim(&s, &n);
		if (i == 0 && starts_with(s, n, "\xef\xbb\xbf")) {
			s += 3;
			n -= 3;
		}
		if (!n) {
			in_report = 0;
			continue;
		}
		if (starts_with(s, n, "**") || starts_with(s, n, "Processing") ||
		    starts_with(s, n, "SKIPPED") || starts_with(s, n, "Generating") ||
		    starts_with(s, n, "Executing")) {
			in_report = 0;
			hint = nsys_title_kind(s, n);
			continue;
		}
		int r = csv_split(&lines[i], &row, &badcol);
		if (r == GR_IMPORT_ENOMEM) {
			rc = fail(err, r, 0, 0, "out of memory");
			goto done;
		}
		if (r < 0) {
			if (in_report) {
				rc = fail(err, r, (size_t)i + 1, badcol, "malformed CSV line");
				goto done;
			}
			continue;
		}
		struct nsys_cols hc;
		if (nsys_header(&row, hint, &hc)) {
			if (hc.kind == NSYS_SKIP) {
				in_report = 0;
				hint = NSYS_NONE;
				csv_free(&row);
				continue;
			}
			if (hc.total < 0 || hc.to_ms < 0 || hc.to_bytes < 0 || hc.calls < 0) {
				rc = fail(err, GR_IMPORT_EFORMAT, (size_t)i + 1, 0,
					  "nsys report header lacks a total column with a known unit or a count column");
				goto done;
			}
			c = hc;
			ncols = row.n;
			in_report = 1;
			nhdr++;
			hint = NSYS_NONE;
			csv_free(&row);
			continue;
		}
		if (!in_report) {
			csv_free(&row);
			continue; /* prose around the reports */
		}
		if (row.n != ncols) {
			rc = fail(err, GR_IMPORT_EFORMAT, (size_t)i + 1, 0,
				  "nsys row has %zu fields, its header has %zu", row.n, ncols);
			goto done;
		}
		double total, calls, proj = 0;
		int bad = -1;
		if (parse_number(row.f[c.total], strlen(row.f[c.total]), &total) < 0)
			bad = c.total;
		else if (parse_number(row.f[c.calls], strlen(row.f[c.calls]), &calls) < 0)
			bad = c.calls;
		else if (c.proj >= 0 && c.kind == NSYS_NVTX &&
			 parse_number(row.f[c.proj], strlen(row.f[c.proj]), &proj) < 0)
			bad = c.proj;
		if (bad >= 0) {
			rc = fail(err, GR_IMPORT_EFORMAT, (size_t)i + 1, 0,
				  "cannot read nsys column %d value '%.40s' as a number", bad + 1,
				  row.f[bad]);
			goto done;
		}
		const char *name = row.f[c.name];
		if (c.kind == NSYS_NVTX && name[0] == ':')
			name++; /* default-domain ranges print as ":name" */
		double cuda = 0, cpu = 0, bytes = 0;
		int count_calls = 1;
		switch (c.kind) {
		case NSYS_KERN:
		case NSYS_MEMTIME: cuda = total * c.to_ms; break;
		case NSYS_API: cpu = total * c.to_ms; break;
		case NSYS_NVTX:
			cpu = total * c.to_ms;
			cuda = proj * c.to_ms;
			break;
		case NSYS_MEMSIZE:
			bytes = total * c.to_bytes;
			count_calls = 0;
			break;
		case NSYS_NONE:
		case NSYS_SKIP: break;
		}
		if (rowmap_add(&map, name, cuda, cpu, (long long)calls, bytes, count_calls) < 0) {
			rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
			goto done;
		}
		csv_free(&row);
	}
	if (!nhdr)
		rc = fail(err, GR_IMPORT_EFORMAT, 0, 0,
			  "no nsys stats CSV report found (a header with 'Name', 'Operation' or 'Range' and 'Total Time (ns)')");
	else
		gr_table_sort(out, from);
done:
	csv_free(&row);
	free(map.slots);
	free(lines);
	return rc;
}

/* ---- chrome / Kineto trace JSON --------------------------------------- */

struct cop {
	const char *name;
	double ts, end;   /* microseconds */
	int thread;       /* index into the thread keys */
	int parent;       /* enclosing op, -1 for none */
	long long ext;    /* "External id", -1 for none */
	double dev_us;    /* device time of this op and its children */
	double bytes;     /* bytes moved by its copies and memsets */
};

struct capi {
	long long corr;
	int thread;
	double ts;
};

struct cgpu {
	const char *name;
	long long corr, ext; /* -1 for none */
	double dur, bytes;
};

struct vec {
	void *v;
	size_t n, cap, size;
};

static void *vec_push(struct vec *a)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 256;
		void *nv = realloc(a->v, cap * a->size);
		if (!nv)
			return NULL;
		a->v = nv;
		a->cap = cap;
	}
	return (char *)a->v + a->size * a->n++;
}

static int jnum(json_t *obj, const char *key, double *out)
{
	json_t *v = json_object_get(obj, key);
	if (json_is_number(v)) {
		*out = json_number_value(v);
		return 0;
	}
	if (json_is_string(v)) {
		char *end;
		const char *s = json_string_value(v);
		double d = strtod(s, &end);
		if (end != s && !*end) {
			*out = d;
			return 0;
		}
	}
	return -1;
}

static long long jid(json_t *obj, const char *key)
{
	double d;
	if (!obj || jnum(obj, key, &d) < 0 || d < 0)
		return -1;
	return (long long)d;
}

/* Thread key "pid/tid" -> small index; a linear table with a one-entry cache. */
struct threads {
	char **keys;
	size_t n, cap;
	int last;
};

static int thread_index(struct threads *t, json_t *ev)
{
	char key[160], pid[64], tid[64];
	json_t *p = json_object_get(ev, "pid"), *q = json_object_get(ev, "tid");
	if (json_is_string(p))
		snprintf(pid, sizeof(pid), "%s", json_string_value(p));
	else
		snprintf(pid, sizeof(pid), "%.0f", json_is_number(p) ? json_number_value(p) : 0.0);
	if (json_is_string(q))
		snprintf(tid, sizeof(tid), "%s", json_string_value(q));
	else
		snprintf(tid, sizeof(tid), "%.0f", json_is_number(q) ? json_number_value(q) : 0.0);
	snprintf(key, sizeof(key), "%s/%s", pid, tid);
	if (t->last >= 0 && strcmp(t->keys[t->last], key) == 0)
		return t->last;
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->keys[i], key) == 0)
			return t->last = (int)i;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **nk = realloc(t->keys, cap * sizeof(*nk));
		if (!nk)
			return -1;
		t->keys = nk;
		t->cap = cap;
	}
	if (!(t->keys[t->n] = strdup(key)))
		return -1;
	return t->last = (int)t->n++;
}

static int in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

static int cmp_cop(const void *a, const void *b)
{
	const struct cop *x = a, *y = b;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1; /* the longer (outer) op first */
	return 0;
}

static int cmp_capi(const void *a, const void *b)
{
	const struct capi *x = a, *y = b;
	return (x->corr > y->corr) - (x->corr < y->corr);
}

struct extidx {
	long long ext;
	size_t op;
	double ts;
};

static int cmp_ext(const void *a, const void *b)
{
	const struct extidx *x = a, *y = b;
	if (x->ext != y->ext)
		return x->ext < y->ext ? -1 : 1;
	return (x->ts < y->ts) - (x->ts > y->ts); /* innermost (latest) first */
}

#define NEST_EPS_US 0.002 /* Kineto rounds ts/dur to the nanosecond */

/* Innermost op of thread th whose span contains t, or -1. ops sorted by cmp_cop,
 * first[th]..first[th+1] the thread's ops. */
static long innermost(const struct cop *ops, const size_t *first, int th, double t)
{
	size_t lo = first[th], hi = first[th + 1];
	if (lo == hi || ops[lo].ts > t + NEST_EPS_US)
		return -1;
	while (hi - lo > 1) { /* last op starting at or before t */
		size_t mid = lo + (hi - lo) / 2;
		if (ops[mid].ts <= t + NEST_EPS_US)
			lo = mid;
		else
			hi = mid;
	}
	for (long i = (long)lo; i >= 0; i = ops[i].parent)
		if (ops[i].end + NEST_EPS_US >= t)
			return i;
	return -1;
}

static int import_chrome(const char *text, size_t len, struct gr_table *out,
			 struct gr_import_info *info, struct gr_import_error *err)
{
	static const char *const op_cats[] = { "cpu_op", "user_annotation", "Operator", NULL };
	static const char *const api_cats[] = { "cuda_runtime", "cuda_driver", "Runtime", NULL };
	static const char *const gpu_cats[] = { "kernel", "Kernel", "gpu_memcpy", "Memcpy",
						"gpu_memset", "Memset", NULL };
	json_error_t jerr;
	struct vec ops = { .size = sizeof(struct cop) }, apis = { .size = sizeof(struct capi) },
		   gpus = { .size = sizeof(struct cgpu) };
	struct threads th = { .last = -1 };
	struct rowmap map = { 0 };
	struct extidx *exts = NULL;
	size_t *first = NULL, next = 0, from = out->len;
	int rc = 0;

	json_t *root = json_loadb(text, len, 0, &jerr);
	if (!root)
		return fail(err, GR_IMPORT_EFORMAT, jerr.line > 0 ? (size_t)jerr.line : 0,
			    jerr.column > 0 ? (size_t)jerr.column : 0, "invalid JSON: %s", jerr.text);
	json_t *dev = json_array_get(json_object_get(root, "deviceProperties"), 0);
	const char *devname = json_string_value(json_object_get(dev, "name"));
	if (info && devname)
		snprintf(info->hardware, sizeof(info->hardware), "%s", devname);
	json_t *events = json_is_array(root) ? root : json_object_get(root, "traceEvents");
	if (!json_is_array(events)) {
		rc = fail(err, GR_IMPORT_EFORMAT, 0, 0, "no \"traceEvents\" array in the trace");
		goto done;
	}

	size_t i;
	json_t *ev;
	json_array_foreach(events, i, ev) {
		const char *ph = json_string_value(json_object_get(ev, "ph"));
		const char *cat = json_string_value(json_object_get(ev, "cat"));
		const char *name = json_string_value(json_object_get(ev, "name"));
		json_t *args = json_object_get(ev, "args");
		double ts, dur = 0;
		if (!ph || !cat || jnum(ev, "ts", &ts) < 0)
			continue;
		if (strcmp(ph, "s") == 0 && strcmp(cat, "ac2g") == 0) {
			struct capi *a = vec_push(&apis);
			if (!a)
				goto oom;
			*a = (struct capi){ jid(ev, "id"), thread_index(&th, ev), ts };
			if (a->thread < 0)
				goto oom;
			continue;
		}
		if (strcmp(ph, "X") != 0 || !name)
			continue;
		jnum(ev, "dur", &dur);
		if (in_list(cat, op_cats)) {
			struct cop *o = vec_push(&ops);
			if (!o)
				goto oom;
			*o = (struct cop){ name, ts, ts + dur, thread_index(&th, ev), -1,
					   jid(args, "External id"), 0, 0 };
			if (o->thread < 0)
				goto oom;
		} else if (in_list(cat, api_cats)) {
			long long corr = jid(args, "correlation");
			if (corr < 0)
				continue;
			struct capi *a = vec_push(&apis);
			if (!a)
				goto oom;
			*a = (struct capi){ corr, thread_index(&th, ev), ts };
			if (a->thread < 0)
				goto oom;
		} else if (in_list(cat, gpu_cats)) {
			struct cgpu *g = vec_push(&gpus);
			double bytes = 0;
			if (!g)
				goto oom;
			if (args)
				jnum(args, "bytes", &bytes);
			*g = (struct cgpu){ name, jid(args, "correlation"), jid(args, "External id"),
					    dur, bytes };
		}
	}
	if (!ops.n && !gpus.n) {
		rc = fail(err, GR_IMPORT_EFORMAT, 0, 0,
			  "the trace has no cpu_op, user_annotation or kernel events");
		goto done;
	}

	/* Nesting: sort each thread's ops by start, outer first, and keep a stack. */
	struct cop *o = ops.v;
	qsort(o, ops.n, sizeof(*o), cmp_cop);
	first = calloc(th.n + 1, sizeof(*first));
	long *stack = malloc((ops.n + 1) * sizeof(*stack));
	if (!first || !stack) {
		free(stack);
		goto oom;
	}
	size_t sp = 0;
	for (size_t k = 0; k < ops.n; k++) {
		if (k == 0 || o[k].thread != o[k - 1].thread)
			sp = 0;
		while (sp && o[stack[sp - 1]].end + NEST_EPS_US < o[k].end)
			sp--;
		o[k].parent = sp ? stack[sp - 1] : -1;
		stack[sp++] = (long)k;
	}
	free(stack);
	for (int t = 0; t <= (int)th.n; t++) { /* first[t]: the thread's first op */
		while (next < ops.n && o[next].thread < t)
			next++;
		first[t] = next;
	}

	exts = malloc((ops.n + 1) * sizeof(*exts));
	if (!exts)
		goto oom;
	size_t nexts = 0;
	for (size_t k = 0; k < ops.n; k++)
		if (o[k].ext >= 0)
			exts[nexts++] = (struct extidx){ o[k].ext, k, o[k].ts };
	qsort(exts, nexts, sizeof(*exts), cmp_ext);
	qsort(apis.v, apis.n, sizeof(struct capi), cmp_capi);

	if (rowmap_init(&map, out) < 0)
		goto oom;
	struct cgpu *g = gpus.v;
	for (size_t k = 0; k < gpus.n; k++) {
		long owner = -1;
		if (g[k].ext >= 0 && nexts) {
			size_t lo = 0, hi = nexts; /* first entry with this ext */
			while (lo < hi) {
				size_t mid = (lo + hi) / 2;
				if (exts[mid].ext < g[k].ext)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < nexts && exts[lo].ext == g[k].ext)
				owner = (long)exts[lo].op;
		}
		if (owner < 0 && g[k].corr >= 0) {
			struct capi key = { g[k].corr, 0, 0 };
			struct capi *a = bsearch(&key, apis.v, apis.n, sizeof(key), cmp_capi);
			if (a)
				owner = innermost(o, first, a->thread, a->ts);
		}
		if (owner < 0) {
			if (info)
				info->unattributed++;
			if (rowmap_add(&map, g[k].name, g[k].dur / 1e3, 0, 1, g[k].bytes, 1) < 0)
				goto oom;
			continue;
		}
		for (long p = owner; p >= 0; p = o[p].parent) {
			o[p].dev_us += g[k].dur;
			o[p].bytes += g[k].bytes;
		}
	}
	for (size_t k = 0; k < ops.n; k++)
		if (rowmap_add(&map, o[k].name, o[k].dev_us / 1e3, (o[k].end - o[k].ts) / 1e3, 1,
			       o[k].bytes, 1) < 0)
			goto oom;
	gr_table_sort(out, from);
	goto done;
oom:
	rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
done:
	for (size_t k = 0; k < th.n; k++)
		free(th.keys[k]);
	free(th.keys);
	free(map.slots);
	free(exts);
	free(first);
	free(ops.v);
	free(apis.v);
	free(gpus.v);
	json_decref(root);
	return rc;
}

/* ---- detection and entry points ---------------------------------------- */

enum gr_import_format gr_import_detect(const char *text, size_t len)
{
	size_t i = 0;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && isspace((unsigned char)text[i]))
		i++;
	if (i < len && (text[i] == '{' || text[i] == '['))
		return GR_IMPORT_CHROME;
	size_t scan = len < (1u << 20) ? len : (1u << 20);
	if (contains(text, scan, "# of Calls") && contains(text, scan, "-----"))
		return GR_IMPORT_PYTORCH;
	if (contains(text, scan, "Total Time (") || contains(text, scan, "Total (MB)") ||
	    contains(text, scan, "Total Time(") || contains(text, scan, "Total Proj Time"))
		return GR_IMPORT_NSYS;
	return GR_IMPORT_AUTO;
}

int gr_table_import_buffer(const char *text, size_t len, enum gr_import_format fmt,
			   struct gr_table *out, struct gr_import_info *info,
			   struct gr_import_error *err)
{
	if (err) {
		err->line = err->col = 0;
		err->msg[0] = '\0';
	}
	if (info)
		*info = (struct gr_import_info){ 0 };
	if (fmt == GR_IMPORT_AUTO)
		fmt = gr_import_detect(text, len);
	if (info)
		info->format = fmt;
	if (memchr(text, '\0', len))
		return fail(err, GR_IMPORT_EFORMAT, 0, 0, "binary input (contains a NUL byte)");
	switch (fmt) {
	case GR_IMPORT_PYTORCH: return import_pytorch(text, len, out, info, err);
	case GR_IMPORT_CHROME: return import_chrome(text, len, out, info, err);
	case GR_IMPORT_NSYS: return import_nsys(text, len, out, err);
	case GR_IMPORT_AUTO: break;
	}
	return fail(err, GR_IMPORT_EFORMAT, 0, 0,
		    "cannot tell the format (pytorch table, chrome trace JSON, nsys stats CSV); use --format");
}

int gr_table_import_file(const char *path, enum gr_import_format fmt,
			 struct gr_table *out, struct gr_import_info *info,
			 struct gr_import_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int rc = 0;
	if (!f)
		return fail(err, GR_IMPORT_EIO, 0, 0, "cannot open: %s", strerror(errno));
	for (;;) {
		if (len == cap) {
			if (cap >= IMPORT_MAX_BYTES) {
				rc = fail(err, GR_IMPORT_EFORMAT, 0, 0, "file is over %u MiB",
					  IMPORT_MAX_BYTES >> 20);
				goto done;
			}
			cap = cap ? cap * 2 : 65536;
			char *nb = realloc(buf, cap);
			if (!nb) {
				rc = fail(err, GR_IMPORT_ENOMEM, 0, 0, "out of memory");
				goto done;
			}
			buf = nb;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f)) {
				rc = fail(err, GR_IMPORT_EIO, 0, 0, "cannot read: %s", strerror(errno));
				goto done;
			}
			break;
		}
	}
	if (len == 0) {
		rc = fail(err, GR_IMPORT_EFORMAT, 0, 0, "empty file");
		goto done;
	}
	rc = gr_table_import_buffer(buf, len, fmt, out, info, err);
done:
	free(buf);
	fclose(f);
	return rc;
}
