/*
 * cli.h - what every verb of the `grader` command shares: exit codes, the
 * command table entry, and diagnostics in git's style ("grader: message").
 *
 * A verb is `int cmd_<verb>(int argc, char **argv)` in cli/cmd_<verb>.c with
 * argv[0] the verb itself. main.c handles `--help` for every verb from the
 * table's usage text, so verbs never see it.
 */
#ifndef GR_CLI_H
#define GR_CLI_H

#define GR_EXIT_PASS 0  /* graded, every criterion passed (or the verb succeeded) */
#define GR_EXIT_FAIL 1  /* graded, some criterion failed */
#define GR_EXIT_USAGE 2 /* usage or input error; the reason is on stderr */

struct gr_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary; /* one line for `grader help` */
	const char *usage;   /* full text for `grader VERB --help` */
};

/* Print "grader: <message>\n" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Same, with "warning: " after the prefix. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the usage of verb `name` to stderr after a usage error; returns GR_EXIT_USAGE. */
int cli_usage_error(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int cmd_grade(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_bulk(int argc, char **argv);
int cmd_gradescope(int argc, char **argv);

#endif
