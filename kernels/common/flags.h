/*
 * flags.h - the command line every repro program shares: on/off switches
 * (the experiments), --yaml, --help. Header-only, host code.
 */
#ifndef KERNELS_FLAGS_H
#define KERNELS_FLAGS_H

#include <stdio.h>
#include <string.h>

struct kflag {
	const char *name; /* "--graph" */
	int *value;       /* set to 1 when given */
};

/* Parse argv against flags (NULL-terminated by name). Returns -1 to go on,
 * or the exit code: 0 after --help (usage on stdout), 2 after an unknown
 * option (the option and the usage on stderr). */
static inline int kflags_parse(int argc, char **argv, const char *prog, const struct kflag *flags,
			       void (*usage)(FILE *))
{
	for (int i = 1; i < argc; i++) {
		const struct kflag *f = flags;
		while (f->name && strcmp(argv[i], f->name) != 0)
			f++;
		if (f->name) {
			*f->value = 1;
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "%s: unknown option '%s'\n", prog, argv[i]);
			usage(stderr);
			return 2;
		}
	}
	return -1;
}

#endif
