// The untyped software cache behind pgas::cache<T> and the hpcstpf_* C API (see pgas/hpcstpf.h for the
// semantics and the memory bound). Not for direct use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "pgas/detail/cache_table.hpp"
#include "pgas/detail/fast_divisor.hpp"
#include "pgas/hpcstpf.h"
#include "pgas/layout.hpp"
#include "pgas/transport.h"

#pragma GCC visibility push(default)

namespace pgas::detail {

// Where the cached elements live: index i is element base + i of a UPC layout over THREADS threads.
struct cache_geometry {
  pgas_handle_t handle;
  std::size_t elem_size;  // bytes cached, fetched and written back per element
  // Bytes from one element to the next in a thread's part: elem_size, or the struct's size when the cache
  // holds one member of each struct element (byte_skew then includes the member's offset).
  std::size_t stride;
  std::size_t block;  // 0 = indefinite: everything on `owner`
  int owner;
  std::size_t base;           // global index of the cache's index 0
  std::size_t count;          // indices 0 .. count - 1 are valid
  std::size_t byte_skew = 0;  // added to every byte offset (a pointer not aligned to its element type)
};

class priority_writer;

class cache_core {
 public:
  // `type` is needed by the combining policies only.
  cache_core(const cache_geometry &geometry, std::size_t chunk, hpcstpf_policy_t policy, pgas_type_t type,
             const char *api);
  ~cache_core();
  cache_core(const cache_core &) = delete;
  cache_core &operator=(const cache_core &) = delete;

  // Inline: hints and hits are the per-element work of a tile; a local element needs no more than this.
  void hint(std::size_t index) {
    if (phase_ == phase::closed || phase_ == phase::uploading || index >= g_.count) [[unlikely]]
      hint_misuse(index);
    where w = locate(index);
    if (in_place_[w.thread] == nullptr) hint_remote(index, w);  // others are read in place at get
  }
  // get() for local elements and hits, with the element size known at compile time; false when get() must
  // run (a miss, or misuse to report). Gets in the order of the hints find their values without hashing.
  // Always inlined: an element read in place (this thread's own, or a peer's on one machine) then costs a
  // few tests, the owner's division and a load, with no call.
  template <std::size_t Size>
  [[gnu::always_inline]] bool try_get(std::size_t index, void *value) {
    if (phase_ != phase::ready) [[unlikely]]
      return false;
    if (cursor_ < replay_.size()) {
      const replayed &r = replay_[cursor_];
      if (r.index == index && r.position < downloaded_) {
        ++cursor_;
        std::memcpy(value, values_.data() + std::size_t{r.position} * Size, Size);
        ++stats_.hits;
        return true;
      }
    }
    if (index >= g_.count) [[unlikely]]
      return false;
    where w = locate(index);
    const char *from;
    if (const char *base = in_place_[w.thread]) {
      from = base + w.offset;
      count_in_place(w.thread);
    } else {
      std::uint32_t slot = table_->find(index);
      if (slot == cache_table::kNone || !valid(slot)) return false;
      from = values_.data() + std::size_t{table_->value(slot)} * Size;
      ++stats_.hits;
    }
    std::memcpy(value, from, Size);
    return true;
  }
  void start_download();
  void finish_download();
  void get(std::size_t index, void *value);
  // Indices first, first + stride, ... (`count` of them) as one dense array of elements, valid until the
  // tile ends, or until close() when `until_close` (cache_runs.cpp; a strided run lasts one tile).
  const void *run(std::size_t first, std::size_t count, bool until_close = false, std::size_t stride = 1);
  void put(std::size_t index, const void *value) {
    if (!copied_runs_.empty() || !kept_runs_.empty()) [[unlikely]]
      refuse_put_in_run(index);
    put_element(index, value);
  }
  void start_upload();
  void finish_upload();
  void close();  // releases the buffers; any later use is an error
  // Ends the tile as an exception leaves it: completes transfers in flight and uploads what was written (the
  // writes the loop made before the exception), then releases the buffers without the collective part of
  // close (other threads are not closing). Never stops the job for the state the exception left.
  void abandon();

  const hpcstpf_stats_t &stats() const { return stats_; }
  std::size_t memory_bytes() const;
  std::size_t capacity() const { return capacity_; }
  std::size_t count() const { return g_.count; }  // valid indices are [0, count)
  bool wants_hints() const { return wants_hints_; }

 private:
  enum class phase { idle, downloading, ready, uploading, closed };
  struct where {
    int thread;
    std::size_t offset;
  };
  struct pending {
    std::uint32_t position;  // in values_
    int thread;
    std::size_t offset;
  };
  struct replayed {  // a hint, in order: a get of the same index takes its value at `position`
    std::size_t index;
    std::uint32_t position;
  };

  // Whether an entry's value holds the element: fetched by a get, written under ANY, or hinted and
  // downloaded (positions below downloaded_ were assigned before the last download started).
  bool valid(std::uint32_t slot) const {
    std::uint8_t state = table_->state(slot);
    return (state & cache_table::kValid) ||
           ((state & cache_table::kHinted) && table_->value(slot) < downloaded_);
  }
  // Hinted after the last download: its value comes with the next one.
  bool awaiting_download(std::uint32_t slot) const {
    return (table_->state(slot) & cache_table::kHinted) && table_->value(slot) >= downloaded_;
  }

  // The owner and byte offset of a valid index. The block of the last index located is remembered: the
  // indices of a tile mostly fall in a few large blocks (a band of rows), which then need no division.
  where locate(std::size_t index) const {
    if (g_.block == 1) {  // cyclic, the default: one division by THREADS
      const auto [round, thread] = by_threads_.divide(g_.base + index);
      return {static_cast<int>(thread), round * g_.stride + g_.byte_skew};
    }
    if (g_.block == 0)  // indefinite: everything on the owner, nothing to remember
      return {g_.owner, (g_.base + index) * g_.stride + g_.byte_skew};
    if (index - last_block_.first < last_block_.count)
      return {last_block_.thread, last_block_.offset + (index - last_block_.first) * g_.stride};
    layout::Position p = layout::place(g_.base + index, g_.block, by_block_, by_threads_, g_.owner);
    const where w{static_cast<int>(p.thread), static_cast<std::size_t>(p.local) * g_.stride + g_.byte_skew};
    const auto phase = static_cast<std::size_t>(p.phase);
    last_block_ = {index - phase, g_.block, w.thread, w.offset - phase * g_.stride};
    return w;
  }
  void count_in_place(int thread) { ++(thread == mythread_ ? stats_.local : stats_.direct); }
  where checked_locate(std::size_t index, const char *operation) const;
  [[noreturn]] void hint_misuse(std::size_t index) const;
  void hint_remote(std::size_t index, const where &w);
  [[noreturn]] void misuse(const char *operation, const char *what) const;
  void require_ready(const char *operation) const;
  void fetch_single(const where &w, void *dst);
  void put_element(std::size_t index, const void *value);
  void refuse_put_in_run(std::size_t index) const;
  bool contiguous_in_place(std::size_t first, std::size_t count, const where &at) const;
  bool contiguous(std::size_t first, std::size_t count) const;
  void read_by_blocks(std::size_t first, std::size_t count, char *to);
  void release_runs();
  void release_kept_runs();
  void write_through(const where &w, const void *value);
  void issue_grouped(bool download, char *buffer);
  void release();
  // ANY and PRIORITY keep the written value itself; MIN / MAX / SUM keep a combined contribution.
  bool writes_values() const { return policy_ == HPCSTPF_ANY || policy_ == HPCSTPF_PRIORITY; }

  cache_geometry g_;
  fast_divisor by_block_, by_threads_;
  int mythread_, threads_;
  // Where each thread's part can be read and written in place (remote_cast), or nullptr: always this
  // thread's own part, and peers' on one machine with no emulated network (not under PRIORITY, whose
  // writes need the owner's lock, nor with PGAS_CACHE_DIRECT=0). Such elements bypass the table.
  std::vector<char *> in_place_;
  bool wants_hints_ = true;  // some part that holds elements is not in place
  std::size_t capacity_;
  hpcstpf_policy_t policy_;
  pgas_type_t type_;
  pgas_acc_op_t acc_op_ = PGAS_ACC_REPLACE;
  const char *api_;  // "hpcstpf_" or "pgas::cache::", for messages
  phase phase_ = phase::idle;
  struct block_memo {  // indices [first, first + count) are on `thread`, the first at byte `offset`
    std::size_t first = 0, count = 0;
    int thread = 0;
    std::size_t offset = 0;
  };
  mutable block_memo last_block_;

  std::unique_ptr<cache_table> table_;
  std::unique_ptr<priority_writer> priority_;    // PRIORITY only
  uninitialized_vector<char> values_;            // one value per table entry, at the entry's position
  uninitialized_vector<char> contributions_;     // MIN / MAX / SUM: this thread's puts per entry, combined
  uninitialized_vector<char> staging_;           // values of a download or an upload, grouped by owner
  fixed_vector<pending> pending_;                // hinted, not yet requested (at most one per entry)
  fixed_vector<replayed> replay_;                // the tile's first capacity_ hints, in order
  uninitialized_vector<std::size_t> offsets_;    // offsets of the transfer in flight, grouped by owner
  uninitialized_vector<std::uint32_t> scatter_;  // where each element of a download goes in values_
  std::vector<std::size_t> per_thread_;          // counts, then starts, of a grouping by owner
  std::vector<pgas_token_t> tokens_;
  struct copied_run {  // a run() of this tile read into a private copy
    std::size_t first, count;
    std::unique_ptr<char[]> bytes;
    std::size_t stride = 1;
    bool holds(std::size_t index) const {
      const std::size_t d = index - first;
      return d / stride < count && d % stride == 0;
    }
  };
  std::vector<copied_run> copied_runs_;
  std::vector<copied_run> kept_runs_;  // runs kept until close(), across tiles
  std::uint32_t next_value_ = 0;
  std::uint32_t downloaded_ = 0;      // hinted entries below this position have been downloaded
  std::size_t in_flight_ = 0;         // elements of the download in flight
  std::size_t cursor_ = 0;            // the next hint a get is expected to replay
  std::size_t dirty_ = 0;             // entries written in this tile
  std::size_t written_in_place_ = 0;  // puts to peers' elements in place in this tile (counted per put)
  hpcstpf_stats_t stats_{};
};

// Inline: the table work of a hint is the per-element work of a tile's inspector.
inline void cache_core::hint_remote(std::size_t index, const where &w) {
  bool inserted;
  std::uint32_t slot = table_->insert(index, inserted);
  if (slot == cache_table::kNone) {
    ++stats_.hints_dropped;
    return;
  }
  std::uint32_t position;
  if (inserted) {
    position = next_value_++;
    table_->value(slot) = position;
    table_->state(slot) = cache_table::kHinted;
    pending_.push_back({position, w.thread, w.offset});
  } else {
    // A duplicate, or already cached; an element only written (combining policies) is read at get.
    if (!(table_->state(slot) & (cache_table::kHinted | cache_table::kValid))) return;
    position = table_->value(slot);
  }
  if (!replay_.full()) replay_.push_back({index, position});
}

}  // namespace pgas::detail

#pragma GCC visibility pop
