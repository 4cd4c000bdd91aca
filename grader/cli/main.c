/*
 * main.c - the `grader` command: a table of verbs, like git's builtins.
 * `grader VERB --help` and `grader help VERB` print the verb's usage.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rule.h"

static int cmd_help(int argc, char **argv);

static const struct gr_cmd commands[] = {
	{ "grade", cmd_grade, "grade one report against an exercise",
	  "usage: grader grade EXERCISE REPORT [--format text|json] [--max-size BYTES] [--all] [--explain]\n\n"
	  "EXERCISE is an id found in ./exercises/, $GRADER_EXERCISES or the installed data dir,\n"
	  "or a path to a YAML file. REPORT is a file, or - for stdin.\n"
	  "  --format text|json  text (default) or the JSON verdict\n"
	  "  --max-size BYTES    refuse larger reports (default 1M; k/M suffixes)\n"
	  "  --all               include hidden criteria (instructors)\n"
	  "  --explain           print on stderr what the grader found: fields, sections,\n"
	  "                      sentences, clauses and each concept mention with its polarity\n"
	  "Exit: 0 every criterion passed, 1 some failed, 2 usage or input error (without\n"
	  "--all, hidden criteria are neither shown nor counted in the exit code).\n" },
	{ "show", cmd_show, "print an exercise's prompt and table",
	  "usage: grader show EXERCISE\n\nThe title, the prompt, the workload and the profiler table, aligned.\n" },
	{ "list", cmd_list, "list the exercises",
	  "usage: grader list\n\nEvery exercise found in ./exercises/, $GRADER_EXERCISES and the data dir.\n" },
	{ "new", cmd_new, "start an answer file for an exercise",
	  "usage: grader new EXERCISE [--dir DIR]\n\n"
	  "Writes DIR/EXERCISE.md (default answers/): the prompt as a comment and the\n"
	  "field labels to fill in. Never overwrites an existing answer.\n" },
	{ "hint", cmd_hint, "show the next hint for a failing criterion",
	  "usage: grader hint EXERCISE [CRITERION] [--dir DIR]\n\n"
	  "Grades DIR/EXERCISE.md (default answers/) and shows one more hint for CRITERION,\n"
	  "or for the first failing criterion. Hints already shown are remembered in\n"
	  "DIR/.progress.\n" },
	{ "validate", cmd_validate, "measure the grader against a labelled corpus",
	  "usage: grader validate EXERCISE CORPUS_DIR [--min AGREEMENT] [--quiet]\n\n"
	  "Grades every report named in CORPUS_DIR/labels.json ({\"001.md\": {\"criterion-id\": true}})\n"
	  "and each criterion's YAML examples; prints per criterion agreement, false accepts,\n"
	  "false rejects and Cohen's kappa, and each disagreement. Exit 1 when a criterion's\n"
	  "agreement is below --min (default 0.95).\n" },
	{ "lint", cmd_lint, "check an exercise file and its solution",
	  "usage: grader lint EXERCISE\n\n"
	  "Schema and pattern checks, unused concepts, missing docs or hints, examples the\n"
	  "rules disagree with, and that solutions/EXERCISE.md earns full marks.\n" },
	{ "table", cmd_table, "import a real profiler table as exercise YAML",
	  "usage: grader table import FILE... [--format auto|pytorch|chrome|nsys] [--hardware NAME]\n"
	  "                                   [--top N] [--aligned]\n\n"
	  "Reads PyTorch key_averages().table() text, a Kineto/Chrome trace JSON or nsys stats\n"
	  "CSV and prints the exercise's table: block (YAML) on stdout.\n" },
	{ "bulk", cmd_bulk, "grade a class folder into a gradebook, feedback files and a summary",
	  "usage: grader bulk EXERCISE DIR --out OUT [-j N] [--quiet] [--max-size BYTES]\n\n"
	  "Grades every *.md / *.txt file in DIR (student id = file stem), or one folder per\n"
	  "student (id = folder name, its one report inside), and writes into OUT:\n"
	  "  grades.csv       student,score,max_score,<0/1 per criterion id>,status\n"
	  "  results.jsonl    one 'grade --format json --all' object per line, plus \"student\"\n"
	  "  feedback/ID.md   each student's feedback (hidden criteria left out)\n"
	  "  summary.html     score histogram, pass rate per criterion, most failed criteria\n"
	  "Outputs are sorted by student id and replace the previous ones only when complete.\n"
	  "A submission that cannot be graded gets an error row; symlinks leading outside DIR\n"
	  "are skipped with a warning.\n"
	  "  -o, --out OUT       the output folder (created when missing)\n"
	  "  -j, --jobs N        worker threads (default: the number of cores)\n"
	  "  -q, --quiet         no progress bar or closing line\n"
	  "  --max-size BYTES    refuse larger reports (default 1M; k/M suffixes)\n"
	  "Exit: 0 every submission graded, 1 some could not be graded, 2 usage or output error.\n" },
	{ "gradescope", cmd_gradescope, "grade a submission as a Gradescope autograder",
	  "usage: grader gradescope EXERCISE [--submission DIR] [--results FILE] [--max-size BYTES]\n\n"
	  "Finds the report in DIR (default /autograder/submission): EXERCISE.md anywhere in it,\n"
	  "else its one *.md / *.txt file. Writes Gradescope's results.json (default\n"
	  "/autograder/results/results.json): score, max_score, execution_time, output and one\n"
	  "test per criterion with the criterion's visibility. See docs/gradescope.md.\n"
	  "Exit: 0 graded, 1 no gradable report (results.json says why), 2 usage or output error.\n" },
	{ "help", cmd_help, "show help for a verb", "usage: grader help [VERB]\n" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const struct gr_cmd *lookup(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static void overview(FILE *out)
{
	fputs("usage: grader VERB [ARGS]\n\nGrade profiler triage reports.\n\n", out);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-11s %s\n", commands[i].name, commands[i].summary);
	fputs("\nRun 'grader VERB --help' for a verb's options.\n", out);
}

static int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		overview(stdout);
		return GR_EXIT_PASS;
	}
	const struct gr_cmd *c = lookup(argv[1]);
	if (!c) {
		cli_error("no such verb '%s'", argv[1]);
		return GR_EXIT_USAGE;
	}
	fputs(c->usage, stdout);
	return GR_EXIT_PASS;
}

int cli_usage_error(const char *name, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("grader: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	const struct gr_cmd *c = lookup(name);
	if (c)
		fputs(c->usage, stderr);
	return GR_EXIT_USAGE;
}

/* The library reads "grader VERB ..." in a report as a command by its own
 * list of verbs (rule.h): in a debug build, refuse to run when the table
 * and that list disagree, so a verb added to one alone fails the suite. */
static void check_verbs(void)
{
#ifndef NDEBUG
	size_t n = 0;
	for (; gr_command_verbs[n]; n++)
		if (!lookup(gr_command_verbs[n])) {
			fprintf(stderr, "grader: rule.c's gr_command_verbs names '%s', which is no verb\n",
				gr_command_verbs[n]);
			abort();
		}
	if (n != NCOMMANDS) {
		fputs("grader: a verb of the command table is missing from gr_command_verbs (rule.c)\n", stderr);
		abort();
	}
#endif
}

int main(int argc, char **argv)
{
	check_verbs();
	if (argc < 2) {
		overview(stderr);
		return GR_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_help(1, argv);
	const struct gr_cmd *c = lookup(argv[1]);
	if (!c) {
		cli_error("'%s' is not a grader verb; see 'grader help'", argv[1]);
		return GR_EXIT_USAGE;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(c->usage, stdout);
			return GR_EXIT_PASS;
		}
	}
	return c->fn(argc - 1, argv + 1);
}
