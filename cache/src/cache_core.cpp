#include "pgas/detail/cache_core.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "cache_error.hpp"
#include "copy_element.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/layout.hpp"
#include "priority_writer.hpp"

namespace pgas::detail {

namespace {

const char *policy_name(hpcstpf_policy_t policy) {
  switch (policy) {
    case HPCSTPF_ANY:
      return "any";
    case HPCSTPF_PRIORITY:
      return "priority";
    case HPCSTPF_MIN:
      return "min";
    case HPCSTPF_MAX:
      return "max";
    case HPCSTPF_SUM:
      return "sum";
  }
  return "?";
}

// Counting sort of n items by owner thread: place(k, position) receives positions grouped by thread; on
// return ends[t] is the end of thread t's group (its begin is ends[t - 1], or 0).
template <class ThreadOf, class Place>
void group_by_thread(std::size_t n, std::vector<std::size_t> &ends, ThreadOf thread_of, Place place) {
  std::fill(ends.begin(), ends.end(), 0);
  for (std::size_t k = 0; k < n; ++k) ++ends[static_cast<std::size_t>(thread_of(k))];
  std::size_t start = 0;
  for (std::size_t &e : ends) start += std::exchange(e, start);
  for (std::size_t k = 0; k < n; ++k) place(k, ends[static_cast<std::size_t>(thread_of(k))]++);
}

// PGAS_CACHE_DIRECT=0 makes every cache copy other threads' elements even where it could address them.
bool direct_access_allowed() {
  static const bool allowed = [] {
    const char *v = std::getenv("PGAS_CACHE_DIRECT");
    if (v == nullptr || std::strcmp(v, "1") == 0) return true;
    if (std::strcmp(v, "0") == 0) return false;
    cache_fatal("PGAS_CACHE_DIRECT must be 0 or 1, got '%s'", v);
  }();
  return allowed;
}

}  // namespace

cache_core::cache_core(const cache_geometry &geometry, std::size_t chunk, hpcstpf_policy_t policy,
                       pgas_type_t type, const char *api)
    : g_(geometry),
      by_block_(geometry.block == 0 ? 1 : geometry.block),
      by_threads_(static_cast<std::uint64_t>(pgas_thread_count())),
      mythread_(pgas_thread_id()),
      threads_(pgas_thread_count()),
      capacity_(std::min(chunk, geometry.count)),
      policy_(policy),
      type_(type),
      api_(api) {
  if (chunk == 0) cache_fatal("%sopen: chunk must be at least 1", api_);
  switch (policy) {
    case HPCSTPF_ANY:
      break;
    case HPCSTPF_MIN:
      acc_op_ = PGAS_ACC_MIN;
      break;
    case HPCSTPF_MAX:
      acc_op_ = PGAS_ACC_MAX;
      break;
    case HPCSTPF_SUM:
      acc_op_ = PGAS_ACC_SUM;
      break;
    case HPCSTPF_PRIORITY:
      break;
    default:
      cache_fatal("%sopen: unknown write policy %d", api_, static_cast<int>(policy));
  }
  if (!writes_values()) {
    if (type < PGAS_INT32 || type > PGAS_DOUBLE)
      cache_fatal("%sopen: write policy '%s' needs a numeric element type, got type code %d", api_,
                  policy_name(policy), static_cast<int>(type));
    if (type_size(type) != g_.elem_size)
      cache_fatal(
          "%sopen: write policy '%s': the element type has %zu bytes but the array's elements have %zu", api_,
          policy_name(policy), type_size(type), g_.elem_size);
    contributions_.resize(capacity_ * g_.elem_size);
  }
  table_ = std::make_unique<cache_table>(capacity_);
  values_.resize(capacity_ * g_.elem_size);
  staging_.resize(capacity_ * g_.elem_size);
  pending_ = fixed_vector<pending>(capacity_);
  replay_ = fixed_vector<replayed>(capacity_);
  offsets_.resize(capacity_);
  scatter_.resize(capacity_);
  in_place_.assign(static_cast<std::size_t>(threads_), nullptr);
  in_place_[static_cast<std::size_t>(mythread_)] = static_cast<char *>(local_base(g_.handle));
  if (policy != HPCSTPF_PRIORITY && direct_access_allowed())
    for (int t = 0; t < threads_; ++t)
      if (t != mythread_)
        in_place_[static_cast<std::size_t>(t)] = static_cast<char *>(remote_cast(g_.handle, t));
  // Hints matter while some thread that holds elements (an indefinite object: only its owner) is copied.
  wants_hints_ = false;
  for (int t = 0; t < threads_; ++t)
    if (in_place_[static_cast<std::size_t>(t)] == nullptr && (g_.block != 0 || t == g_.owner))
      wants_hints_ = true;
  per_thread_.resize(static_cast<std::size_t>(threads_));
  tokens_.resize(static_cast<std::size_t>(threads_));
  if (policy == HPCSTPF_PRIORITY) priority_ = std::make_unique<priority_writer>(g_, api_);
}

cache_core::~cache_core() {
  // Never closed (a C handle alive at exit): the collective free of close cannot run here.
  if (priority_) static_cast<void>(priority_.release());
}

void cache_core::misuse(const char *operation, const char *what) const {
  cache_fatal("%s%s: %s", api_, operation, what);
}

void cache_core::require_ready(const char *operation) const {
  switch (phase_) {
    case phase::ready:
      return;
    case phase::idle:
      misuse(operation, "no download in this tile yet (call start_download and finish_download first)");
    case phase::downloading:
      misuse(operation, "the download is in flight (call finish_download first)");
    case phase::uploading:
      misuse(operation, "the tile is being uploaded (call finish_upload first)");
    case phase::closed:
      misuse(operation, "use of a closed cache");
  }
}

cache_core::where cache_core::checked_locate(std::size_t index, const char *operation) const {
  if (index >= g_.count)
    cache_fatal("%s%s: index %lld out of range (%zu elements)", api_, operation,
                static_cast<long long>(index), g_.count);  // an index below 0 arrives wrapped around
  return locate(index);
}

void cache_core::hint_misuse(std::size_t index) const {
  if (phase_ == phase::closed) misuse("hint", "use of a closed cache");
  if (phase_ == phase::uploading) misuse("hint", "the tile is being uploaded (call finish_upload first)");
  checked_locate(index, "hint");
  misuse("hint", "internal error");
}

void cache_core::start_download() {
  if (phase_ != phase::idle && phase_ != phase::ready) {
    if (phase_ == phase::closed) misuse("start_download", "use of a closed cache");
    misuse("start_download", phase_ == phase::downloading
                                 ? "a download is already in flight"
                                 : "the tile is being uploaded (call finish_upload first)");
  }
  // One owner's elements arrive in one dense run of staging_; finish_download moves them to their entries.
  group_by_thread(
      pending_.size(), per_thread_, [&](std::size_t k) { return pending_[k].thread; },
      [&](std::size_t k, std::size_t position) {
        offsets_[position] = pending_[k].offset;
        scatter_[position] = pending_[k].position;
      });
  issue_grouped(true, staging_.data());
  in_flight_ = pending_.size();
  downloaded_ = next_value_;
  pending_.clear();
  phase_ = phase::downloading;
}

// One vector transfer per owner thread of the grouping in offsets_ / per_thread_: gets into `buffer`
// (download), or puts or accumulates from it (upload).
void cache_core::issue_grouped(bool download, char *buffer) {
  std::size_t begin = 0;
  for (int t = 0; t < threads_; ++t) {
    std::size_t end = per_thread_[static_cast<std::size_t>(t)], n = end - begin;
    if (n == 0) continue;
    const std::size_t *offsets = offsets_.data() + begin;
    char *data = buffer + begin * g_.elem_size;
    pgas_token_t &token = tokens_[static_cast<std::size_t>(t)];
    std::size_t calls = 1;
    if (download) {
      token = remote_getv_nb(g_.handle, t, offsets, n, g_.elem_size, data);
      stats_.elems_fetched += n;
      stats_.bytes_fetched += n * g_.elem_size;
    } else {
      if (policy_ == HPCSTPF_ANY)
        token = remote_putv_nb(g_.handle, t, offsets, n, g_.elem_size, data);
      else if (policy_ == HPCSTPF_PRIORITY)
        calls = priority_->write(t, offsets, n, data);  // blocking: it holds the owner's lock
      else
        remote_accv(g_.handle, t, offsets, n, type_, acc_op_, data);
      stats_.elems_written += n;
      stats_.bytes_written += n * g_.elem_size;
    }
    stats_.transport_calls += calls;
    begin = end;
  }
}

void cache_core::finish_download() {
  if (phase_ != phase::downloading)
    misuse("finish_download", phase_ == phase::closed ? "use of a closed cache" : "no download was started");
  for (pgas_token_t &token : tokens_)
    if (token != 0) remote_sync(std::exchange(token, 0));
  for (std::size_t k = 0; k < in_flight_; ++k)
    copy_element(values_.data() + std::size_t{scatter_[k]} * g_.elem_size, staging_.data() + k * g_.elem_size,
                 g_.elem_size);
  in_flight_ = 0;
  phase_ = phase::ready;
}

void cache_core::fetch_single(const where &w, void *dst) {
  remote_get(g_.handle, w.thread, w.offset, dst, g_.elem_size);
  ++stats_.misses;
  ++stats_.elems_fetched;
  stats_.bytes_fetched += g_.elem_size;
  ++stats_.transport_calls;
}

void cache_core::get(std::size_t index, void *value) {
  require_ready("get");
  where w = checked_locate(index, "get");
  if (const char *base = in_place_[static_cast<std::size_t>(w.thread)]) {
    copy_element(value, base + w.offset, g_.elem_size);
    count_in_place(w.thread);
    return;
  }
  bool inserted;
  std::uint32_t slot = table_->insert(index, inserted);
  if (slot == cache_table::kNone || awaiting_download(slot)) {
    fetch_single(w, value);  // full, or hinted for a later download: not cached now
    return;
  }
  if (inserted) table_->value(slot) = next_value_++;
  char *view = values_.data() + std::size_t{table_->value(slot)} * g_.elem_size;
  std::uint8_t &state = table_->state(slot);
  if (valid(slot)) {
    ++stats_.hits;
  } else {
    fetch_single(w, view);
    // Written under a combining policy before it was read: the view includes this thread's puts.
    if (state & cache_table::kDirty)
      combine_element(type_, acc_op_, view, contributions_.data() + (view - values_.data()));
    state |= cache_table::kValid;
  }
  copy_element(value, view, g_.elem_size);
}

void cache_core::write_through(const where &w, const void *value) {
  ++stats_.elems_written;
  stats_.bytes_written += g_.elem_size;
  if (policy_ == HPCSTPF_PRIORITY) {
    stats_.transport_calls += priority_->write(w.thread, &w.offset, 1, static_cast<const char *>(value));
    return;
  }
  if (policy_ == HPCSTPF_ANY)
    remote_put(g_.handle, w.thread, w.offset, value, g_.elem_size);
  else
    remote_accv(g_.handle, w.thread, &w.offset, 1, type_, acc_op_, value);
  ++stats_.transport_calls;
}

void cache_core::put_element(std::size_t index, const void *value) {
  require_ready("put");
  where w = checked_locate(index, "put");
  if (char *base = in_place_[static_cast<std::size_t>(w.thread)]) {
    if (policy_ == HPCSTPF_ANY)
      std::memcpy(base + w.offset, value, g_.elem_size);
    else if (policy_ == HPCSTPF_PRIORITY)  // only this thread's own part is in place
      priority_->write(mythread_, &w.offset, 1, static_cast<const char *>(value));
    else
      combine_element(type_, acc_op_, base + w.offset, value);  // atomic per element, as an accumulate
    count_in_place(w.thread);
    // A put that a network would have had to upload: forgetting the upload is the same error here.
    written_in_place_ += w.thread != mythread_;
    return;
  }
  bool inserted;
  std::uint32_t slot = table_->insert(index, inserted);
  if (slot == cache_table::kNone || awaiting_download(slot)) {
    write_through(w, value);  // full, or its download is still to come and would overwrite the put
    return;
  }
  if (inserted) table_->value(slot) = next_value_++;
  std::size_t at = std::size_t{table_->value(slot)} * g_.elem_size;
  const bool was_valid = valid(slot);
  std::uint8_t &state = table_->state(slot);
  dirty_ += (state & cache_table::kDirty) == 0;
  if (writes_values()) {
    std::memcpy(values_.data() + at, value, g_.elem_size);
    state |= cache_table::kValid | cache_table::kDirty;
    return;
  }
  if (state & cache_table::kDirty)
    combine_element(type_, acc_op_, contributions_.data() + at, value);
  else
    std::memcpy(contributions_.data() + at, value, g_.elem_size);
  if (was_valid) combine_element(type_, acc_op_, values_.data() + at, value);
  state |= cache_table::kDirty;
}

void cache_core::start_upload() {
  if (phase_ != phase::idle && phase_ != phase::ready) {
    if (phase_ == phase::closed) misuse("start_upload", "use of a closed cache");
    misuse("start_upload", phase_ == phase::downloading
                               ? "a download is in flight (call finish_download first)"
                               : "an upload is already in flight");
  }
  pending_.clear();  // hints not downloaded in this tile die with it
  if (dirty_ != 0) {
    for (std::uint32_t slot : table_->used()) {
      if (!(table_->state(slot) & cache_table::kDirty)) continue;
      where w = locate(table_->key(slot));
      pending_.push_back({table_->value(slot), w.thread, w.offset});
    }
  }
  const uninitialized_vector<char> &source = writes_values() ? values_ : contributions_;
  group_by_thread(
      pending_.size(), per_thread_, [&](std::size_t k) { return pending_[k].thread; },
      [&](std::size_t k, std::size_t position) {
        offsets_[position] = pending_[k].offset;
        std::memcpy(staging_.data() + position * g_.elem_size,
                    source.data() + std::size_t{pending_[k].position} * g_.elem_size, g_.elem_size);
      });
  issue_grouped(false, staging_.data());
  pending_.clear();
  phase_ = phase::uploading;
}

void cache_core::finish_upload() {
  if (phase_ != phase::uploading)
    misuse("finish_upload", phase_ == phase::closed ? "use of a closed cache" : "no upload was started");
  for (pgas_token_t &token : tokens_)
    if (token != 0) remote_sync(std::exchange(token, 0));
  table_->clear();  // the tile ends: nothing is kept for the next one
  release_runs();
  replay_.clear();
  cursor_ = 0;
  next_value_ = 0;
  downloaded_ = 0;
  dirty_ = 0;
  written_in_place_ = 0;
  phase_ = phase::idle;
}

void cache_core::close() {
  if (phase_ == phase::closed) misuse("close", "the cache is already closed");
  if (phase_ == phase::downloading) finish_download();
  if (phase_ == phase::uploading) finish_upload();
  if (dirty_ + written_in_place_ != 0)
    cache_fatal("%sclose: %zu written elements were not uploaded (call start_upload and finish_upload first)",
                api_, dirty_ + written_in_place_);
  release();
}

void cache_core::abandon() {
  if (phase_ == phase::closed) return;
  if (phase_ == phase::downloading) finish_download();
  if (phase_ == phase::uploading) finish_upload();
  if (dirty_ != 0) {  // the tile's writes so far, as the original made them
    start_upload();
    finish_upload();
  }
  if (priority_) priority_->abandon();  // its shared part's free is collective (see ~cache_core)
  release();
}

void cache_core::release() {
  std::vector<copied_run>().swap(copied_runs_);
  release_kept_runs();
  priority_.reset();  // collective, like close
  table_.reset();
  for (auto *bytes : {&values_, &contributions_, &staging_}) uninitialized_vector<char>().swap(*bytes);
  pending_.release();
  replay_.release();
  uninitialized_vector<std::uint32_t>().swap(scatter_);
  uninitialized_vector<std::size_t>().swap(offsets_);
  std::vector<std::size_t>().swap(per_thread_);
  std::vector<pgas_token_t>().swap(tokens_);
  phase_ = phase::closed;
}

std::size_t cache_core::memory_bytes() const {
  return (table_ ? table_->memory_bytes() : 0) + values_.capacity() + contributions_.capacity() +
         staging_.capacity() + pending_.capacity() * sizeof(pending) + replay_.capacity() * sizeof(replayed) +
         scatter_.capacity() * sizeof(std::uint32_t) + offsets_.capacity() * sizeof(std::size_t) +
         per_thread_.capacity() * sizeof(std::size_t) + tokens_.capacity() * sizeof(pgas_token_t);
}

}  // namespace pgas::detail
