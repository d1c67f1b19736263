#include "coll2/datatypes.hpp"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "coll/arithmetic.hpp"

namespace pgas::rt::coll2 {
namespace {

constexpr upccoll_op_t kUserOpBit = 1 << 24;  // above every predefined operation's bit
std::vector<upccoll_user_fun *> g_user_ops;   // index -> function; nullptr once freed
std::vector<bool> g_commutative;              // index -> whether the user declared it commutative

upccoll_user_fun *user_function(upccoll_op_t op) {
  if ((op & kUserOpBit) == 0) return nullptr;
  const auto index = static_cast<std::size_t>(op & ~kUserOpBit);
  return index < g_user_ops.size() ? g_user_ops[index] : nullptr;
}

enum class Family { kNone, kInteger, kReal, kComplex, kPair };

// The library's data types (pgas/upccoll.h 3.1.5): code, C type.
#define PGAS_COLL2_TYPES(X)                 \
  X(UPC_BYTE, unsigned char)                \
  X(UPC_CHAR, char)                         \
  X(UPC_UCHAR, unsigned char)               \
  X(UPC_SHORT, short)                       \
  X(UPC_USHORT, unsigned short)             \
  X(UPC_INT, int)                           \
  X(UPC_UINT, unsigned)                     \
  X(UPC_LONG, long)                         \
  X(UPC_ULONG, unsigned long)               \
  X(UPC_LONGLONG, long long)                \
  X(UPC_ULONGLONG, unsigned long long)      \
  X(UPC_FLOAT, float)                       \
  X(UPC_DOUBLE, double)                     \
  X(UPC_LONGDOUBLE, long double)            \
  X(UPC_CPLX, upccoll_cplx_t)               \
  X(UPC_DBLCPLX, upccoll_dblcplx_t)         \
  X(UPC_LONGDBLCPLX, upccoll_longdblcplx_t) \
  X(UPC_FLOAT_INT, upccoll_float_int_t)     \
  X(UPC_DOUBLE_INT, upccoll_double_int_t)   \
  X(UPC_LONG_INT, upccoll_long_int_t)       \
  X(UPC_2INT, upccoll_2int_t)               \
  X(UPC_SHORT_INT, upccoll_short_int_t)     \
  X(UPC_LONG_DOUBLE_INT, upccoll_long_double_int_t)

// The predefined operations (3.1.3).
#define PGAS_COLL2_OPS(X) \
  X(UPC_ADD)              \
  X(UPC_MULT)             \
  X(UPC_AND)              \
  X(UPC_OR)               \
  X(UPC_XOR)              \
  X(UPC_LOGAND)           \
  X(UPC_LOGOR)            \
  X(UPC_MIN)              \
  X(UPC_MAX)              \
  X(UPC_MINLOC)           \
  X(UPC_MAXLOC)

// Calls `visit` with a value of the C type of `dt` (its family by the type).
template <class Visit>
void with_type(upccoll_dtype_t dt, Visit visit) {
  switch (dt) {
#define PGAS_VISIT_TYPE(code, type) \
  case code:                        \
    return visit(std::type_identity_t<type>{});
    PGAS_COLL2_TYPES(PGAS_VISIT_TYPE)
#undef PGAS_VISIT_TYPE
    default:
      return;
  }
}

template <class T>
constexpr Family family_of() {
  if constexpr (std::is_integral_v<T>)
    return Family::kInteger;
  else if constexpr (std::is_floating_point_v<T>)
    return Family::kReal;
  else if constexpr (requires(T v) { v.imag; })
    return Family::kComplex;
  else
    return Family::kPair;
}

Family family(upccoll_dtype_t dt) {
  Family f = Family::kNone;
  with_type(dt, [&](auto value) { f = family_of<decltype(value)>(); });
  return f;
}

// a op b for one element (a is `in`, b is `inout`).
template <class T>
T combine(upccoll_op_t op, const T &a, const T &b) {
  constexpr Family f = family_of<T>();
  if constexpr (f == Family::kInteger || f == Family::kReal) {
    return coll::predefined(op, a, b);
  } else if constexpr (f == Family::kComplex) {
    if (op == UPC_ADD) return {a.real + b.real, a.imag + b.imag};
    return {a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};  // UPC_MULT
  } else {
    const bool smaller = a.value < b.value || (a.value == b.value && a.index < b.index);
    const bool larger = b.value < a.value || (a.value == b.value && a.index < b.index);
    return (op == UPC_MINLOC ? smaller : larger) ? a : b;
  }
}

}  // namespace

// A case of a list's switch that names the code.
#define PGAS_NAME_CASE(code, ...) \
  case code:                      \
    return #code;

const char *type_name(upccoll_dtype_t dt) {
  switch (dt) {
    PGAS_COLL2_TYPES(PGAS_NAME_CASE)
    default:
      return "an unknown type";
  }
}

std::string op_name(upccoll_op_t op) {
  if (user_op(op)) return "user operation #" + std::to_string(op & ~kUserOpBit);
  switch (op) {
    PGAS_COLL2_OPS(PGAS_NAME_CASE)
    default:
      return "an unknown operation";
  }
}

#undef PGAS_NAME_CASE

std::uint64_t op_number(upccoll_op_t op) {
  if (user_op(op)) return 32 + static_cast<std::uint64_t>(op & ~kUserOpBit);
  return op == 0 ? 0 : 1 + static_cast<std::uint64_t>(__builtin_ctz(static_cast<unsigned>(op)));
}

std::size_t type_size(upccoll_dtype_t dt) {
  std::size_t bytes = 0;
  with_type(dt, [&](auto value) { bytes = sizeof value; });
  return bytes;
}

bool op_defined(upccoll_op_t op, upccoll_dtype_t dt) {
  const Family f = family(dt);
  if (f == Family::kNone) return false;
  if (user_function(op) != nullptr) return true;
  switch (op) {
    case UPC_ADD:
    case UPC_MULT:
      return f != Family::kPair;
    case UPC_AND:
    case UPC_OR:
    case UPC_XOR:
      return f == Family::kInteger;
    case UPC_LOGAND:
    case UPC_LOGOR:
    case UPC_MIN:
    case UPC_MAX:
      return f == Family::kInteger || f == Family::kReal;
    case UPC_MINLOC:
    case UPC_MAXLOC:
      return f == Family::kPair;
    default:
      return false;
  }
}

namespace {

template <class T>
void combine_all(upccoll_op_t op, const void *in, void *inout, std::size_t count) {
  const T *from = static_cast<const T *>(in);
  T *to = static_cast<T *>(inout);
  for (std::size_t i = 0; i < count; ++i) to[i] = combine<T>(op, from[i], to[i]);
}

}  // namespace

Combiner combiner(upccoll_op_t op, upccoll_dtype_t dt) {
  Combiner chosen = nullptr;
  if (!user_op(op)) with_type(dt, [&](auto value) { chosen = &combine_all<decltype(value)>; });
  return chosen;
}

void apply(upccoll_op_t op, upccoll_dtype_t dt, const void *in, void *inout, std::size_t count) {
  if (upccoll_user_fun *function = user_function(op))
    return function(const_cast<void *>(in), inout, count, dt);
  if (const Combiner chosen = combiner(op, dt)) chosen(op, in, inout, count);
}

upccoll_op_t add_user_op(upccoll_user_fun *function, bool commutative) {
  g_user_ops.push_back(function);
  g_commutative.push_back(commutative);
  return kUserOpBit | static_cast<upccoll_op_t>(g_user_ops.size() - 1);
}

bool user_op(upccoll_op_t op) { return (op & kUserOpBit) != 0; }

bool op_commutative(upccoll_op_t op) {
  if (!user_op(op)) return true;
  const auto index = static_cast<std::size_t>(op & ~kUserOpBit);
  return index < g_commutative.size() && g_commutative[index];
}

bool remove_user_op(upccoll_op_t op) {
  if (user_function(op) == nullptr) return false;
  g_user_ops[static_cast<std::size_t>(op & ~kUserOpBit)] = nullptr;
  return true;
}

}  // namespace pgas::rt::coll2
