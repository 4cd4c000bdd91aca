/*
 * error.c - located error messages (see error.h).
 */
#include "error.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int gr_error_set(struct gr_error *err, int code, const char *file, int line,
		 int col, const char *fmt, ...)
{
	if (!err)
		return code;
	gr_error_clear(err);
	va_list ap;
	va_start(ap, fmt);
	char *msg = NULL;
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	err->code = code;
	err->file = file ? strdup(file) : NULL;
	err->line = line;
	err->col = col;
	err->message = msg;
	return code;
}

void gr_error_set_source(struct gr_error *err, const char *line_start)
{
	if (!err || !line_start)
		return;
	free(err->source);
	size_t n = strcspn(line_start, "\r\n");
	if (n > 200) /* a caret under column 5000 helps nobody */
		n = 200;
	err->source = strndup(line_start, n);
}

void gr_error_print(const struct gr_error *err, FILE *out)
{
	const char *msg = err->message ? err->message : "unknown error";
	if (err->file && err->line > 0)
		fprintf(out, "%s:%d:%d: %s\n", err->file, err->line,
			err->col > 0 ? err->col : 1, msg);
	else if (err->file)
		fprintf(out, "%s: %s\n", err->file, msg);
	else
		fprintf(out, "%s\n", msg);
	if (err->source && err->col > 0) {
		fprintf(out, "    %s\n    ", err->source);
		size_t n = strlen(err->source);
		for (int i = 1; i < err->col && i <= 200; i++)
			fputc((size_t)i <= n && err->source[i - 1] == '\t' ? '\t' : ' ', out);
		fputs("^\n", out);
	}
}

void gr_error_clear(struct gr_error *err)
{
	if (!err)
		return;
	free(err->file);
	free(err->message);
	free(err->source);
	memset(err, 0, sizeof(*err));
}
