/*
 * error.h - errors that point at the input.
 *
 * Every fallible library function takes a `struct gr_error *` and, on failure,
 * fills it with the file, the 1-based line and column, and a message a learner
 * or an exercise author can act on. gr_error_print() writes the jq/SQLite
 * style "file:line:col: message" followed by the offending line and a caret.
 *
 * Ownership: the error owns its strings; gr_error_clear() frees them and may
 * be called on a zeroed or already cleared error.
 */
#ifndef GR_ERROR_H
#define GR_ERROR_H

#include <stdio.h>

enum {
	GR_OK = 0,
	GR_EINPUT = -1,   /* the input is malformed or refused (line/col set when known) */
	GR_ENOMEM = -2,   /* out of memory */
	GR_EIO = -3,      /* the file could not be read */
};

struct gr_error {
	int code;        /* one of GR_E*, 0 when no error */
	char *file;      /* file the error is about, or NULL */
	int line;        /* 1-based, 0 when unknown */
	int col;         /* 1-based, 0 when unknown */
	char *message;   /* lowercase, no full stop */
	char *source;    /* the offending line, for the caret display, or NULL */
};

/* Fill err (clearing what it held). Returns code, so `return gr_error_set(...)`. */
int gr_error_set(struct gr_error *err, int code, const char *file, int line,
		 int col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Attach the source line shown under the message (copied, up to its newline). */
void gr_error_set_source(struct gr_error *err, const char *line_start);

/* "file:line:col: message", then the line and a caret when known. */
void gr_error_print(const struct gr_error *err, FILE *out);

void gr_error_clear(struct gr_error *err);

#endif
