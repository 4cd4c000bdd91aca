/*
 * ydoc.h - a parsed YAML document, kept between runs.
 *
 * libyaml's scanner is most of what loading an exercise costs once its
 * patterns come from the cache (pcache.h): some 110 instructions a byte,
 * a third of a learner's `grader grade`. The document it builds is a flat
 * array of nodes (scalars, and sequences and mappings that refer to other
 * nodes by index), so it is kept as it is: gr_ydoc_encode() writes it, with
 * the bytes it was parsed from, into a blob the pattern cache keeps, and
 * gr_ydoc_decode() rebuilds it in one allocation when the file has not
 * changed by a byte. The loader then walks the same nodes, with the same
 * marks, so every verdict and every error message (file:line:col) reads as
 * it does from a fresh parse. Only the nodes are allocated: the strings
 * are read where the blob lies (the cache file, mapped).
 *
 * A blob is checked before use: the exact source bytes, every offset, node
 * index and string terminator; one that fails is ignored (the caller
 * parses). Ownership: a decoded document's pointers point into the arena
 * gr_ydoc_decode() returns; gr_ydoc_free() releases either kind.
 */
#ifndef GR_YDOC_H
#define GR_YDOC_H

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

#include "buf.h"

/* The tag the pattern cache keeps documents under: this build's encoding
 * and libyaml's version, so another build never reads one. */
uint32_t gr_ydoc_tag(void);

/* The name the pattern cache keeps the document of src[0..len) under, into
 * out (size n, 64 is enough): its length and a hash of its bytes, so an
 * edited file's document is a new entry and the old one is dropped. */
void gr_ydoc_key(char *out, size_t n, const char *src, size_t len);

/* Append d, as yaml_parser_load() built it from src[0..len), to b. A
 * document this encoding cannot hold (counts beyond 32 bits) leaves b as
 * it was and returns -1; 0 otherwise (b's own out-of-memory is sticky). */
int gr_ydoc_encode(struct gr_buf *b, const yaml_document_t *d, const char *src, size_t len);

/* Rebuild into *d the document blob[0..blen) holds, when it was parsed from
 * exactly src[0..len). Returns the arena d's nodes live in, or NULL (blob
 * of another text, damaged, or out of memory: *d untouched). The scalars
 * and tags stay in blob, which must outlive *d and is only read. */
void *gr_ydoc_decode(yaml_document_t *d, const unsigned char *blob, size_t blen, const char *src, size_t len);

/* Free a document: a decoded one (arena from gr_ydoc_decode) or, with arena
 * NULL, one yaml_parser_load() built. */
void gr_ydoc_free(yaml_document_t *d, void *arena);

#endif
