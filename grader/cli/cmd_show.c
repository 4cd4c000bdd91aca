/*
 * cmd_show.c - `grader show EXERCISE`: what the learner reads.
 */
#include <stdio.h>
#include <string.h>

#include "cli_util.h"
#include "table.h"

int cmd_show(int argc, char **argv)
{
	if (argc != 2)
		return cli_usage_error("show", "need one exercise");
	struct gr_exercise *ex;
	int rc = cli_load_exercise(argv[1], &ex);
	if (rc)
		return rc;
	printf("# %s\n\n", ex->title);
	gr_table_format(&ex->table, stdout);
	if (ex->nworkload || ex->hardware) {
		printf("\nWorkload:\n");
		for (size_t i = 0; i < ex->nworkload; i++)
			printf("  %s: %s\n", ex->workload[i].key, ex->workload[i].value);
		if (ex->hardware)
			printf("  hardware: %s\n", ex->hardware);
	}
	printf("\n%s", ex->prompt);
	if (ex->prompt[0] && ex->prompt[strlen(ex->prompt) - 1] != '\n')
		putchar('\n');
	printf("\nStart an answer with: grader new %s\n", ex->id);
	gr_exercise_free(ex);
	return fflush(stdout) == EOF ? GR_EXIT_USAGE : GR_EXIT_PASS;
}
