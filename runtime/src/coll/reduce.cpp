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
#include "coll/kept.hpp"
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
  std::size_t dst_phase, src_phase;  // the pointers' phases (UPC 1.3 7.3.2.1: respected)
  upc_op_t op;
  std::size_t nelems, blk_size;
  upc_flag_t flags;
  std::source_location where;
};

// The view's pieces on each thread (blocked.hpp): element i of a view lives where UPC pointer arithmetic from
// the pointer with blocks of `block` puts it. A pointer of phase p is element p of a view that starts at
// its block's first element (`at`, phase 0): element i is that view's p + i.
struct View {
  gaddr at;  // the first element of the pointer's block
  std::size_t block, phase;
  Held held(int thread, std::size_t b, std::size_t e) const {
    return coll::held(at.thread, block, thread, b + phase, e + phase);
  }
  Pieces pieces(std::size_t b, std::size_t e) const { return {at.thread, block, b + phase, e + phase}; }
  gaddr address(int thread, std::size_t local, std::size_t elem_size) const {
    return {at.handle, thread, at.offset + local * elem_size};
  }
};

// The view of `p` (of phase `phase`) as a `shared [block] T *` with elements of elem_size bytes. A phase
// only counts in blocks of more than one element (the pointer's type gives it; a phase at or beyond `block`
// has no meaning there).
View view_of(const Call &call, const char *what, gaddr p, std::size_t phase, std::size_t block,
             std::size_t elem_size) {
  if (block <= 1)
    phase = 0;
  else if (phase >= block)
    call.fail("%s has phase %zu, which a pointer with blk_size %zu cannot have", what, phase, block);
  if (phase * elem_size > p.offset)
    call.fail("%s has phase %zu but only %zu bytes of its object before it on its thread", what, phase,
              p.offset);
  p.offset -= phase * elem_size;  // the pointer's phase is its distance from its block's start
  return {p, block, phase};
}

// Checks the op, the pointers and nelems.
template <class T>
void check_arguments(const Call &call, const Arguments &a, T (*func)(T, T)) {
  check_op<T>(call, a.op, func);
  check_pointer(call, "src", a.src, false);
  check_pointer(call, "dst", a.dst, false);
  if (a.nelems == 0) call.fail("nelems is 0 (it must be greater than 0)");
}
// Checks every thread's part of `view`'s n elements against its object.
void check_view(const Call &call, const char *what, const View &view, std::size_t n, std::size_t elem_size) {
  for (int t = 0; t < g_runtime.threads; ++t)
    if (const Held h = view.held(t, 0, n); h.count != 0)
      check_extent(call, what, view.address(t, h.first, elem_size), h.count * elem_size);
}

#define REDUCE_ARGS(a, type_index)                                                                        \
  {"dst", digest(a.dst), true}, {"src", digest(a.src), true},                                             \
      {"op and type", static_cast<std::uint64_t>(a.op) | (static_cast<std::uint64_t>(type_index) << 32)}, \
      {"nelems", a.nelems}, {"blk_size", a.blk_size}, {                                                   \
    "sync_mode", static_cast<std::uint64_t>(a.flags)                                                      \
  }

// Per thread, where its piece of a range sits in a packed buffer (lay_out): the pieces one after another in
// thread order, read or written by one move each (moves_for). Kept from call to call: with the buffers
// (scratch), a call allocates nothing once the job has made one of its size.
struct Sections {
  std::vector<Held> &held = kept_vector<Held>();
  std::vector<std::size_t> &at = kept_vector<std::size_t>();  // in elements
  std::vector<Move> &moves = kept_vector<Move>();
  std::vector<std::size_t> &next = kept_vector<std::size_t>();  // per thread, while walking (take)

  // Lays out `view`'s elements [b, e); the number of elements.
  std::size_t lay_out(const View &view, std::size_t b, std::size_t e) {
    held.clear(), at.clear();
    std::size_t total = 0;
    for (int t = 0; t < g_runtime.threads; ++t) {
      held.push_back(view.held(t, b, e));
      at.push_back(total);
      total += held.back().count;
    }
    return total;
  }
  // Moves reading every thread's piece into `packed` (read) or writing it from there, each touching its
  // owner.
  std::span<const Move> moves_for(const View &view, std::size_t elem_size, void *packed, bool read) {
    moves.clear();
    for (int t = 0; t < g_runtime.threads; ++t) {
      const Held &h = held[static_cast<std::size_t>(t)];
      if (h.count == 0) continue;
      char *buffer = static_cast<char *>(packed) + at[static_cast<std::size_t>(t)] * elem_size;
      Move m{.peer = t, .bytes = h.count * elem_size};
      if (read)
        m.src = view.address(t, h.first, elem_size), m.to = buffer;
      else
        m.dst = view.address(t, h.first, elem_size), m.from = buffer;
      moves.push_back(m);
    }
    return moves;
  }
  // Each thread's next piece of the laid-out range in its packed section: start() once, then take(thread,
  // count) per piece (Pieces::next), in element order.
  void start() { next.assign(at.begin(), at.end()); }
  std::size_t take(int thread, std::size_t count) {
    std::size_t &n = next[static_cast<std::size_t>(thread)];
    n += count;
    return n - count;
  }
};

// A buffer of at least n elements of T, kept from call to call (it grows to the largest call's).
template <class T>
T *scratch(std::size_t n, int which) {
  static std::vector<T> &first = *new std::vector<T>(), &second = *new std::vector<T>();
  std::vector<T> &v = which == 0 ? first : second;
  if (v.size() < n) v.resize(n);
  return v.data();
}

// Calls body(f) with f(x, y) = x op y, the op chosen once for a whole loop (the common ones inlined).
template <class T, class Body>
void with_op(upc_op_t op, T (*func)(T, T), Body body) {
  switch (op) {
    case UPC_ADD:
      return body([](T x, T y) { return wrapping(UPC_ADD, x, y); });
    case UPC_MULT:
      return body([](T x, T y) { return wrapping(UPC_MULT, x, y); });
    case UPC_MIN:
      return body([](T x, T y) { return y < x ? y : x; });
    case UPC_MAX:
      return body([](T x, T y) { return x < y ? y : x; });
    default:
      return body([&](T x, T y) { return combine(op, x, y, func); });
  }
}

// The left fold of `count` values from `v` onto *result (which holds a value when `any`).
template <class T>
void fold_into(upc_op_t op, T (*func)(T, T), const T *v, std::size_t count, T *result, bool *any) {
  if (count == 0) return;
  T r = *any ? *result : v[0];
  with_op(op, func, [&](auto f) {
    for (std::size_t i = *any ? 0 : 1; i < count; ++i) r = f(r, v[i]);
  });
  *result = r;
  *any = true;
}

template <class T>
void reduce(const char *variant, int type_index, const Arguments &a, T (*func)(T, T)) {
  UpcCall call(CollectiveKind::kUpcAllReduce, a.where, a.flags, {REDUCE_ARGS(a, type_index)});
  call.name_variant(variant);
  check_arguments<T>(call, a, func);
  const View src = view_of(call, "src", a.src, a.src_phase, a.blk_size, sizeof(T));
  const std::size_t n = a.nelems;
  check_view(call, "src", src, n, sizeof(T));
  check_extent(call, "dst", a.dst, sizeof(T));
  const int me = g_runtime.mythread, reader = a.dst.thread;
  // A thread's part: for a commutative op the elements it holds (no remote reads), else its chunk.
  const bool in_order = a.op == UPC_NONCOMM_FUNC;
  auto part_size = [&](int k) {
    return in_order ? chunk_begin(k + 1, n) - chunk_begin(k, n) : src.held(k, 0, n).count;
  };
  call.start();
  static std::vector<int> &touched_by = kept_vector<int>();
  touched_by.clear();
  for (int k = 0; in_order && k < g_runtime.threads; ++k)
    if (k != me && src.held(me, chunk_begin(k, n), chunk_begin(k + 1, n)).count != 0) touched_by.push_back(k);
  call.announce_to(touched_by);

  static Sections &sections = *new Sections();
  const std::size_t b = in_order ? chunk_begin(me, n) : 0, e = in_order ? chunk_begin(me + 1, n) : n;
  T partial{};
  bool posted = false;
  if (in_order) {
    T *packed = scratch<T>(sections.lay_out(src, b, e), 0);
    call.run(sections.moves_for(src, sizeof(T), packed, true));
    sections.start();
    int t = 0;
    std::size_t count = 0;
    for (Pieces pieces = src.pieces(b, e); pieces.next(&t, &count);)
      fold_into(a.op, func, packed + sections.take(t, count), count, &partial, &posted);
  } else if (const Held mine = src.held(me, 0, n); mine.count != 0) {
    T *packed = scratch<T>(mine.count, 0);
    const Move move{.peer = me,
                    .bytes = mine.count * sizeof(T),
                    .src = src.address(me, mine.first, sizeof(T)),
                    .to = packed};
    call.run(std::span<const Move>(&move, 1));
    fold_into(a.op, func, packed, mine.count, &partial, &posted);
  }
  if (posted && me != reader) call.post(&partial, sizeof partial);
  if (me == reader) {
    T result{}, value{};
    bool any = false;
    for (int k = 0; k < g_runtime.threads; ++k) {
      if (k == me ? !posted : part_size(k) == 0) continue;
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
  check_arguments<T>(call, a, func);
  // UPC 1.3 7.3.2.1 requires equal phases (and threads; a shift of threads is allowed here).
  if (a.blk_size > 1 && a.src_phase != a.dst_phase)
    call.fail("src has phase %zu and dst phase %zu (upc_all_prefix_reduce requires the phases to match)",
              a.src_phase, a.dst_phase);
  const View src = view_of(call, "src", a.src, a.src_phase, a.blk_size, sizeof(T)),
             dst = view_of(call, "dst", a.dst, a.dst_phase, a.blk_size, sizeof(T));
  const std::size_t n = a.nelems;
  check_view(call, "src", src, n, sizeof(T));
  check_view(call, "dst", dst, n, sizeof(T));
  const int me = g_runtime.mythread;
  // Thread k reads its chunk of src and writes its chunk of dst.
  auto touches = [&](int owner, int k) {
    const std::size_t b = chunk_begin(k, n), e = chunk_begin(k + 1, n);
    return src.held(owner, b, e).count != 0 || dst.held(owner, b, e).count != 0;
  };
  call.start();
  static std::vector<int> &touched_by = kept_vector<int>(), &touched = kept_vector<int>();
  touched_by.clear(), touched.clear();
  for (int k = 0; k < g_runtime.threads; ++k) {
    if (k != me && touches(me, k)) touched_by.push_back(k);
    if (touches(k, me)) touched.push_back(k);
  }
  call.announce_to(touched_by);

  static Sections &sections = *new Sections();
  const std::size_t b = chunk_begin(me, n), e = chunk_begin(me + 1, n), count = e - b;
  // Src's pieces read into `packed`; the running prefix written straight into dst's pieces in `out`.
  static Sections &out_sections = *new Sections();
  T *packed = scratch<T>(sections.lay_out(src, b, e), 0),
    *out = scratch<T>(out_sections.lay_out(dst, b, e), 1);
  call.run(sections.moves_for(src, sizeof(T), packed, true), false);
  // dst's piece of an element is on the thread `shift` after src's.
  const int threads = g_runtime.threads, shift = (dst.at.thread - src.at.thread + threads) % threads;
  sections.start(), out_sections.start();
  T last{};
  with_op(a.op, func, [&](auto f) {
    T running{};  // a local: `last` could alias the output
    bool any = false;
    int t = 0;
    std::size_t c = 0;
    for (Pieces pieces = src.pieces(b, e); pieces.next(&t, &c);) {
      const T *v = packed + sections.take(t, c);
      T *w = out + out_sections.take(t + shift < threads ? t + shift : t + shift - threads, c);
      std::size_t j = 0;
      if (!any) {  // the range's first element is its own prefix
        w[0] = running = v[0];
        j = 1;
        any = true;
      }
      for (; j < c; ++j) w[j] = running = f(running, v[j]);
    }
    last = running;
  });
  // The chunks after this one need its total.
  bool needed = false;
  for (int k = me + 1; k < g_runtime.threads; ++k)
    needed = needed || chunk_begin(k + 1, n) > chunk_begin(k, n);
  if (count != 0 && needed) call.post(&last, sizeof(T));
  if (count != 0) {
    T before{}, total{};
    bool any = false;
    for (int k = 0; k < me; ++k) {
      if (chunk_begin(k + 1, n) == chunk_begin(k, n)) continue;
      call.receive(k, &total, sizeof total);
      before = any ? combine(a.op, before, total, func) : total;
      any = true;
    }
    if (any)  // each element's prefix is before op (its chunk's prefix), in whatever order they sit in `out`
      with_op(a.op, func, [&](auto f) {
        for (std::size_t i = 0; i < count; ++i) out[i] = f(before, out[i]);
      });
  }
  call.run(out_sections.moves_for(dst, sizeof(T), out, false), false);
  call.release(touched);
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
    reduce<TYPE>(                                                                                           \
        "(upc_all_reduce" #T ")", kType##T,                                                                 \
        {address(dst), address(src), dst.phase(), src.phase(), op, nelems, blk_size, sync_mode, where},     \
        func);                                                                                              \
  }                                                                                                         \
  void upc_all_prefix_reduce##T(pgas_shared_ptr dst, pgas_shared_cptr src, upc_op_t op, std::size_t nelems, \
                                std::size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode,       \
                                pgas_here where) {                                                          \
    prefix_reduce<TYPE>(                                                                                    \
        "(upc_all_prefix_reduce" #T ")", kType##T,                                                          \
        {address(dst), address(src), dst.phase(), src.phase(), op, nelems, blk_size, sync_mode, where},     \
        func);                                                                                              \
  }
PGAS_UPC_REDUCE_TYPES(PGAS_UPC_DEFINE_REDUCE)
#undef PGAS_UPC_DEFINE_REDUCE
