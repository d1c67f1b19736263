// Element-wise atomic combining and remote atomics on one element in this process's memory: the work of
// remote_accv and remote_atomic on the shm conduit, and of the dialect's accv and atomics on elements with
// affinity to the caller. Both paths use these, so they are atomic with respect to each other.
#include <atomic>
#include <cstring>

#include "conduit/conduit.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::detail {
namespace {

template <class T>
void combine(void *target, const void *operand, pgas_acc_op_t op) {
  std::atomic_ref<T> ref(*static_cast<T *>(target));
  T value;
  std::memcpy(&value, operand, sizeof value);
  T old = ref.load(std::memory_order_relaxed);
  for (;;) {
    T next = value;
    switch (op) {
      case PGAS_ACC_REPLACE:
        next = value;
        break;
      case PGAS_ACC_SUM:
        next = static_cast<T>(old + value);
        break;
      case PGAS_ACC_MIN:
        next = value < old ? value : old;
        break;
      case PGAS_ACC_MAX:
        next = value > old ? value : old;
        break;
      default:
        rt::fatal("accumulate: unknown operation %d", static_cast<int>(op));
    }
    if (ref.compare_exchange_weak(old, next, std::memory_order_relaxed)) return;
  }
}

template <class T>
void atomic_op(void *target, pgas_atomic_op_t op, const void *operand, const void *compare, void *result) {
  std::atomic_ref<T> ref(*static_cast<T *>(target));
  T value{}, old{};
  if (operand != nullptr) std::memcpy(&value, operand, sizeof value);
  switch (op) {
    case PGAS_ATOMIC_FETCH_ADD:
      old = ref.fetch_add(value);
      break;
    case PGAS_ATOMIC_SWAP:
      old = ref.exchange(value);
      break;
    case PGAS_ATOMIC_CSWAP:
      std::memcpy(&old, compare, sizeof old);
      ref.compare_exchange_strong(old, value);  // old becomes the current value either way
      break;
    case PGAS_ATOMIC_FETCH_MIN:
      old = ref.load();
      while (value < old && !ref.compare_exchange_weak(old, value)) {
      }
      break;
    case PGAS_ATOMIC_FETCH_MAX:
      old = ref.load();
      while (value > old && !ref.compare_exchange_weak(old, value)) {
      }
      break;
    case PGAS_ATOMIC_LOAD:
      old = ref.load();
      break;
    case PGAS_ATOMIC_STORE:
      old = ref.exchange(value);
      break;
    case PGAS_ATOMIC_FETCH_XOR:
      old = ref.fetch_xor(value);
      break;
    case PGAS_ATOMIC_FETCH_AND:
      old = ref.fetch_and(value);
      break;
    case PGAS_ATOMIC_FETCH_OR:
      old = ref.fetch_or(value);
      break;
    default:
      rt::fatal("atomic: unknown operation %d", static_cast<int>(op));
  }
  if (result != nullptr) std::memcpy(result, &old, sizeof old);
}

// On a network conduit, atomics on this thread's segment go through the conduit too, so that they are
// atomic with respect to the conduit's remote atomics (an MPI library need not use the CPU's). Returns
// the element's offset in the segment, or -1 when plain CPU atomics are right.
std::int64_t network_segment_offset(const void *target) {
  if (rt::g_runtime.network == nullptr) return -1;
  const auto *base = rt::g_runtime.segments[rt::g_runtime.mythread];
  const auto *p = static_cast<const std::byte *>(target);
  if (p < base || p >= base + rt::g_runtime.segment_size) return -1;
  return p - base;
}

}  // namespace

std::size_t type_size(pgas_type_t type) {
  switch (type) {
    case PGAS_INT32:
    case PGAS_UINT32:
    case PGAS_FLOAT:
      return 4;
    case PGAS_INT64:
    case PGAS_UINT64:
    case PGAS_DOUBLE:
      return 8;
  }
  rt::fatal("unknown element type %d", static_cast<int>(type));
}

void combine_element(pgas_type_t type, pgas_acc_op_t op, void *target, const void *operand) {
  if (const std::int64_t at = network_segment_offset(target); at >= 0) {
    const auto offset = static_cast<std::uint64_t>(at);
    return rt::g_runtime.network->accv(rt::g_runtime.mythread, &offset, 1, type, op, operand);
  }
  switch (type) {
    case PGAS_INT32:
      return combine<std::int32_t>(target, operand, op);
    case PGAS_UINT32:
      return combine<std::uint32_t>(target, operand, op);
    case PGAS_INT64:
      return combine<std::int64_t>(target, operand, op);
    case PGAS_UINT64:
      return combine<std::uint64_t>(target, operand, op);
    case PGAS_FLOAT:
      return combine<float>(target, operand, op);
    case PGAS_DOUBLE:
      return combine<double>(target, operand, op);
  }
  rt::fatal("accumulate: unknown element type %d", static_cast<int>(type));
}

void atomic_element(pgas_type_t type, pgas_atomic_op_t op, void *target, const void *operand,
                    const void *compare, void *result) {
  if (op == PGAS_ATOMIC_CSWAP && compare == nullptr)
    rt::fatal("atomic compare-and-swap without a compare value");
  if (const std::int64_t at = network_segment_offset(target); at >= 0)
    return rt::g_runtime.network->atomic(rt::g_runtime.mythread, static_cast<std::uint64_t>(at), type, op,
                                         operand, compare, result);
  switch (type) {
    case PGAS_INT32:
      return atomic_op<std::int32_t>(target, op, operand, compare, result);
    case PGAS_UINT32:
      return atomic_op<std::uint32_t>(target, op, operand, compare, result);
    case PGAS_INT64:
      return atomic_op<std::int64_t>(target, op, operand, compare, result);
    case PGAS_UINT64:
      return atomic_op<std::uint64_t>(target, op, operand, compare, result);
    default:
      rt::fatal("atomics take 32- or 64-bit integers, not element type %d", static_cast<int>(type));
  }
}

}  // namespace pgas::detail
