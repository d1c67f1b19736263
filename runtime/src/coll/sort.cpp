// upc_all_sort: a sample sort (sorting by regular sampling) in which every thread works:
//   1. each thread reads its part of the elements into its scratch (coll/sort_scratch.hpp), sorts it and
//      posts where the scratch is. Its part is the elements it holds, or, when the layout leaves a thread
//      more than twice its share (blk_size 0 puts them all on one thread), a contiguous chunk of them;
//   2. each thread reads THREADS - 1 regular samples of every sorted part, sorts them and picks from them
//      the same THREADS - 1 splitters as every other thread;
//   3. thread j's bucket is the elements from splitter j - 1 up to splitter j: it finds the bucket's bounds
//      in every sorted part by binary search, reads those ranges, merges them and writes them to their
//      sorted positions (the first is the number of elements before the bucket).
// Elements are ordered by func and ties by their original index, a total order: the result is the
// sequential stable sort's, whatever the number of threads. func only ever gets pointers into the calling
// thread's scratch. Every transfer is a move of the call (a transport call the tracer attributes to it).
#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "coll/blocked.hpp"
#include "coll/sort_scratch.hpp"
#include "coll/upc_args.hpp"

using namespace pgas::rt;
using namespace pgas::rt::coll;
using pgas::detail::gaddr;

namespace {

using Compare = int (*)(pgas_shared_ptr, pgas_shared_ptr);

// An element in the calling thread's scratch and its original index.
struct Key {
  pgas_shared_ptr at;
  std::uint64_t index;
};

bool less(Compare func, const Key &a, const Key &b) {
  const int c = func(a.at, b.at);
  return c < 0 || (c == 0 && a.index < b.index);
}

// A thread's sorted part, as the others read it.
struct Part {
  int thread;
  std::size_t size;
  pgas_handle_t scratch;
  SortLayout layout;
  gaddr at(std::size_t offset) const { return {scratch, thread, offset}; }
};

// The positions 0..bounds.back() - 1 ordered by `before`, the runs [bounds[r], bounds[r + 1]) being
// ordered already: merged pairwise, a round per doubling of the run length.
template <class Before>
std::vector<std::size_t> merge_runs(const std::vector<std::size_t> &bounds, Before before) {
  std::vector<std::size_t> order(bounds.back()), merged(order.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t runs = bounds.size() - 1;
  for (std::size_t width = 1; width < runs; width *= 2) {
    for (std::size_t r = 0; r < runs; r += 2 * width) {
      const std::size_t lo = bounds[r], mid = bounds[std::min(r + width, runs)],
                        hi = bounds[std::min(r + 2 * width, runs)];
      std::merge(order.begin() + lo, order.begin() + mid, order.begin() + mid, order.begin() + hi,
                 merged.begin() + lo, before);
    }
    order.swap(merged);
  }
  return order;
}

class SampleSort {
 public:
  SampleSort(Call &call, Compare func, const std::vector<Run> &pieces, std::size_t elem_size,
             std::string site)
      : call_(call),
        func_(func),
        pieces_(pieces),
        es_(elem_size),
        n_(elements(pieces)),
        threads_(static_cast<std::size_t>(g_runtime.threads)),
        me_(g_runtime.mythread),
        site_(std::move(site)) {}

  void run() {
    reclaim_lent_scratch();
    const std::vector<Run> mine = choose_parts();
    layout_ = std::make_unique<SortLayout>(sizes_[static_cast<std::size_t>(me_)], threads_, es_);
    scratch_ = std::make_unique<Scratch>(layout_->bytes, site_);
    sort_own(mine);
    gather_parts();
    const std::vector<Key> splitters = choose_splitters();
    merge_bucket(splitters);
    call_.finish_all_to_all();
    if (call_.mode().out == Sync::kNo) lend_scratch(std::move(scratch_), call_.sequence());
  }

 private:
  // This thread's part (runs in element order); sizes_[k] is thread k's.
  std::vector<Run> choose_parts() {
    sizes_.assign(threads_, 0);
    for (const Run &r : pieces_) sizes_[static_cast<std::size_t>(r.at.thread)] += r.count;
    const std::size_t share = (n_ + threads_ - 1) / threads_;
    if (*std::max_element(sizes_.begin(), sizes_.end()) <= 2 * share) return held_by(pieces_, me_);
    for (std::size_t k = 0; k < threads_; ++k)
      sizes_[k] = chunk_begin(static_cast<int>(k) + 1, n_) - chunk_begin(static_cast<int>(k), n_);
    return chunk(pieces_, me_, n_, es_);
  }

  pgas_shared_ptr element(std::size_t i) const { return scratch_->pointer(SortLayout::sorted + i * es_); }

  // Step 1: the part read, sorted stably into the scratch with its indices, and sampled.
  void sort_own(const std::vector<Run> &mine) {
    const std::size_t m = sizes_[static_cast<std::size_t>(me_)];
    std::vector<char> raw(m * es_);
    call_.run(packed_moves(mine, es_, raw.data(), true), false);
    std::copy(raw.begin(), raw.end(), scratch_->at(SortLayout::sorted));
    std::vector<std::uint64_t> index;
    index.reserve(m);
    for (const Run &r : mine)
      for (std::size_t k = 0; k < r.count; ++k) index.push_back(r.first + k);
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return func_(element(a), element(b)) < 0; });
    for (std::size_t i = 0; i < m; ++i) {
      std::copy_n(raw.data() + order[i] * es_, es_, scratch_->at(SortLayout::sorted + i * es_));
      scratch_->set_index(layout_->indices + i * sizeof(std::uint64_t), index[order[i]]);
    }
    if (m == 0 || threads_ == 1) return;
    for (std::size_t s = 0; s + 1 < threads_; ++s) {
      const std::size_t at = (s + 1) * m / threads_;
      std::copy_n(scratch_->at(SortLayout::sorted + at * es_), es_, scratch_->at(layout_->samples + s * es_));
      scratch_->set_index(layout_->sample_indices + s * sizeof(std::uint64_t), index[order[at]]);
    }
    const pgas_handle_t handle = scratch_->handle();
    call_.post(&handle, sizeof handle);
  }

  // The non-empty parts, once their threads have posted them.
  void gather_parts() {
    for (std::size_t k = 0; k < threads_; ++k) {
      if (sizes_[k] == 0) continue;
      const int thread = static_cast<int>(k);
      pgas_handle_t handle = scratch_->handle();
      if (thread != me_) call_.receive(thread, &handle, sizeof handle);
      parts_.push_back({thread, sizes_[k], handle, SortLayout(sizes_[k], threads_, es_)});
    }
  }

  // Step 2: every part's samples, sorted; THREADS - 1 of them, evenly spaced, split the buckets.
  std::vector<Key> choose_splitters() {
    if (threads_ == 1) return {};
    const std::size_t per = threads_ - 1, count = parts_.size() * per;
    std::vector<std::uint64_t> index(count);
    std::vector<Move> moves;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const Part &p = parts_[i];
      moves.push_back({.peer = p.thread,
                       .bytes = per * es_,
                       .src = p.at(p.layout.samples),
                       .dst = scratch_->address(layout_->all_samples + i * per * es_)});
      moves.push_back({.peer = p.thread,
                       .bytes = per * sizeof(std::uint64_t),
                       .src = p.at(p.layout.sample_indices),
                       .to = index.data() + i * per});
    }
    call_.run(moves, false);
    std::vector<Key> samples;
    for (std::size_t s = 0; s < count; ++s)
      samples.push_back({scratch_->pointer(layout_->all_samples + s * es_), index[s]});
    std::stable_sort(samples.begin(), samples.end(),
                     [&](const Key &a, const Key &b) { return less(func_, a, b); });
    std::vector<Key> splitters;
    for (std::size_t s = 1; s < threads_; ++s) splitters.push_back(samples[s * count / threads_]);
    return splitters;
  }

  // How many elements of part p come before `key`: a binary search, reading one element a step.
  std::size_t count_before(const Part &p, const Key &key) {
    std::size_t lo = 0, hi = p.size;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      std::uint64_t index = 0;
      const Move probe[] = {
          {.peer = p.thread,
           .bytes = es_,
           .src = p.at(SortLayout::sorted + mid * es_),
           .dst = scratch_->address(layout_->probe)},
          {.peer = p.thread,
           .bytes = sizeof index,
           .src = p.at(p.layout.indices + mid * sizeof index),
           .to = &index},
      };
      call_.run(probe, false);
      if (less(func_, {scratch_->pointer(layout_->probe), index}, key))
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }

  // Step 3: this thread's bucket read from every part, merged and written to its sorted positions.
  void merge_bucket(const std::vector<Key> &splitters) {
    const std::size_t j = static_cast<std::size_t>(me_);
    std::vector<std::size_t> begin, end;
    std::size_t first = 0, count = 0;
    for (const Part &p : parts_) {
      begin.push_back(j == 0 ? 0 : count_before(p, splitters[j - 1]));
      end.push_back(j + 1 == threads_ ? p.size : count_before(p, splitters[j]));
      first += begin.back();
      count += end.back() - begin.back();
    }
    if (count == 0) return;
    Scratch merged(count * es_, site_);
    std::vector<std::uint64_t> index(count);
    std::vector<std::size_t> bounds{0};
    std::vector<Move> moves;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const Part &p = parts_[i];
      const std::size_t n = end[i] - begin[i], at = bounds.back();
      if (n == 0) continue;
      moves.push_back({.peer = p.thread,
                       .bytes = n * es_,
                       .src = p.at(SortLayout::sorted + begin[i] * es_),
                       .dst = merged.address(at * es_)});
      moves.push_back({.peer = p.thread,
                       .bytes = n * sizeof(std::uint64_t),
                       .src = p.at(p.layout.indices + begin[i] * sizeof(std::uint64_t)),
                       .to = index.data() + at});
      bounds.push_back(at + n);
    }
    call_.run(moves, false);
    const std::vector<std::size_t> order = merge_runs(bounds, [&](std::size_t a, std::size_t b) {
      return less(func_, {merged.pointer(a * es_), index[a]}, {merged.pointer(b * es_), index[b]});
    });
    std::vector<char> sorted(count * es_);
    for (std::size_t i = 0; i < count; ++i)
      std::copy_n(merged.at(order[i] * es_), es_, sorted.data() + i * es_);
    call_.run(packed_moves(clip(pieces_, first, first + count, es_), es_, sorted.data(), false), false);
  }

  Call &call_;
  Compare func_;
  const std::vector<Run> &pieces_;
  std::size_t es_, n_, threads_;
  int me_;
  std::string site_;
  std::vector<std::size_t> sizes_;
  std::unique_ptr<SortLayout> layout_;
  std::unique_ptr<Scratch> scratch_;
  std::vector<Part> parts_;
};

// The threads other than this one.
std::vector<int> others() {
  std::vector<int> out;
  for (int t = 0; t < g_runtime.threads; ++t)
    if (t != g_runtime.mythread) out.push_back(t);
  return out;
}

}  // namespace

void upc_all_sort(pgas_shared_ptr A, std::size_t elem_size, std::size_t nelems, std::size_t blk_size,
                  int (*func)(pgas_shared_ptr, pgas_shared_ptr), upc_flag_t flags, pgas_here where) {
  const gaddr base = address(A);
  UpcCall call(CollectiveKind::kUpcAllSort, where, flags,
               {{"A", digest(base), true},
                {"elem_size", elem_size},
                {"nelems", nelems},
                {"blk_size", blk_size},
                {"sync_mode", static_cast<std::uint64_t>(flags)}});
  check_pointer(call, "A", base, false);
  if (elem_size == 0) call.fail("elem_size is 0 (it must be greater than 0)");
  if (func == nullptr) call.fail("func is null");
  const std::vector<Run> pieces = runs(base, nelems, blk_size, elem_size);
  check_runs(call, "A", pieces, elem_size);
  call.start();
  if (nelems == 0) {
    call.finish({});
    return;
  }
  // Any thread may read or write any thread's elements.
  call.announce_to(others());
  SampleSort(call, func, pieces, elem_size,
             std::string(where.file_name()) + ":" + std::to_string(where.line()))
      .run();
}
