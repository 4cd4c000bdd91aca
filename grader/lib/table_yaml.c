/*
 * table_yaml.c - the exercise file's `table:` block, written with libyaml's
 * emitter so quoting and escaping are libyaml's, never ours. Shared by
 * `grader table import` and the kernels' `--yaml` switch.
 *
 * Shape (one flow mapping per row, so a table reads like the workbook's):
 *
 *   hardware: "NVIDIA L4"
 *   table:
 *   - {op: "aten::matmul", cuda_ms: 38.4, cpu_ms: 4.1, calls: 18, memory_bytes: 0}
 */
#include "table.h"

#include <math.h>
#include <string.h>
#include <yaml.h>

/* Emit one scalar; plain style for numbers and keys, double-quoted for data. */
static int scalar(yaml_emitter_t *e, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;
	if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
					  (int)strlen(s), 1, 1, style))
		return -1;
	return yaml_emitter_emit(e, &ev) ? 0 : -1;
}

/* Milliseconds to 3 decimals without trailing zeros: 38.4, 0, 0.012. */
static void fmt_ms(char *buf, size_t n, double ms)
{
	if (!isfinite(ms))
		ms = 0;
	snprintf(buf, n, "%.3f", ms);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *end = buf + strlen(buf) - 1;
		while (end > dot && *end == '0')
			*end-- = '\0';
		if (end == dot)
			*end = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
}

static int key_value(yaml_emitter_t *e, const char *key, const char *value,
		     yaml_scalar_style_t style)
{
	if (scalar(e, key, YAML_PLAIN_SCALAR_STYLE) < 0)
		return -1;
	return scalar(e, value, style);
}

int gr_table_emit_yaml(const struct gr_table *t, const char *hardware, FILE *out)
{
	yaml_emitter_t e;
	yaml_event_t ev;
	int rc = -1;

	if (!yaml_emitter_initialize(&e))
		return -1;
	yaml_emitter_set_output_file(&e, out);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_width(&e, -1); /* one row per line, however long the op */

	if (!yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) ||
	    !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) ||
	    !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE) ||
	    !yaml_emitter_emit(&e, &ev))
		goto done;
	if (hardware && key_value(&e, "hardware", hardware, YAML_DOUBLE_QUOTED_SCALAR_STYLE) < 0)
		goto done;
	if (scalar(&e, "table", YAML_PLAIN_SCALAR_STYLE) < 0)
		goto done;
	if (!yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE) ||
	    !yaml_emitter_emit(&e, &ev))
		goto done;
	for (size_t i = 0; i < t->len; i++) {
		const struct gr_table_row *r = &t->rows[i];
		char cuda[64], cpu[64], calls[32], mem[64];
		fmt_ms(cuda, sizeof(cuda), r->cuda_ms);
		fmt_ms(cpu, sizeof(cpu), r->cpu_ms);
		snprintf(calls, sizeof(calls), "%lld", r->calls);
		snprintf(mem, sizeof(mem), "%.0f", isfinite(r->memory_bytes) ? r->memory_bytes : 0.0);
		if (strcmp(mem, "-0") == 0)
			strcpy(mem, "0");
		if (!yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_FLOW_MAPPING_STYLE) ||
		    !yaml_emitter_emit(&e, &ev))
			goto done;
		if (key_value(&e, "op", r->op, YAML_DOUBLE_QUOTED_SCALAR_STYLE) < 0 ||
		    key_value(&e, "cuda_ms", cuda, YAML_PLAIN_SCALAR_STYLE) < 0 ||
		    key_value(&e, "cpu_ms", cpu, YAML_PLAIN_SCALAR_STYLE) < 0 ||
		    key_value(&e, "calls", calls, YAML_PLAIN_SCALAR_STYLE) < 0 ||
		    key_value(&e, "memory_bytes", mem, YAML_PLAIN_SCALAR_STYLE) < 0)
			goto done;
		if (!yaml_mapping_end_event_initialize(&ev) || !yaml_emitter_emit(&e, &ev))
			goto done;
	}
	if (!yaml_sequence_end_event_initialize(&ev) || !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_mapping_end_event_initialize(&ev) || !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_document_end_event_initialize(&ev, 1) || !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_stream_end_event_initialize(&ev) || !yaml_emitter_emit(&e, &ev))
		goto done;
	if (!yaml_emitter_flush(&e))
		goto done;
	rc = ferror(out) ? -1 : 0;
done:
	yaml_emitter_delete(&e);
	return rc;
}
