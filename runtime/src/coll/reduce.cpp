// upc_all_reduceT and upc_all_prefix_reduceT for every UPC type suffix, generated from the one list
// PGAS_UPC_REDUCE_TYPES, computed by all threads in parallel:
//   reduce: each thread folds a part of src and posts its partial value; the thread holding dst combines
//     the partials in thread order. For a commutative op a thread's part is the elements it holds (no remote
//     reads); for UPC_NONCOMM_FUNC it is the thread's contiguous chunk of the elements in element order, so
//     the operands keep their order (only the grouping changes, which an associative op allows).
//   prefix reduce: each thread reads its contiguous chunk, scans it, and posts the chunk's total; then it
//     combines the totals of the chunks before its own (an exclusive scan of the totals) with its scan and
//     writes its chunk of dst.
// For integer types and UPC_NONCOMM_FUNC the results equal the sequential left fold bit for bit. Floating
// sums and products may differ from it in rounding, as UPC 1.2 allows for a commutative op.
#include <algorithm>
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

// The threads other than `owner` whose part (part_of(k)) has elements held by `owner`.
template <class PartOf>
std::vector<int> touching(int owner, PartOf part_of) {
  std::vector<int> out;
  for (int k = 0; k < g_runtime.threads; ++k)
    if (k != owner && !held_by(part_of(k), owner).empty()) out.push_back(k);
  return out;
}

// The threads holding any of the runs.
std::vector<int> owners(const std::vector<Run> &pieces) {
  std::vector<int> out;
  for (const Run &r : pieces)
    if (std::find(out.begin(), out.end(), r.at.thread) == out.end()) out.push_back(r.at.thread);
  return out;
}

// Reads `part` and folds it in order into *out; false if it is empty.
template <class T>
bool fold(Call &call, const std::vector<Run> &part, const Arguments &a, T (*func)(T, T), T *out) {
  std::vector<T> values(elements(part));
  if (values.empty()) return false;
  call.run(packed_moves(part, sizeof(T), values.data(), true));
  T result = values[0];
  for (std::size_t i = 1; i < values.size(); ++i) result = combine(a.op, result, values[i], func);
  *out = result;
  return true;
}

template <class T>
void reduce(const char *variant, int type_index, const Arguments &a, T (*func)(T, T)) {
  UpcCall call(CollectiveKind::kUpcAllReduce, a.where, a.flags, {REDUCE_ARGS(a, type_index)});
  call.name_variant(variant);
  const std::vector<Run> src = checked_src<T>(call, a, func);
  check_extent(call, "dst", a.dst, sizeof(T));
  const int me = g_runtime.mythread, reader = a.dst.thread;
  auto part_of = [&](int k) {
    return a.op == UPC_NONCOMM_FUNC ? chunk(src, k, a.nelems, sizeof(T)) : held_by(src, k);
  };
  call.start();
  const std::vector<int> touched_by = touching(me, part_of);
  call.announce_to(touched_by);
  T partial{};
  const bool posted = fold(call, part_of(me), a, func, &partial);
  if (posted && me != reader) call.post(&partial, sizeof partial);
  if (me == reader) {
    T result{}, value{};
    bool any = false;
    for (int k = 0; k < g_runtime.threads; ++k) {
      if (k == me ? !posted : elements(part_of(k)) == 0) continue;
      if (k == me)
        value = partial;
      else
        call.receive(k, &value, sizeof value);
      result = any ? combine(a.op, result, value, func) : value;
      any = true;
    }
    pgas::detail::memput(a.dst, &result, sizeof result);
  }
  call.finish(touched_by);
}

template <class T>
void prefix_reduce(const char *variant, int type_index, const Arguments &a, T (*func)(T, T)) {
  UpcCall call(CollectiveKind::kUpcAllPrefixReduce, a.where, a.flags, {REDUCE_ARGS(a, type_index)});
  call.name_variant(variant);
  const std::vector<Run> src = checked_src<T>(call, a, func);
  const std::vector<Run> dst = runs(a.dst, a.nelems, a.blk_size, sizeof(T));
  check_runs(call, "dst", dst, sizeof(T));
  const int me = g_runtime.mythread;
  auto part_of = [&](int k) {  // the src and dst elements of thread k's chunk
    std::vector<Run> both = chunk(src, k, a.nelems, sizeof(T)), out = chunk(dst, k, a.nelems, sizeof(T));
    both.insert(both.end(), out.begin(), out.end());
    return both;
  };
  call.start();
  const std::vector<int> touched_by = touching(me, part_of);
  call.announce_to(touched_by);
  const std::vector<Run> in = chunk(src, me, a.nelems, sizeof(T)), out = chunk(dst, me, a.nelems, sizeof(T));
  std::vector<T> values(elements(in));
  call.run(packed_moves(in, sizeof(T), values.data(), true), false);
  for (std::size_t i = 1; i < values.size(); ++i) values[i] = combine(a.op, values[i - 1], values[i], func);
  // The chunks after this one need its total.
  bool needed = false;
  for (int k = me + 1; k < g_runtime.threads; ++k)
    needed = needed || chunk_begin(k + 1, a.nelems) > chunk_begin(k, a.nelems);
  if (!values.empty() && needed) call.post(&values.back(), sizeof(T));
  if (!values.empty()) {
    T before{}, total{};
    bool any = false;
    for (int k = 0; k < me; ++k) {
      if (chunk_begin(k + 1, a.nelems) == chunk_begin(k, a.nelems)) continue;
      call.receive(k, &total, sizeof total);
      before = any ? combine(a.op, before, total, func) : total;
      any = true;
    }
    if (any)
      for (T &v : values) v = combine(a.op, before, v, func);
  }
  call.run(packed_moves(out, sizeof(T), values.data(), false), false);
  std::vector<int> done = owners(in), written = owners(out);
  done.insert(done.end(), written.begin(), written.end());
  std::sort(done.begin(), done.end());
  done.erase(std::unique(done.begin(), done.end()), done.end());
  call.release(done);
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
