/*
 * cli_util.h - shared helpers for the verbs (cli.c).
 */
#ifndef GR_CLI_UTIL_H
#define GR_CLI_UTIL_H

#include <stddef.h>

#include "cli.h"
#include "error.h"
#include "exercise.h"

/* Print "grader: file:line:col: message" and the caret; returns GR_EXIT_USAGE. */
int cli_print_error(const struct gr_error *err);

/* Find (id or path) and load an exercise; on failure print why and return
 * GR_EXIT_USAGE. */
int cli_load_exercise(const char *arg, struct gr_exercise **out);

/* "1048576", "512k", "2M" -> bytes. Returns 0 or -1. */
int cli_parse_size(const char *s, size_t *out);

#endif
