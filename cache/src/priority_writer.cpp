#include "priority_writer.hpp"

#include <cstring>
#include <string>

#include "cache_error.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::detail {

namespace {

constexpr int kRankBits = 24;  // a tag is (barrier phase + 1) << kRankBits | rank

std::uint64_t phase_of(std::uint64_t tag) { return tag >> kRankBits; }

// Whether a write tagged `mine` replaces the element whose tag is `current`.
bool wins(std::uint64_t mine, std::uint64_t current) {
  if (phase_of(current) != phase_of(mine)) return phase_of(current) < phase_of(mine);
  return mine <= current;  // same phase: the lower (or same) rank
}

}  // namespace

priority_writer::priority_writer(const cache_geometry &geometry, const char *api)
    : g_(geometry), mythread_(pgas_thread_id()) {
  if (pgas_thread_count() >= (1 << kRankBits))
    cache_fatal("%sopen: write policy 'priority' supports at most %d threads", api, (1 << kRankBits) - 1);
  pgas_layout_t array;
  pgas_handle_layout(g_.handle, &array);
  std::string name = std::string("priority tags of ") + (array.name ? array.name : "a cached array");
  // The same placement as the cache's view of the object: tag k of a thread belongs to its element k.
  pgas_layout_t layout{sizeof(std::uint64_t), g_.block, g_.base + g_.count, g_.owner, PGAS_ALLOC_STATIC,
                       name.c_str(),          nullptr};
  tags_ = remote_alloc(&layout);
  for (int t = 0; t < pgas_thread_count(); ++t) locks_.push_back(upc_all_lock_alloc());
}

priority_writer::~priority_writer() {
  if (abandoned_) return;
  for (upc_lock_t *lock : locks_) upc_all_lock_free(lock);
  remote_free(tags_);
}

std::size_t priority_writer::write(int thread, const std::size_t *offsets, std::size_t count,
                                   const char *values) {
  const std::uint64_t mine = (pgas_barrier_count() + 1) << kRankBits | static_cast<std::uint64_t>(mythread_);
  const std::size_t size = g_.elem_size;
  upc_lock(locks_[static_cast<std::size_t>(thread)]);
  if (thread == mythread_) {  // local memory: no transport
    char *data = static_cast<char *>(local_base(g_.handle));
    char *tags = static_cast<char *>(local_base(tags_));
    for (std::size_t k = 0; k < count; ++k) {
      std::uint64_t *tag = reinterpret_cast<std::uint64_t *>(tags + tag_offset(offsets[k]));
      if (!wins(mine, *tag)) continue;
      std::memcpy(data + offsets[k], values + k * size, size);
      *tag = mine;
    }
    upc_unlock(locks_[static_cast<std::size_t>(thread)]);
    return 0;
  }
  tag_offsets_.resize(count);
  old_tags_.resize(count);
  for (std::size_t k = 0; k < count; ++k) tag_offsets_[k] = tag_offset(offsets[k]);
  remote_getv(tags_, thread, tag_offsets_.data(), count, sizeof(std::uint64_t), old_tags_.data());
  won_offsets_.clear();
  won_tag_offsets_.clear();
  won_values_.clear();
  for (std::size_t k = 0; k < count; ++k) {
    if (!wins(mine, old_tags_[k])) continue;
    won_offsets_.push_back(offsets[k]);
    won_tag_offsets_.push_back(tag_offsets_[k]);
    won_values_.insert(won_values_.end(), values + k * size, values + (k + 1) * size);
  }
  const std::size_t won = won_offsets_.size();
  if (won != 0) {
    new_tags_.assign(won, mine);
    remote_putv(g_.handle, thread, won_offsets_.data(), won, size, won_values_.data());
    remote_putv(tags_, thread, won_tag_offsets_.data(), won, sizeof(std::uint64_t), new_tags_.data());
  }
  upc_unlock(locks_[static_cast<std::size_t>(thread)]);
  return won != 0 ? 3 : 1;
}

}  // namespace pgas::detail
