/*
 * cmd_table.c - `grader table import FILE...`: a real profiler table in, the
 * exercise file's `table:` block out (YAML on stdout), so an instructor can
 * turn any run into an exercise. See table_import.h for the formats.
 *
 *   grader table import FILE... [--format auto|pytorch|chrome|nsys]
 *                               [--hardware NAME] [--top N] [--aligned]
 *
 * Several files (e.g. one CSV per nsys report) merge into one table, rows of
 * the same op added together, sorted by CUDA total then CPU total. --aligned prints the table as `grader show`
 * does instead of YAML. Errors name the file and line; exit 2.
 */
#include "cli.h"
#include "table.h"
#include "table_import.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Merge rows of the same op (several input files), keeping first-seen order. */
static int merge_into(struct gr_table *dst, const struct gr_table *src)
{
	for (size_t i = 0; i < src->len; i++) {
		const struct gr_table_row *r = &src->rows[i];
		struct gr_table_row *d = gr_table_find(dst, r->op);
		if (d) {
			d->cuda_ms += r->cuda_ms;
			d->cpu_ms += r->cpu_ms;
			d->calls += r->calls;
			d->memory_bytes += r->memory_bytes;
		} else if (gr_table_push(dst, r->op, r->cuda_ms, r->cpu_ms, r->calls,
					 r->memory_bytes) < 0) {
			return -1;
		}
	}
	return 0;
}

static int table_import(int argc, char **argv)
{
	enum gr_import_format fmt = GR_IMPORT_AUTO;
	const char *hardware = NULL;
	long top = 0;
	int aligned = 0, nfiles = 0, rc = GR_EXIT_USAGE;
	char hw[128] = "";
	struct gr_table all = { 0 };
	const char **files = calloc((size_t)argc + 1, sizeof(*files));

	if (!files) {
		cli_error("out of memory");
		return GR_EXIT_USAGE;
	}
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		if (strcmp(a, "--format") == 0 || strcmp(a, "--hardware") == 0 ||
		    strcmp(a, "--top") == 0) {
			if (i + 1 >= argc) {
				rc = cli_usage_error("table", "option '%s' needs a value", a);
				goto done;
			}
			val = argv[++i];
		} else if (strncmp(a, "--format=", 9) == 0) {
			val = a + 9;
			a = "--format";
		} else if (strncmp(a, "--hardware=", 11) == 0) {
			val = a + 11;
			a = "--hardware";
		} else if (strncmp(a, "--top=", 6) == 0) {
			val = a + 6;
			a = "--top";
		}
		if (val && strcmp(a, "--format") == 0) {
			if (gr_import_format_parse(val, &fmt) < 0) {
				rc = cli_usage_error("table", "unknown format '%s' (auto, pytorch, chrome, nsys)", val);
				goto done;
			}
		} else if (val && strcmp(a, "--hardware") == 0) {
			hardware = val;
		} else if (val && strcmp(a, "--top") == 0) {
			char *end;
			errno = 0;
			top = strtol(val, &end, 10);
			if (end == val || *end || errno || top < 0) {
				rc = cli_usage_error("table", "--top needs a count, not '%s'", val);
				goto done;
			}
		} else if (strcmp(a, "--aligned") == 0) {
			aligned = 1;
		} else if (a[0] == '-' && a[1]) {
			rc = cli_usage_error("table", "unknown option '%s'", a);
			goto done;
		} else {
			files[nfiles++] = a;
		}
	}
	if (!nfiles) {
		rc = cli_usage_error("table", "'table import' needs a FILE");
		goto done;
	}

	for (int f = 0; f < nfiles; f++) {
		struct gr_table one = { 0 };
		struct gr_import_info info;
		struct gr_import_error err;
		int r = gr_table_import_file(files[f], fmt, &one, &info, &err);
		if (r < 0) {
			if (err.line && err.col)
				cli_error("%s:%zu:%zu: %s", files[f], err.line, err.col, err.msg);
			else if (err.line)
				cli_error("%s:%zu: %s", files[f], err.line, err.msg);
			else
				cli_error("'%s': %s", files[f], err.msg);
			gr_table_clear(&one);
			goto done;
		}
		if (info.truncated)
			cli_warn("'%s': %zu op names were cut with '...' by the profiler; "
				 "print the table with a larger max_name_column_width to keep them whole",
				 files[f], info.truncated);
		if (info.unattributed)
			cli_warn("'%s': %zu GPU events had no launching op; they are rows of their own",
				 files[f], info.unattributed);
		if (!hw[0] && info.hardware[0])
			snprintf(hw, sizeof(hw), "%s", info.hardware);
		if (!one.len)
			cli_warn("'%s': no rows found", files[f]);
		r = nfiles == 1 ? (all = one, 0) : merge_into(&all, &one);
		if (nfiles > 1)
			gr_table_clear(&one);
		if (r < 0) {
			cli_error("out of memory");
			goto done;
		}
	}
	if (nfiles > 1 && all.len > 1)
		gr_table_sort(&all, 0);
	if (top > 0 && (size_t)top < all.len) {
		for (size_t i = (size_t)top; i < all.len; i++)
			free(all.rows[i].op);
		all.len = (size_t)top;
	}
	if (!hardware && hw[0])
		hardware = hw;

	int w;
	if (aligned) {
		w = gr_table_format(&all, stdout);
	} else {
		printf("# grader table import: %d file%s, %zu rows; paste under an exercise's workload\n",
		       nfiles, nfiles == 1 ? "" : "s", all.len);
		w = gr_table_emit_yaml(&all, hardware, stdout);
	}
	if (w < 0 || fflush(stdout) != 0) {
		cli_error("cannot write the table to stdout");
		goto done;
	}
	rc = GR_EXIT_PASS;
done:
	gr_table_clear(&all);
	free(files);
	return rc;
}

int cmd_table(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage_error("table", "'table' needs a subcommand: import");
	if (strcmp(argv[1], "import") == 0)
		return table_import(argc - 1, argv + 1);
	return cli_usage_error("table", "unknown subcommand '%s' (import)", argv[1]);
}
