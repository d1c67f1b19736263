// The relocalization collectives as the text defines them (upc-lib-collectives.tex, "Relocalization
// Operations"), written on byte images of the source and destination objects, and one round of a call
// with the synchronization its flags require of the caller and no more.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "coll_conf_util.hpp"

namespace ccoll {

enum class Kind { broadcast, scatter, gather, gather_all, exchange, permute };
inline const Kind kKinds[] = {Kind::broadcast,  Kind::scatter,  Kind::gather,
                              Kind::gather_all, Kind::exchange, Kind::permute};

inline const char *name_of(Kind k) {
  switch (k) {
    case Kind::broadcast:
      return "upc_all_broadcast";
    case Kind::scatter:
      return "upc_all_scatter";
    case Kind::gather:
      return "upc_all_gather";
    case Kind::gather_all:
      return "upc_all_gather_all";
    case Kind::exchange:
      return "upc_all_exchange";
    case Kind::permute:
      return "upc_all_permute";
  }
  return "?";
}

// The bytes each view covers from its pointer:
//  broadcast  src `shared [] char[nbytes]`           dst `shared [nbytes] char[nbytes*THREADS]`
//  scatter    src `shared [] char[nbytes*THREADS]`   dst `shared [nbytes] char[nbytes*THREADS]`
//  gather     src `shared [nbytes] char[...]`        dst `shared [] char[nbytes*THREADS]`
//  gather_all src `shared [nbytes] char[...]`        dst `shared [nbytes*THREADS] char[...*THREADS]`
//  exchange   src, dst `shared [nbytes*THREADS] char[nbytes*THREADS*THREADS]`
//  permute    src, dst `shared [nbytes] char[nbytes*THREADS]`
// so the bytes a view has on a thread, counted from the pointer's address field:
inline std::size_t src_span(Kind k, std::size_t nbytes) {
  return k == Kind::scatter || k == Kind::exchange ? nbytes * T() : nbytes;
}
inline std::size_t dst_span(Kind k, std::size_t nbytes) {
  return k == Kind::gather || k == Kind::gather_all || k == Kind::exchange ? nbytes * T() : nbytes;
}
// Whether the text requires the pointer to have affinity to thread 0 ("The target of the dst pointer must
// have affinity to thread 0", and so on); the others may point to any thread.
inline bool src_on_zero(Kind k) { return k != Kind::broadcast && k != Kind::scatter; }
inline bool dst_on_zero(Kind k) { return k != Kind::gather; }

// A pointer as the text sees it: its thread and its address field (byte offset in that thread's part).
// "The dst pointer is treated as if it has phase 0": for a `shared [nbytes] char` view from thread 0 the
// block with affinity to thread i is at the same address field on thread i.
struct Loc {
  std::size_t thread, offset;
};

inline void copy_bytes(Image &to, std::size_t to_t, std::size_t to_off, const Image &from, std::size_t from_t,
                       std::size_t from_off, std::size_t n) {
  for (std::size_t b = 0; b < n; ++b) to[to_t].at(to_off + b) = from[from_t].at(from_off + b);
}

// What dst holds after the call, from the "effect is equivalent to" paragraph of each function.
inline void apply(Kind k, Image &dst, Loc d, const Image &src, Loc s, std::size_t nbytes,
                  const std::vector<int> &perm) {
  const std::size_t n = T();
  for (std::size_t i = 0; i < n; ++i) {
    switch (k) {
      case Kind::broadcast:  // "copying the entire array pointed to by src to each block ... of dst"
        copy_bytes(dst, i, d.offset, src, s.thread, s.offset, nbytes);
        break;
      case Kind::scatter:  // "the ith block ... pointed to by src to the block ... with affinity to thread i"
        copy_bytes(dst, i, d.offset, src, s.thread, s.offset + i * nbytes, nbytes);
        break;
      case Kind::gather:  // "the block ... that has affinity to thread i to the ith block ... by dst"
        copy_bytes(dst, d.thread, d.offset + i * nbytes, src, i, s.offset, nbytes);
        break;
      case Kind::gather_all:  // "the ith block ... by src to the ith block ... by dst that has affinity to
                              // each thread"
        for (std::size_t j = 0; j < n; ++j)
          copy_bytes(dst, j, d.offset + i * nbytes, src, i, s.offset, nbytes);
        break;
      case Kind::exchange:  // "the ith block ... that has affinity to thread j pointed to by src to the jth
                            // block ... that has affinity to thread i pointed to by dst"
        for (std::size_t j = 0; j < n; ++j)
          copy_bytes(dst, i, d.offset + j * nbytes, src, j, s.offset + i * nbytes, nbytes);
        break;
      case Kind::permute:  // "the block ... with affinity to thread i ... to the block ... that has affinity
                           // to thread perm[i]"
        copy_bytes(dst, static_cast<std::size_t>(perm[i]), d.offset, src, i, s.offset, nbytes);
        break;
    }
  }
}

inline void call(Kind k, pgas::global_ptr<void> dst, pgas::global_ptr<const void> src,
                 pgas::global_ptr<const int> perm, std::size_t nbytes, upc_flag_t flags) {
  switch (k) {
    case Kind::broadcast:
      upc_all_broadcast(dst, src, nbytes, flags);
      break;
    case Kind::scatter:
      upc_all_scatter(dst, src, nbytes, flags);
      break;
    case Kind::gather:
      upc_all_gather(dst, src, nbytes, flags);
      break;
    case Kind::gather_all:
      upc_all_gather_all(dst, src, nbytes, flags);
      break;
    case Kind::exchange:
      upc_all_exchange(dst, src, nbytes, flags);
      break;
    case Kind::permute:
      upc_all_permute(dst, src, perm, nbytes, flags);
      break;
  }
}

// One call: dst element dk and src element sk of two areas. The perm array (cyclic, perm[i] on thread i,
// the `shared const int *` the synopsis takes) must already hold `perm`.
struct Round {
  Kind kind;
  const AnyArea &src;
  std::size_t sk;
  const AnyArea &dst;
  std::size_t dk;
  std::size_t nbytes;
  Sync sync;
  std::size_t salt;
  bool skewed;
  pgas::global_ptr<const int> perm_ptr;
  std::vector<int> perm;
  std::string what() const {
    return std::string(name_of(kind)) + " nbytes " + std::to_string(nbytes) + " " + sync.name + " src " +
           src.name() + "[" + std::to_string(sk) + "] dst " + dst.name() + "[" + std::to_string(dk) + "]";
  }
};

// Runs one round and checks it; every thread calls it, and it ends with a barrier. What the caller does
// around the call follows the flags exactly (upc-lib-mem-semantics.tex):
//  IN_NOSYNC  "may begin to read or write data when the first thread has entered": all data in place and
//             a barrier before anyone enters;
//  IN_MYSYNC  "only data which has affinity to threads that have entered": each thread writes its own parts
//             right before it enters, no barrier;
//  IN_ALLSYNC "only after all threads have entered": each thread writes the parts of ANOTHER thread (the
//             previous one) right before it enters, no barrier;
//  OUT_NOSYNC "may read and write data until the last thread has returned": a barrier before the checks;
//  OUT_MYSYNC "may return in a thread only after all reads and writes of data with affinity to the thread
//             are complete": right after returning each thread checks its own dst part, then overwrites its
//             own src part (a peer still reading it would get the wrong bytes and fail its own check);
//  OUT_ALLSYNC "only after all reads and writes of data are complete": as MYSYNC, and each thread also
//             reads every other thread's dst part right after returning.
inline void run_round(const Round &r) {
  const Image src0 = r.src.patterned_image(r.salt), dst0 = r.dst.patterned_image(r.salt + 1);
  const std::size_t writer_of = r.sync.in == 'A' ? (me() + T() - 1) % T() : me();  // whose parts I write
  r.src.write_part(writer_of, src0[writer_of]);
  r.dst.write_part(writer_of, dst0[writer_of]);
  if (r.sync.in == 'N') upc_barrier;
  if (r.skewed) skew(r.salt);
  call(r.kind, r.dst.ptr(r.dk), r.src.ptr(r.sk), r.perm_ptr, r.nbytes, r.sync.flags);
  if (r.sync.out == 'N') upc_barrier;

  Image expected = dst0;
  apply(r.kind, expected, {r.dst.thread_of(r.dk), r.dst.offset_of(r.dk)}, src0,
        {r.src.thread_of(r.sk), r.src.offset_of(r.sk)}, r.nbytes, r.perm);
  EXPECT_EQ(first_difference(expected[me()], r.dst.read_part(me())), -1)
      << r.what() << ": thread " << MYTHREAD << "'s dst part (first wrong byte)";
  EXPECT_EQ(first_difference(src0[me()], r.src.read_part(me())), -1)
      << r.what() << ": thread " << MYTHREAD << "'s src part changed";
  if (r.sync.out == 'A') {
    for (std::size_t t = 0; t < T(); ++t) {
      EXPECT_EQ(first_difference(expected[t], r.dst.read_part(t)), -1)
          << r.what() << ": thread " << t << "'s dst part as thread " << MYTHREAD << " reads it on return";
    }
  }
  // A thread whose part is empty has no local address for it (memset's pointer may not be null).
  if (r.sync.out != 'N' && r.src.part_bytes(me()) != 0)
    std::memset(r.src.mine(), 0x5a, r.src.part_bytes(me()));
  upc_barrier;
}

}  // namespace ccoll
