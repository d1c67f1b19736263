// upc_all_reduceT and upc_all_prefix_reduceT for every UPC type suffix, generated from the one list
// PGAS_UPC_REDUCE_TYPES: the thread that holds dst reads src in element order and combines (so every op,
// UPC_NONCOMM_FUNC too, is applied in element order); for the prefix reduction every thread reads src and
// writes its own elements of dst.
#include <cstring>
#include <type_traits>
#include <vector>

#include "coll/arithmetic.hpp"
#include "coll/blocked.hpp"
#include "coll/upc_args.hpp"

using namespace pgas::rt;
using namespace pgas::rt::coll;
using pgas::detail::gaddr;

namespace {

template <class T>
T combine(upc_op_t op, T a, T b, T (*func)(T, T)) {
  return op == UPC_FUNC || op == UPC_NONCOMM_FUNC ? func(a, b) : predefined(op, a, b);  // check_op checked op
}

template <class T>
void check_op(const Call &call, upc_op_t op, T (*func)(T, T)) {
  switch (op) {
    case UPC_ADD:
    case UPC_MULT:
    case UPC_LOGAND:
    case UPC_LOGOR:
    case UPC_MIN:
    case UPC_MAX:
      return;
    case UPC_AND:
    case UPC_OR:
    case UPC_XOR:
      if (std::is_integral_v<T>) return;
      call.fail("op %s is not defined for a floating type", op == UPC_AND  ? "UPC_AND"
                                                            : op == UPC_OR ? "UPC_OR"
                                                                           : "UPC_XOR");
    case UPC_FUNC:
    case UPC_NONCOMM_FUNC:
      if (func == nullptr) call.fail("op UPC_FUNC or UPC_NONCOMM_FUNC with a null func");
      return;
    default:
      call.fail("op %d is not a upc_op_t", op);
  }
}

struct Arguments {
  gaddr dst, src;
  upc_op_t op;
  std::size_t nelems, blk_size;
  upc_flag_t flags;
  std::source_location where;
};

template <class T>
std::vector<Run> checked_src(const Call &call, const Arguments &a, T (*func)(T, T)) {
  check_op<T>(call, a.op, func);
  check_pointer(call, "src", a.src, false);
  check_pointer(call, "dst", a.dst, false);
  if (a.nelems == 0) call.fail("nelems is 0 (it must be greater than 0)");
  std::vector<Run> src = runs(a.src, a.nelems, a.blk_size, sizeof(T));
  check_runs(call, "src", src, sizeof(T));
  return src;
}

#define REDUCE_ARGS(a, type_index)                                                                        \
  {"dst", digest(a.dst), true}, {"src", digest(a.src), true},                                             \
      {"op and type", static_cast<std::uint64_t>(a.op) | (static_cast<std::uint64_t>(type_index) << 32)}, \
      {"nelems", a.nelems}, {"blk_size", a.blk_size}, {                                                   \
    "sync_mode", static_cast<std::uint64_t>(a.flags)                                                      \
  }

template <class T>
void reduce(const char *variant, int type_index, const Arguments &a, T (*func)(T, T)) {
  UpcCall call(CollectiveKind::kUpcAllReduce, a.where, a.flags, {REDUCE_ARGS(a, type_index)});
  call.name_variant(variant);
  const std::vector<Run> src = checked_src<T>(call, a, func);
  check_extent(call, "dst", a.dst, sizeof(T));
  const int reader = a.dst.thread;
  call.start();
  if (g_runtime.mythread == reader) {
    std::vector<T> values(a.nelems);
    call.run(reads_into(src, sizeof(T), values.data()));
    T result = values[0];
    for (std::size_t i = 1; i < a.nelems; ++i) result = combine(a.op, result, values[i], func);
    pgas::detail::memput(a.dst, &result, sizeof result);
  }
  const int touched_by[] = {reader};
  call.finish(holds_any(src) ? std::span<const int>(touched_by) : std::span<const int>());
}

template <class T>
void prefix_reduce(const char *variant, int type_index, const Arguments &a, T (*func)(T, T)) {
  UpcCall call(CollectiveKind::kUpcAllPrefixReduce, a.where, a.flags, {REDUCE_ARGS(a, type_index)});
  call.name_variant(variant);
  const std::vector<Run> src = checked_src<T>(call, a, func);
  const std::vector<Run> dst = runs(a.dst, a.nelems, a.blk_size, sizeof(T));
  check_runs(call, "dst", dst, sizeof(T));
  call.start();
  std::vector<T> values(a.nelems);
  call.run(reads_into(src, sizeof(T), values.data()));
  for (std::size_t i = 1; i < a.nelems; ++i) values[i] = combine(a.op, values[i - 1], values[i], func);
  for (const Run &r : dst)
    if (r.at.thread == g_runtime.mythread)
      pgas::detail::memput(r.at, values.data() + r.first, r.count * sizeof(T));
  // Every thread reads all of src: a thread holding some of it waits for all the others.
  std::vector<int> touched_by;
  if (holds_any(src))
    for (int t = 0; t < g_runtime.threads; ++t) touched_by.push_back(t);
  call.finish(touched_by);
}

// The index of each type suffix in PGAS_UPC_REDUCE_TYPES (compared across threads with the op).
enum TypeIndex {
#define PGAS_TYPE_INDEX(T, TYPE) kType##T,
  PGAS_UPC_REDUCE_TYPES(PGAS_TYPE_INDEX)
#undef PGAS_TYPE_INDEX
};

}  // namespace

#define PGAS_UPC_DEFINE_REDUCE(T, TYPE)                                                                     \
  void upc_all_reduce##T(pgas_shared_ptr dst, pgas_shared_cptr src, upc_op_t op, std::size_t nelems,        \
                         std::size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode,              \
                         pgas_here where) {                                                                 \
    reduce<TYPE>("(upc_all_reduce" #T ")", kType##T,                                                        \
                 {address(dst), address(src), op, nelems, blk_size, sync_mode, where}, func);               \
  }                                                                                                         \
  void upc_all_prefix_reduce##T(pgas_shared_ptr dst, pgas_shared_cptr src, upc_op_t op, std::size_t nelems, \
                                std::size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode,       \
                                pgas_here where) {                                                          \
    prefix_reduce<TYPE>("(upc_all_prefix_reduce" #T ")", kType##T,                                          \
                        {address(dst), address(src), op, nelems, blk_size, sync_mode, where}, func);        \
  }
PGAS_UPC_REDUCE_TYPES(PGAS_UPC_DEFINE_REDUCE)
#undef PGAS_UPC_DEFINE_REDUCE
