// UPC 1.3 atomicity domains (pgas/upc_atomic.h) on the dialect's atomics (pgas/vector.hpp), which use
// remote_atomic for other threads' elements. Domains are collective: every thread keeps the same table of
// them, filled in the same order, so one domain pointer means the same domain on every thread.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "atomic_pointer.hpp"
#include "collective.hpp"
#include "errors.hpp"
#include "pgas/upc_atomic.h"
#include "pgas/vector.hpp"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

using detail::gaddr;

enum class Kind { kSigned, kUnsigned, kFloat, kPointer };
// A type of the atomics: its name, its kind, and its operations on a target (apply_typed below).
struct TypeInfo {
  upc_type_t type;
  const char *name;
  Kind kind;
  void (*apply)(void *fetch_ptr, upc_op_t op, detail::gaddr target, const void *operand1,
                const void *operand2);
};

constexpr upc_op_t kAccessOps = UPC_GET | UPC_SET | UPC_CSWAP;
constexpr upc_op_t kBitOps = UPC_AND | UPC_OR | UPC_XOR;
constexpr upc_op_t kNumericOps = UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX;

upc_op_t ops_of(const TypeInfo &t) {
  if (t.kind == Kind::kPointer) return kAccessOps;
  return t.kind == Kind::kFloat ? kAccessOps | kNumericOps : kAccessOps | kBitOps | kNumericOps;
}
// The operations the engine does in one step (the others are compare-and-swap loops).
upc_op_t fast_ops_of(const TypeInfo &t) {
  if (t.kind == Kind::kPointer) return 0;  // under a lock (atomic_pointer.hpp)
  return t.kind == Kind::kFloat ? UPC_GET | UPC_SET : kAccessOps | kBitOps | (kNumericOps & ~UPC_MULT);
}

std::string op_names(upc_op_t ops) {
  static const std::pair<upc_op_t, const char *> kNames[] = {{UPC_ADD, "UPC_ADD"},
                                                             {UPC_MULT, "UPC_MULT"},
                                                             {UPC_AND, "UPC_AND"},
                                                             {UPC_OR, "UPC_OR"},
                                                             {UPC_XOR, "UPC_XOR"},
                                                             {UPC_LOGAND, "UPC_LOGAND"},
                                                             {UPC_LOGOR, "UPC_LOGOR"},
                                                             {UPC_MIN, "UPC_MIN"},
                                                             {UPC_MAX, "UPC_MAX"},
                                                             {UPC_FUNC, "UPC_FUNC"},
                                                             {UPC_NONCOMM_FUNC, "UPC_NONCOMM_FUNC"},
                                                             {UPC_GET, "UPC_GET"},
                                                             {UPC_SET, "UPC_SET"},
                                                             {UPC_CSWAP, "UPC_CSWAP"},
                                                             {UPC_SUB, "UPC_SUB"},
                                                             {UPC_INC, "UPC_INC"},
                                                             {UPC_DEC, "UPC_DEC"}};
  std::string names;
  for (auto [op, name] : kNames)
    if (ops & op) names += (names.empty() ? "" : "|") + std::string(name);
  upc_op_t known = 0;
  for (auto [op, name] : kNames) known |= op;
  if (ops & ~known) names += (names.empty() ? "" : "|") + std::to_string(ops & ~known);
  return names.empty() ? "no operation" : names;
}

struct Domain {
  const TypeInfo *type = nullptr;
  upc_op_t ops = 0;
  std::uint32_t generation = 0;
  bool live = false;
  std::vector<upc_lock_t *> locks;  // UPC_PTS: one per thread owning a target (atomic_pointer.hpp)
};
std::vector<Domain> g_domains;  // the same on every thread

upc_atomicdomain_t *encode(std::size_t index, std::uint32_t generation) {
  return reinterpret_cast<upc_atomicdomain_t *>(
      ((static_cast<std::uintptr_t>(generation) << 20) | (index + 1)) << 4);
}
std::size_t index_of(const upc_atomicdomain_t *d) {
  return ((reinterpret_cast<std::uintptr_t>(d) >> 4) & 0xfffff) - 1;
}
std::uint32_t generation_of(const upc_atomicdomain_t *d) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(d) >> 24);
}

Domain &checked(upc_atomicdomain_t *d, const char *operation) {
  const std::size_t index = index_of(d);
  if (d == nullptr || index >= g_domains.size() || !g_domains[index].live ||
      g_domains[index].generation != generation_of(d))
    fatal("%s: %p is not an atomic domain (freed, or not from upc_all_atomicdomain_alloc)", operation,
          static_cast<void *>(d));
  return g_domains[index];
}

// The engine on the element at `target` as an integer of type Bits.
template <class Bits>
Bits engine(gaddr target, pgas_atomic_op_t op, Bits operand, Bits compare = Bits{}) {
  return detail::atomic(global_ptr<Bits>(target.handle, target.thread, 0, target.offset, 1), op, operand,
                        compare);
}

// Applies `next` (old value -> new value) by compare-and-swap; returns the old value.
template <class Value, class Bits, class Next>
Value update(gaddr target, Next next) {
  Bits old = engine<Bits>(target, PGAS_ATOMIC_LOAD, 0);
  for (;;) {
    const Bits want = std::bit_cast<Bits>(static_cast<Value>(next(std::bit_cast<Value>(old))));
    const Bits seen = engine<Bits>(target, PGAS_ATOMIC_CSWAP, want, old);
    if (seen == old) return std::bit_cast<Value>(old);
    old = seen;
  }
}

template <class Value>
Value apply(upc_op_t op, gaddr target, Value a, Value b) {
  using Bits = std::conditional_t<sizeof(Value) == 4, std::uint32_t, std::uint64_t>;
  if constexpr (std::is_floating_point_v<Value>) {
    switch (op) {
      case UPC_GET:
        return std::bit_cast<Value>(engine<Bits>(target, PGAS_ATOMIC_LOAD, 0));
      case UPC_SET:
        return std::bit_cast<Value>(engine<Bits>(target, PGAS_ATOMIC_SWAP, std::bit_cast<Bits>(a)));
      case UPC_CSWAP: {  // compares values (0.0 equals -0.0), so not the engine's bitwise compare
        Bits old = engine<Bits>(target, PGAS_ATOMIC_LOAD, 0);
        while (std::bit_cast<Value>(old) == a) {
          const Bits seen = engine<Bits>(target, PGAS_ATOMIC_CSWAP, std::bit_cast<Bits>(b), old);
          if (seen == old) break;
          old = seen;
        }
        return std::bit_cast<Value>(old);
      }
      default:
        break;
    }
  } else {
    switch (op) {
      case UPC_GET:
        return engine<Value>(target, PGAS_ATOMIC_LOAD, 0);
      case UPC_SET:
        return engine<Value>(target, PGAS_ATOMIC_SWAP, a);
      case UPC_CSWAP:
        return engine<Value>(target, PGAS_ATOMIC_CSWAP, b, a);
      case UPC_ADD:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_ADD, a);
      case UPC_SUB:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_ADD, static_cast<Value>(Value{0} - a));
      case UPC_INC:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_ADD, Value{1});
      case UPC_DEC:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_ADD, static_cast<Value>(Value{0} - Value{1}));
      case UPC_AND:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_AND, a);
      case UPC_OR:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_OR, a);
      case UPC_XOR:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_XOR, a);
      case UPC_MIN:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_MIN, a);
      case UPC_MAX:
        return engine<Value>(target, PGAS_ATOMIC_FETCH_MAX, a);
      case UPC_MULT:
        return update<Value, Value>(target, [a](Value old) { return old * a; });
      default:
        break;
    }
  }
  switch (op) {  // arithmetic on floating point
    case UPC_ADD:
      return update<Value, Bits>(target, [a](Value old) { return old + a; });
    case UPC_SUB:
      return update<Value, Bits>(target, [a](Value old) { return old - a; });
    case UPC_MULT:
      return update<Value, Bits>(target, [a](Value old) { return old * a; });
    case UPC_INC:
      return update<Value, Bits>(target, [](Value old) { return old + 1; });
    case UPC_DEC:
      return update<Value, Bits>(target, [](Value old) { return old - 1; });
    // UPC 1.3's definitions with op1 = *target, op2 = *operand1: op1<op2?op1:op2 and op1>op2?op1:op2, which
    // decide signed zeros and quiet NaNs (MIN(NaN, 1) is 1, MIN(+0.0, -0.0) is -0.0).
    case UPC_MIN:
      return update<Value, Bits>(target, [a](Value old) { return old < a ? old : a; });
    case UPC_MAX:
      return update<Value, Bits>(target, [a](Value old) { return old > a ? old : a; });
    default:
      fatal("upc_atomic: %s has no meaning here", op_names(op).c_str());
  }
}

template <class Value>
void apply_typed(void *fetch_ptr, upc_op_t op, gaddr target, const void *operand1, const void *operand2) {
  Value a{}, b{};
  if (operand1 != nullptr) std::memcpy(&a, operand1, sizeof a);
  if (operand2 != nullptr) std::memcpy(&b, operand2, sizeof b);
  const Value old = apply<Value>(op, target, a, b);
  if (fetch_ptr != nullptr) std::memcpy(fetch_ptr, &old, sizeof old);
}

// The types of UPC 1.3's atomics this engine serves, or nullptr.
const TypeInfo *type_info(upc_type_t type) {
  static const TypeInfo kTypes[] = {{UPC_INT, "UPC_INT", Kind::kSigned, apply_typed<int>},
                                    {UPC_UINT, "UPC_UINT", Kind::kUnsigned, apply_typed<unsigned>},
                                    {UPC_LONG, "UPC_LONG", Kind::kSigned, apply_typed<long>},
                                    {UPC_ULONG, "UPC_ULONG", Kind::kUnsigned, apply_typed<unsigned long>},
                                    {UPC_INT32, "UPC_INT32", Kind::kSigned, apply_typed<std::int32_t>},
                                    {UPC_UINT32, "UPC_UINT32", Kind::kUnsigned, apply_typed<std::uint32_t>},
                                    {UPC_INT64, "UPC_INT64", Kind::kSigned, apply_typed<std::int64_t>},
                                    {UPC_UINT64, "UPC_UINT64", Kind::kUnsigned, apply_typed<std::uint64_t>},
                                    {UPC_FLOAT, "UPC_FLOAT", Kind::kFloat, apply_typed<float>},
                                    {UPC_DOUBLE, "UPC_DOUBLE", Kind::kFloat, apply_typed<double>},
                                    {UPC_PTS, "UPC_PTS", Kind::kPointer, nullptr}};
  for (const TypeInfo &t : kTypes)
    if (t.type == type) return &t;
  return nullptr;
}

}  // namespace
}  // namespace pgas::rt

using namespace pgas::rt;

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints) {
  const TypeInfo *info = type_info(type);
  const auto value = collective_call(
      {.kind = CollectiveKind::kAtomicDomainAlloc}, "upc_all_atomicdomain_alloc",
      {static_cast<std::uint64_t>(type), static_cast<std::uint64_t>(ops), static_cast<std::uint64_t>(hints)},
      [&](std::string &error) -> std::uint64_t {
        if (info == nullptr)
          error = "upc_all_atomicdomain_alloc: type " + std::to_string(type) +
                  " is not a type of the atomics (UPC_INT ... UPC_DOUBLE, UPC_PTS)";
        else if (ops == 0 || (ops & ~ops_of(*info)) != 0)
          error = "upc_all_atomicdomain_alloc: " + std::string(info->name) + " atomics do not have " +
                  op_names(ops == 0 ? 0 : ops & ~ops_of(*info)) + " (asked for " + op_names(ops) + ")";
        std::size_t index = 0;
        while (index < g_domains.size() && g_domains[index].live) ++index;
        return index;
      });
  const auto index = static_cast<std::size_t>(value);
  if (index >= g_domains.size()) g_domains.resize(index + 1);
  Domain &d = g_domains[index];
  d = {info, ops, d.generation + 1, true, {}};
  if (info->kind == Kind::kPointer) d.locks = pointer_domain_locks();
  return encode(index, d.generation);
}

void upc_all_atomicdomain_free(upc_atomicdomain_t *domain) {
  if (domain != nullptr) checked(domain, "upc_all_atomicdomain_free");
  collective_call({.kind = CollectiveKind::kAtomicDomainFree}, "upc_all_atomicdomain_free",
                  {reinterpret_cast<std::uintptr_t>(domain)}, [](std::string &) { return 0; });
  if (domain == nullptr) return;
  Domain &d = g_domains[index_of(domain)];
  d.live = false;
  free_pointer_domain_locks(d.locks);
}

int upc_atomic_isfast(upc_type_t type, upc_op_t ops, const pgas::global_ptr<const void> &) {
  const TypeInfo *info = type_info(type);
  return info != nullptr && ops != 0 && (ops & ~fast_ops_of(*info)) == 0 ? 1 : 0;
}

namespace pgas::detail {

void atomic_domain_apply(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op, gaddr target,
                         const void *operand1, const void *operand2, bool strict) {
  const char *operation = strict ? "upc_atomic_strict" : "upc_atomic_relaxed";
  rt::runtime(operation);
  const Domain &d = checked(domain, operation);
  if (std::popcount(static_cast<unsigned>(op)) != 1 || (op & d.ops) == 0)
    fatal("%s: %s is not one operation of the domain's %s (%s)", operation, op_names(op).c_str(),
          op_names(d.ops).c_str(), d.type->name);
  const bool needs1 = (op & (UPC_GET | UPC_INC | UPC_DEC)) == 0;
  if ((needs1 && operand1 == nullptr) || (op == UPC_CSWAP && operand2 == nullptr))
    fatal("%s: %s needs %s", operation, op_names(op).c_str(),
          op == UPC_CSWAP ? "operand1 and operand2" : "operand1");
  if (strict) fence();
  if (d.type->kind == Kind::kPointer)
    pointer_atomic(d.locks, fetch_ptr, op, target, operand1, operand2);
  else
    d.type->apply(fetch_ptr, op, target, operand1, operand2);
  if (strict) fence();
}

}  // namespace pgas::detail
