// The UPC 1.2 collectives (UPC Collectives Specification 1.2, section 7.3) over the dialect's
// pointers-to-shared: relocalization (broadcast, scatter, gather, gather_all, exchange, permute) and
// computation (reduce and prefix reduce for every type suffix, sort).
//
// Layouts, as in UPC 1.2 (every pointer argument is single-valued: the same on every thread):
//   upc_all_broadcast   src: nbytes on threadof(src)           dst: block i (nbytes) on thread i
//   upc_all_scatter     src: THREADS blocks on threadof(src)   dst: block i on thread i
//   upc_all_gather      src: block i on thread i               dst: THREADS blocks on threadof(dst)
//   upc_all_gather_all  src: block i on thread i               dst: THREADS blocks on every thread
//   upc_all_exchange    src, dst: THREADS blocks on every thread; src block j of thread i -> dst block i
//                       of thread j
//   upc_all_permute     src, dst: block i on thread i; thread i's block goes to thread perm[i]
// "Block i on thread i" is `shared [nbytes] char[nbytes * THREADS]`: the pointer must have affinity to thread
// 0 and the block lies at the same address field on every thread (collectively allocated objects have
// equal address fields on every thread). "THREADS blocks on a thread" is `shared [] char[...]`: contiguous
// on that thread.
//
// Reduce and prefix reduce treat src (and prefix reduce's dst) as `shared [blk_size] TYPE *` (blk_size 0:
// indefinite) starting where the pointer points; reduce writes one TYPE at dst. UPC_FUNC applies a
// commutative and associative func, UPC_NONCOMM_FUNC an associative one in element order; func is ignored
// for the other ops. UPC_AND/OR/XOR are not defined for F, D and LD. All threads compute a reduction: integer
// results and UPC_NONCOMM_FUNC's equal the sequential left fold exactly; floating sums and products may
// differ from it in rounding (the operands are grouped by thread). perm is read whole by every thread when
// it enters upc_all_permute, whatever the sync mode: like a single-valued argument, its values must be in
// place before the first thread enters.
//
// sync_mode: one of UPC_IN_{NO,MY,ALL}SYNC ored with one of UPC_OUT_{NO,MY,ALL}SYNC (0 in a group means
// ALLSYNC), with the meaning of the specification: IN NO: data may be touched once any thread entered; MY:
// only data of threads that entered; ALL: only after every thread entered. OUT NO: data may be touched
// until the last thread returns; MY: a thread returns once all accesses to its data are done; ALL: once all
// accesses are done. MYSYNC is implemented by strict flags (no locks); ALLSYNC by a barrier.
// PGAS_COLL_MYSYNC (environment: pull|push, flat|tree, poll|vector, backoff|spin, comma-separated; default
// pull,flat,poll,backoff) chooses whether a relocalization moves its data by the reading thread (pull) or
// the writing thread (push), and how MYSYNC waits (README's environment table).
//
// Every call is a collective operation of the job: a thread in a different collective, or one passing
// different single-valued arguments, stops the job (exit status 70) with a message naming the call and the
// threads, as do a perm that is not a permutation, nbytes 0 and blocks that overflow their objects.
#ifndef PGAS_UPC_COLLECTIVE_H
#define PGAS_UPC_COLLECTIVE_H

// UPC 1.3 collectives library 7.3: the feature macro.
#define __UPC_COLLECTIVE__ 1

#include <cstddef>
#include <source_location>

#include "pgas/global_ptr.hpp"
#include "pgas/upc_flags.h"
#include "pgas/upc_reduce_types.h"
#include "pgas/upc_types.h"

// upc_op_t and UPC_ADD ... UPC_NONCOMM_FUNC: pgas/upc_types.h.

#pragma GCC visibility push(default)

using pgas_shared_ptr = pgas::global_ptr<void>;
using pgas_shared_cptr = pgas::global_ptr<const void>;
using pgas_here = std::source_location;

void upc_all_broadcast(pgas_shared_ptr dst, pgas_shared_cptr src, std::size_t nbytes, upc_flag_t sync_mode,
                       pgas_here where = pgas_here::current());
void upc_all_scatter(pgas_shared_ptr dst, pgas_shared_cptr src, std::size_t nbytes, upc_flag_t sync_mode,
                     pgas_here where = pgas_here::current());
void upc_all_gather(pgas_shared_ptr dst, pgas_shared_cptr src, std::size_t nbytes, upc_flag_t sync_mode,
                    pgas_here where = pgas_here::current());
void upc_all_gather_all(pgas_shared_ptr dst, pgas_shared_cptr src, std::size_t nbytes, upc_flag_t sync_mode,
                        pgas_here where = pgas_here::current());
void upc_all_exchange(pgas_shared_ptr dst, pgas_shared_cptr src, std::size_t nbytes, upc_flag_t sync_mode,
                      pgas_here where = pgas_here::current());
void upc_all_permute(pgas_shared_ptr dst, pgas_shared_cptr src, pgas::global_ptr<const int> perm,
                     std::size_t nbytes, upc_flag_t sync_mode, pgas_here where = pgas_here::current());

#define PGAS_UPC_DECLARE_REDUCE(T, TYPE)                                                                    \
  void upc_all_reduce##T(pgas_shared_ptr dst, pgas_shared_cptr src, upc_op_t op, std::size_t nelems,        \
                         std::size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode,              \
                         pgas_here where = pgas_here::current());                                           \
  void upc_all_prefix_reduce##T(pgas_shared_ptr dst, pgas_shared_cptr src, upc_op_t op, std::size_t nelems, \
                                std::size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode,       \
                                pgas_here where = pgas_here::current());
PGAS_UPC_REDUCE_TYPES(PGAS_UPC_DECLARE_REDUCE)
#undef PGAS_UPC_DECLARE_REDUCE

// Sorts nelems elements of elem_size bytes of `shared [blk_size]` memory at `array` (blk_size 0: indefinite)
// in place, stably, by func (negative, zero, positive like qsort). Every thread sorts a part and merges a
// range of the result (a sample sort); equal elements keep their original order, so the result is the
// sequential stable sort's at any THREADS. func is called by every thread, with pointers-to-shared to copies
// of elements in a shared scratch area the runtime allocates with affinity to the calling thread for the call
// (not into `array`; func may dereference them, must not keep them, and must order consistently). With
// UPC_OUT_NOSYNC a thread's scratch outlives the call until its next upc_all_sort, which frees it once every
// thread is done with it.
void upc_all_sort(pgas_shared_ptr array, std::size_t elem_size, std::size_t nelems, std::size_t blk_size,
                  int (*func)(pgas_shared_ptr, pgas_shared_ptr), upc_flag_t sync_mode,
                  pgas_here where = pgas_here::current());

#pragma GCC visibility pop

#endif  // PGAS_UPC_COLLECTIVE_H
