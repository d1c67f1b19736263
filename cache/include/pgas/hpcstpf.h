/*
 * The software cache of Cong et al., "Tool-assisted performance measurement and tuning of UPC
 * applications", section 4, as a C API with the paper's names: a per-thread, per-array
 * cache of remote elements, filled by coalesced prefetches and written back coalesced.
 *
 * A tile (the paper's loop chunk) is:
 *   hpcstpf_hint(h, i) ...                  indices the tile will read (deduplicated, grouped by owner)
 *   hpcstpf_start_download(h);
 *   hpcstpf_finish_download(h);             one vector get per owner thread (split phase)
 *   hpcstpf_get(h, i, &v) / _put(h, i, &v)  served from the cache (or local memory)
 *   hpcstpf_start_upload(h);
 *   hpcstpf_finish_upload(h);               dirty elements written back, one call per owner
 * finish_upload ends the tile and empties the cache (no replacement inside a tile). More hint/download
 * rounds may follow a download inside one tile; already cached elements are not fetched again.
 *
 * Consistency is relaxed: a cached value may be stale with respect to other threads' writes; written values
 * are visible to other threads after the writer's finish_upload and the next barrier.
 *
 * Elements with affinity to the calling thread are never cached: get reads and put writes local memory
 * directly (put applies the combining policy atomically). A get of an index that was not hinted costs one
 * remote_get and caches the element, so incomplete hints stay correct.
 *
 * Nor are other threads' elements that this thread can address (remote_cast: every peer's on one machine
 * with no emulated network): copying what a load reaches only adds work. Their hints are ignored, get and
 * put access them in place (put combining atomically), and stats.direct counts them (closing a cache with
 * such puts not followed by an upload is still an error, as it would be on a network). Not under
 * HPCSTPF_PRIORITY (its writes need the owner's lock), nor with PGAS_CACHE_DIRECT=0 in the environment,
 * nor under the tracer or pgasrun --latency, where remote_cast returns NULL for peers: there every element
 * moves through the transport functions as described above.
 *
 * Memory: a cache holds at most C = min(chunk, number of elements) elements. Hints beyond C in one tile are
 * dropped (their gets fall back to single remote gets, uncached). Its buffers take at most
 *   hpcstpf_memory_bound(chunk, elem_size) = C * (112 + 3 * elem_size) + 16 * THREADS + 64 bytes,
 * allocated at open except the hash table, which starts at 16 KiB and doubles while more than half full, up
 * to its share of the bound (a tile that hints few elements never touches a large table).
 *
 * HPCSTPF_PRIORITY: among the threads that write an element in one barrier phase, the lowest rank wins,
 * whatever the order of their uploads; a write in a later phase wins over one in an earlier phase. Every
 * element has a tag (phase, rank of the last writer) in a companion shared array of 8 bytes per element,
 * laid out like the array; an upload to one owner holds that owner's lock while it reads the tags (one
 * vector get) and writes the values and tags it wins (two vector puts). Local puts take the same lock.
 * Opening and closing a priority cache are collective (every thread, same arguments), since they allocate
 * and free the tags and THREADS locks; the cache's own buffers stay within the bound above. Writes that
 * bypass the cache take no part in the order.
 *
 * Misuse (get or put before the download finished, use of a closed cache, an index out of range, an unknown
 * policy, a combining policy for a non-numeric element) prints "pgas-cache: thread T: error: ..." and ends
 * the job with exit status 70, like the runtime's own errors.
 */
#ifndef PGAS_HPCSTPF_H
#define PGAS_HPCSTPF_H

#include <stddef.h>
#include <stdint.h>

#include "pgas/transport.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An open cache: an id that stays invalid after hpcstpf_close (its reuse is detected). 0 is never valid. */
typedef uint64_t hpcstpf_handle_t;

/* How concurrent write-backs of the same element combine. In C++ the enum has C's underlying type, fixed,
 * so that any value a C caller passes is a value of the type: an unknown one is reported, not undefined.
 * (clang-format cannot lay out a base clause under #ifdef.) */
/* clang-format off */
typedef enum
#ifdef __cplusplus
    : unsigned int
#endif
{
  HPCSTPF_ANY = 0,      /* one of the written values wins (last writer) */
  HPCSTPF_PRIORITY = 1, /* the lowest writing thread rank of the barrier phase wins (see above) */
  HPCSTPF_MIN = 2,      /* memory becomes min(memory, written values) */
  HPCSTPF_MAX = 3,      /* memory becomes max(memory, written values) */
  HPCSTPF_SUM = 4       /* memory becomes memory + the sum of every thread's puts */
} hpcstpf_policy_t;
/* clang-format on */

typedef struct {
  uint64_t hits;          /* gets served from the cache */
  uint64_t misses;        /* gets that needed a remote_get */
  uint64_t local;         /* gets and puts of local-affinity elements (no transport) */
  uint64_t hints_dropped; /* hints beyond the capacity of a tile */
  uint64_t elems_fetched; /* elements brought in (downloads and misses) */
  uint64_t bytes_fetched;
  uint64_t elems_written; /* elements written back by uploads */
  uint64_t bytes_written;
  uint64_t transport_calls; /* transport functions called by the cache (vector, single, accumulate) */
  uint64_t direct;          /* gets and puts of other threads' elements done in place (see remote_cast) */
} hpcstpf_stats_t;

/* Opens a cache of the shared object `array` (its layout gives element size, blocking factor and length)
 * holding up to `chunk` elements, with write policy HPCSTPF_ANY. */
hpcstpf_handle_t hpcstpf_open(pgas_handle_t array, size_t chunk);
/* The same with a write policy; `type` is the element type for MIN / MAX / SUM (ignored for ANY). */
hpcstpf_handle_t hpcstpf_open_ex(pgas_handle_t array, size_t chunk, hpcstpf_policy_t policy,
                                 pgas_type_t type);

void hpcstpf_hint(hpcstpf_handle_t h, size_t index);
void hpcstpf_start_download(hpcstpf_handle_t h);
void hpcstpf_finish_download(hpcstpf_handle_t h);
void hpcstpf_get(hpcstpf_handle_t h, size_t index, void *value);
void hpcstpf_put(hpcstpf_handle_t h, size_t index, const void *value);
void hpcstpf_start_upload(hpcstpf_handle_t h);
void hpcstpf_finish_upload(hpcstpf_handle_t h);
void hpcstpf_close(hpcstpf_handle_t h);

void hpcstpf_stats(hpcstpf_handle_t h, hpcstpf_stats_t *stats);
/* Bytes the cache's buffers use now, and the bound above. */
size_t hpcstpf_memory(hpcstpf_handle_t h);
/* 0 when every element of the array is accessed in place (see above), so that hints would change nothing
 * and an inspector loop that only hints can be skipped; 1 otherwise. */
int hpcstpf_wants_hints(hpcstpf_handle_t h);
size_t hpcstpf_memory_bound(size_t chunk, size_t elem_size);
/* The part of the bound that grows with the chunk: bytes per cached element (tools sizing a chunk use it). */
#define HPCSTPF_BYTES_PER_ELEMENT(elem_size) (112 + 3 * (size_t)(elem_size))

#ifdef __cplusplus
}
#endif

#endif /* PGAS_HPCSTPF_H */
