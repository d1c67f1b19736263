// upc_all_sort: thread 0 orders the elements with the user's comparison (which gets pointers-to-shared to
// the elements in place), then reads them and writes them back in order; the others wait as the sync mode
// says.
#include <algorithm>
#include <numeric>
#include <vector>

#include "coll/blocked.hpp"
#include "coll/upc_args.hpp"

using namespace pgas::rt;
using namespace pgas::rt::coll;

void upc_all_sort(pgas_shared_ptr A, std::size_t elem_size, std::size_t nelems, std::size_t blk_size,
                  int (*func)(pgas_shared_ptr, pgas_shared_ptr), upc_flag_t flags, pgas_here where) {
  const pgas::detail::gaddr base = address(A);
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
  constexpr int kSorter = 0;
  const int sorter[] = {kSorter};
  const std::span<const int> touched_by =
      holds_any(pieces) ? std::span<const int>(sorter) : std::span<const int>();
  call.start();
  call.announce_to(touched_by);
  if (g_runtime.mythread == kSorter) {
    std::vector<char> values(nelems * elem_size);
    call.run(reads_into(pieces, elem_size, values.data()), false);
    // Where element i lives, for the comparison.
    std::vector<pgas_shared_ptr> element(nelems);
    for (const Run &r : pieces)
      for (std::size_t k = 0; k < r.count; ++k)
        element[r.first + k] = pgas_shared_ptr(r.at.handle, r.at.thread, 0, r.at.offset + k * elem_size, 1);
    std::vector<std::size_t> order(nelems);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return func(element[a], element[b]) < 0; });
    std::vector<char> sorted(values.size());
    for (std::size_t i = 0; i < nelems; ++i)
      std::copy_n(values.data() + order[i] * elem_size, elem_size, sorted.data() + i * elem_size);
    std::vector<Move> writes;
    for (const Run &r : pieces)
      writes.push_back({.peer = r.at.thread,
                        .bytes = r.count * elem_size,
                        .dst = r.at,
                        .from = sorted.data() + r.first * elem_size});
    call.run(writes);
  }
  call.finish(touched_by);
}
