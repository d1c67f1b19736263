// upc_all_sort's runtime scratch: shared memory each thread allocates with affinity to itself for one call,
// where it keeps copies of elements, so that the user's comparison, which takes pointers-to-shared, can be
// called on them. Other threads read the part of it that SortLayout names as theirs to read; after a
// UPC_OUT_NOSYNC call they may still be reading it, so it is lent until the thread's next sort.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "coll/engine.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/upc_collective.h"
#include "runtime.hpp"

namespace pgas::rt::coll {

// Where a thread's scratch keeps what, for a thread sorting `part` elements among `threads`:
//   read by every thread: its part sorted (elements, then their original indices), and its samples
//     (threads - 1 elements of the sorted part, then their indices);
//   its own: every thread's samples, gathered to be sorted, and one element read while searching.
// Regions start on cache lines, so elements keep the alignment they had in the array.
struct SortLayout {
  static constexpr std::size_t kLine = 64;
  static std::size_t line(std::size_t n) { return (n + kLine - 1) / kLine * kLine; }

  SortLayout(std::size_t part, std::size_t threads, std::size_t elem_size)
      : indices(line(part * elem_size)),
        samples(indices + line(part * sizeof(std::uint64_t))),
        sample_indices(samples + line((threads - 1) * elem_size)),
        all_samples(sample_indices + line((threads - 1) * sizeof(std::uint64_t))),
        probe(all_samples + line(threads * (threads - 1) * elem_size)),
        bytes(probe + line(elem_size)) {}

  static constexpr std::size_t sorted = 0;
  std::size_t indices, samples, sample_indices, all_samples, probe, bytes;
};

// `bytes` of shared memory with affinity to the calling thread, zero, freed with the object.
class Scratch {
 public:
  Scratch(std::size_t bytes, const std::string &site)
      : handle_(allocate(bytes, site)), base_(static_cast<char *>(detail::local_base(handle_))) {}
  ~Scratch() { detail::free_shared(handle_, "upc_all_sort"); }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;

  pgas_handle_t handle() const { return handle_; }
  char *at(std::size_t offset) const { return base_ + offset; }
  detail::gaddr address(std::size_t offset) const { return {handle_, g_runtime.mythread, offset}; }
  // What the user's comparison gets: a pointer-to-shared to the element at `offset`.
  pgas_shared_ptr pointer(std::size_t offset) const {
    return pgas_shared_ptr(handle_, g_runtime.mythread, 0, offset, 1);
  }
  std::uint64_t index(std::size_t offset) const {
    std::uint64_t value;
    std::memcpy(&value, base_ + offset, sizeof value);
    return value;
  }
  void set_index(std::size_t offset, std::uint64_t value) const {
    std::memcpy(base_ + offset, &value, sizeof value);
  }

 private:
  // Named in traces and messages; `site` is the sort's "file:line".
  static pgas_handle_t allocate(std::size_t bytes, const std::string &site) {
    const pgas_layout_t layout{.elem_size = 1,
                               .block = 0,
                               .nelems = bytes,
                               .owner = g_runtime.mythread,
                               .kind = PGAS_ALLOC_LOCAL,
                               .name = "upc_all_sort scratch",
                               .site = site.c_str()};
    return remote_alloc(&layout);
  }

  pgas_handle_t handle_;
  char *base_;
};

// This thread's scratch from its last UPC_OUT_NOSYNC sort, which other threads may still be reading, and the
// number of that call (never destroyed: a scratch is freed only while the runtime runs).
struct LentScratch {
  std::unique_ptr<Scratch> scratch;
  std::uint64_t sequence = 0;
};
inline LentScratch &lent_scratch() {
  static LentScratch *const kept = new LentScratch;
  return *kept;
}

inline void lend_scratch(std::unique_ptr<Scratch> scratch, std::uint64_t sequence) {
  lent_scratch() = {std::move(scratch), sequence};
}

// Frees the scratch lent by the last UPC_OUT_NOSYNC sort once every thread is done with that call.
inline void reclaim_lent_scratch() {
  LentScratch &l = lent_scratch();
  if (!l.scratch) return;
  Call::wait_all_done(l.sequence);
  l.scratch.reset();
}

}  // namespace pgas::rt::coll
