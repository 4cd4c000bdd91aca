/*
 * table_import.h - turn a real profiler's output into a gr_table, so an
 * instructor can make an exercise from any run (`grader table import`).
 *
 * Three inputs, auto-detected or named:
 *  - pytorch: the text of torch.profiler's key_averages().table(). Columns
 *    are found by their header names (Name, CPU total, <DEV> total, # of
 *    Calls, <DEV> Mem / CPU Mem), wherever they sit and whatever else is
 *    there (Self columns, Input Shapes, FLOPs, Node ID, Source Location).
 *    Times in s/ms/us/ns, memory in b/B/Kb/KB/KiB/Mb/MB/MiB/Gb/GB/GiB, all
 *    1024-based as PyTorch prints them. Names PyTorch truncated with "..." are
 *    kept as printed and counted in info->truncated. The table may sit inside
 *    a log; footers ("Self CPU time total: ...") are skipped.
 *  - chrome: a PyTorch/Kineto Chrome trace (JSON object with "traceEvents",
 *    or a bare event array). cpu_op and user_annotation events are the rows
 *    (CPU total = their durations). kernel, gpu_memcpy and gpu_memset events
 *    are charged to the op that launched them: by args "External id", else
 *    through args "correlation" (or an ac2g flow) to the runtime call, then to
 *    the innermost op on that thread whose span contains the call. Like the
 *    profiler's "CUDA total", an op's device time includes its children's;
 *    memory is the bytes its copies and memsets moved. GPU work no op claims
 *    keeps its own name as a row, so no time is lost.
 *  - nsys: `nsys stats --format csv` output of cuda_gpu_kern_sum (rows by
 *    kernel, CUDA time), cuda_api_sum (rows by API call, CPU time),
 *    cuda_gpu_mem_time_sum / cuda_gpu_mem_size_sum (copies: time, bytes) and
 *    nvtx_sum (ranges, CPU time). One file may hold several reports (the
 *    stdout of one `nsys stats` call); columns are found by name and the time
 *    unit by the header ("Total Time (ns)", "(us)", "(ms)", "(s)").
 *
 * Rows come out as the profiler ordered them (pytorch) or by CUDA total,
 * then CPU total, descending (chrome, nsys).
 */
#ifndef GR_TABLE_IMPORT_H
#define GR_TABLE_IMPORT_H

#include <stddef.h>

#include "table.h"

enum gr_import_format {
	GR_IMPORT_AUTO = 0, /* detect from the content */
	GR_IMPORT_PYTORCH,  /* key_averages().table() text */
	GR_IMPORT_CHROME,   /* Kineto / Chrome trace JSON */
	GR_IMPORT_NSYS,     /* nsys stats CSV */
};

#define GR_IMPORT_EIO -1     /* the file could not be read */
#define GR_IMPORT_EFORMAT -2 /* not the format, or a malformed value */
#define GR_IMPORT_ENOMEM -3  /* out of memory */

/* Where and why an import failed. line and col are 1-based; 0 when the
 * error is about the whole input (an empty file, no table found). */
struct gr_import_error {
	size_t line;
	size_t col;
	char msg[256];
};

/* What the import saw besides the rows. */
struct gr_import_info {
	enum gr_import_format format; /* the format actually parsed */
	size_t truncated;             /* op names the profiler cut with "..." */
	size_t unattributed;          /* chrome: GPU events no op claimed */
	char hardware[128];           /* chrome: deviceProperties[0].name, else "" */
};

/* "auto", "pytorch", "chrome", "nsys" -> *out. Returns 0, or -1 if unknown. */
int gr_import_format_parse(const char *name, enum gr_import_format *out);
/* The name of a format as --format spells it. */
const char *gr_import_format_name(enum gr_import_format f);

/* Guess the format of text (len bytes). Returns GR_IMPORT_AUTO when none fits. */
enum gr_import_format gr_import_detect(const char *text, size_t len);

/* Parse text (len bytes, need not be NUL-terminated) in format fmt (AUTO:
 * detect) and append its rows to *out. On failure returns a GR_IMPORT_E*
 * code with err filled (if non-NULL); rows appended before the failure are
 * left in *out for the caller to clear. info may be NULL. */
int gr_table_import_buffer(const char *text, size_t len, enum gr_import_format fmt,
			   struct gr_table *out, struct gr_import_info *info,
			   struct gr_import_error *err);

/* Read path (at most 512 MiB) and import it as above. */
int gr_table_import_file(const char *path, enum gr_import_format fmt,
			 struct gr_table *out, struct gr_import_info *info,
			 struct gr_import_error *err);

#endif
