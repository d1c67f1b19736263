// The shm conduit: every thread's segment is POSIX shared memory mapped into every process, so a remote
// access is a copy and job-wide state lives in the shared control block. Data movement is defined here,
// inline, because the transport calls it directly (the class is final) on its hot paths.
#pragma once

#include <atomic>
#include <cstring>
#include <type_traits>
#include <vector>

#include "conduit/conduit.hpp"
#include "emulation.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/detail/whole_access.hpp"
#include "runtime.hpp"

namespace pgas::rt {

class ShmConduit final : public Conduit {
  // Vector transfers touch scattered elements: fetching a few ahead overlaps their cache misses.
  static constexpr std::size_t kPrefetchAhead = 8;
  // Calls copy(element, k, element_size) for the k-th element of a vector transfer on `thread`, with the
  // common element sizes as compile-time constants (each copy a move, not a call to memcpy; a scalar
  // element of another size is still one access of its width).
  template <bool kWrite, class Copy>
  static void each_element(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                           Copy copy) {
    std::byte *base = g_runtime.segments[thread];
    auto run = [&](auto element_size) {
      for (std::size_t k = 0; k < count; ++k) {
        if (k + kPrefetchAhead < count) __builtin_prefetch(base + at[k + kPrefetchAhead], kWrite);
        copy(base + at[k], k, element_size);
      }
    };
    switch (size) {
      case 4:
        return run(std::integral_constant<std::size_t, 4>{});
      case 8:
        return run(std::integral_constant<std::size_t, 8>{});
      default:
        return run(size);
    }
  }

 public:
  const char *name() const override { return "shm"; }

  // A scalar's access is one access of its width (pgas/detail/whole_access.hpp).
  void get(int thread, std::uint64_t at, void *dst, std::size_t size) override {
    detail::load_shared(dst, segment_address(thread, at), size);
  }
  void put(int thread, std::uint64_t at, const void *src, std::size_t size) override {
    detail::store_shared(segment_address(thread, at), src, size);
  }
  void get_strict(int thread, std::uint64_t at, void *dst, std::size_t size) override {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    detail::load_shared(dst, segment_address(thread, at), size);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  void put_strict(int thread, std::uint64_t at, const void *src, std::size_t size) override {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    detail::store_shared(segment_address(thread, at), src, size);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  void getv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size, void *dst) override {
    auto *out = static_cast<std::byte *>(dst);
    each_element<false>(thread, at, count, size, [&](std::byte *element, std::size_t k, auto element_size) {
      detail::load_shared(out + k * element_size, element, element_size);
    });
  }
  void putv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
            const void *src) override {
    const auto *in = static_cast<const std::byte *>(src);
    each_element<true>(thread, at, count, size, [&](std::byte *element, std::size_t k, auto element_size) {
      detail::store_shared(element, in + k * element_size, element_size);
    });
  }
  void accv(int thread, const std::uint64_t *at, std::size_t count, pgas_type_t type, pgas_acc_op_t op,
            const void *src) override {
    const std::size_t size = detail::type_size(type);
    const auto *in = static_cast<const std::byte *>(src);
    for (std::size_t k = 0; k < count; ++k)
      detail::combine_element(type, op, segment_address(thread, at[k]), in + k * size);
  }
  void atomic(int thread, std::uint64_t at, pgas_type_t type, pgas_atomic_op_t op, const void *operand,
              const void *compare, void *result) override {
    detail::atomic_element(type, op, segment_address(thread, at), operand, compare, result);
  }
  // A token is the emulated completion time of the transfer (0 without emulation): the copy is done.
  pgas_token_t get_nb(int thread, std::uint64_t at, void *dst, std::size_t size) override {
    get(thread, at, dst, size);
    return token_for(size);
  }
  pgas_token_t put_nb(int thread, std::uint64_t at, const void *src, std::size_t size) override {
    put(thread, at, src, size);
    return token_for(size);
  }
  pgas_token_t getv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                       void *dst) override {
    getv(thread, at, count, size, dst);
    return token_for(count * size);
  }
  pgas_token_t putv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                       const void *src) override {
    putv(thread, at, count, size, src);
    return token_for(count * size);
  }
  void sync(pgas_token_t token) override {
    if (token != 0) emulation_wait_until(token);
  }
  bool test(pgas_token_t token) override { return token == 0 || now_ns() >= token; }
  void sync_all() override {
    if (g_emulation.enabled) emulation_wait_until(emulation_last_deadline());
  }
  void fence() override { std::atomic_thread_fence(std::memory_order_seq_cst); }
  void zero(int thread, std::uint64_t at, std::size_t bytes) override {
    std::memset(segment_address(thread, at), 0, bytes);
  }
  void progress() override {}

  void phase_arrive(PhaseSignature mine) override;
  PhaseResult phase_complete() override;
  const std::uint64_t *gather(const std::uint64_t *mine, int count, int *stride) override;
  void broadcast(void *data, std::size_t bytes) override;
  const void *allgather(const void *mine, std::size_t bytes) override;
  bool claim_report() override;
  PhaseSignature last_phase(int thread) override;
  void heap_lock() override;
  void heap_unlock() override;
  RangeAllocator &heap_open(int owner) override;
  void heap_close(int) override {}
  void handle_slots(std::uint32_t *first, std::uint32_t *stride) override {
    *first = 1;
    *stride = 1;
  }
  bool handle_refresh(std::uint32_t) override { return false; }
  void handle_publish(std::uint32_t) override {}
  bool lock_allocate(std::uint32_t *index, std::uint32_t *generation) override;
  LockStatus lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait, int *holder) override;
  LockStatus lock_release(std::uint32_t index, std::uint32_t generation, int *holder) override;
  LockStatus lock_free(std::uint32_t index, std::uint32_t generation, int *holder) override;
  void finish() override;
  [[noreturn]] void global_exit(int status) override;

 private:
  std::vector<std::byte> gathered_;  // allgather's result
  static pgas_token_t token_for(std::size_t bytes) {
    return g_emulation.enabled ? emulation_issue(bytes) : 0;
  }
};

extern ShmConduit &g_shm_conduit;  // never destroyed (see shm_conduit.cpp)

}  // namespace pgas::rt
