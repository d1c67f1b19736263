// The relocalization collectives on pointers into arrays of other element types and blocking factors,
// at phases other than 0 (upc-lib-collectives.tex, "Relocalization Operations"). The text treats each
// pointer as a view of bytes: `shared [] char[...]` from a pointer to any thread (broadcast and scatter's
// src, gather's dst), so the bytes are contiguous in that thread's memory from the pointer on, whatever the
// array's own blocks; and `shared [nbytes] char[...]` (or `[nbytes*THREADS]`) from a pointer that "must have
// affinity to thread 0" and "is treated as if it has phase 0", so the block of thread i starts at the same
// address field on thread i. Expected bytes: reloc_model.hpp, from those paragraphs.
#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <pgas/upc.hpp>
#include <vector>

#include "coll_conf_util.hpp"
#include "reloc_model.hpp"

using namespace ccoll;

namespace {

// An array layout and where a pointer into it starts: `on_zero` an element with affinity to thread 0 (at a
// phase other than 0 where the layout has one), `on(r)` an element with affinity to thread r.
struct Layout {
  const char *name;
  char type;  // 'c' unsigned char, 'i' int, 'r' Rgb (3 bytes), 'd' double
  std::size_t block;
  std::size_t (*on_zero)();
  std::size_t (*on)(std::size_t r);
};

const Layout kLayouts[] = {
    // EXAMPLE 3 of upc_all_broadcast: &A[3] of `shared [10] int A[...]`.
    {"shared [10] int", 'i', 10, [] { return std::size_t{3}; }, [](std::size_t r) { return r * 10 + 3; }},
    // An element of the second block of thread 0 (phase 7).
    {"shared [10] int (2nd block)", 'i', 10, [] { return 10 * T() + 7; },
     [](std::size_t r) { return 10 * T() + r * 10 + 7; }},
    // A cyclic array: &B[THREADS*2] is on thread 0 at address field 2*sizeof(int), and its bytes on a
    // thread are B[THREADS*2 + t], B[THREADS*3 + t], ...
    {"shared int (cyclic)", 'i', 1, [] { return 2 * T(); }, [](std::size_t r) { return T() + r; }},
    // The last element of a block: views longer than the rest of the block go on into the thread's next
    // block of the array (its memory is contiguous: no padding between a thread's blocks).
    {"shared [7] unsigned char", 'c', 7, [] { return std::size_t{6}; },
     [](std::size_t r) { return r * 7 + 6; }},
    {"shared [4] Rgb", 'r', 4, [] { return std::size_t{1}; }, [](std::size_t r) { return r * 4 + 2; }},
    {"shared [3] double", 'd', 3, [] { return std::size_t{2}; }, [](std::size_t r) { return r * 3 + 1; }},
    // Indefinite: every element on thread 0 (only where the view is on a single thread).
    {"shared [] int", 'i', 0, nullptr, [](std::size_t) { return std::size_t{5}; }},
};

// An array of the layout with at least `need` bytes after the pointer on every thread that has a part.
std::unique_ptr<AnyArea> make_area(const Layout &l, std::size_t need) {
  const std::size_t esize = l.type == 'c' ? 1 : l.type == 'r' ? 3 : l.type == 'd' ? 8 : 4;
  const std::size_t start = (l.on_zero ? l.on_zero() : 0) + (l.on(T() - 1));  // generous
  const std::size_t per_thread = (need + esize - 1) / esize + start + 8;      // elements
  const std::size_t blk = l.block == 0 ? per_thread : l.block;
  const std::size_t n = l.block == 0 ? per_thread : ((per_thread + blk - 1) / blk) * blk * T();
  switch (l.type) {
    case 'c':
      return std::make_unique<Area<unsigned char>>(n, l.block, l.name);
    case 'r':
      return std::make_unique<Area<Rgb>>(n, l.block, l.name);
    case 'd':
      return std::make_unique<Area<double>>(n, l.block, l.name);
    default:
      return std::make_unique<Area<int>>(n, l.block, l.name);
  }
}

// The element a pointer of this kind starts at: on thread 0 for the views the text requires there, else on
// `root`; -1 when the layout cannot hold that view (an indefinite array has no block on other threads).
long start_of(const Layout &l, bool on_zero, std::size_t root) {
  if (on_zero) return l.on_zero ? static_cast<long>(l.on_zero()) : -1;
  if (l.block == 0 && root != 0) return static_cast<long>(l.on(0));  // its single thread is 0
  return static_cast<long>(l.on(root));
}

class Layouts : public testing::TestWithParam<Kind> {};

TEST_P(Layouts, EveryPairOfViewsAtTheirPhases) {
  const Kind kind = GetParam();
  const std::size_t sizes[] = {1, 2, 5, 8, 12, 37};
  constexpr std::size_t kLargest = 37;
  std::vector<std::unique_ptr<AnyArea>> srcs, dsts;
  for (const Layout &l : kLayouts) {
    srcs.push_back(make_area(l, src_span(kind, kLargest)));
    dsts.push_back(make_area(l, dst_span(kind, kLargest)));
  }
  pgas::shared_array<int> perm(T());
  Agreement agree;
  std::vector<int> p(T());
  for (std::size_t i = 0; i < T(); ++i) p[i] = static_cast<int>((i + 1) % T());  // a rotation
  perm[me()] = p[me()];
  upc_barrier;
  const Sync &allsync = kSyncs[9], &nosync = kSyncs[0];
  std::size_t salt = 7, cases = 0;
  for (std::size_t s = 0; s < srcs.size(); ++s) {
    for (std::size_t d = 0; d < dsts.size(); ++d) {
      const std::size_t root = salt % T();
      const long sk = start_of(kLayouts[s], src_on_zero(kind), root);
      const long dk = start_of(kLayouts[d], dst_on_zero(kind), root);
      if (sk < 0 || dk < 0) continue;
      const std::size_t nbytes = sizes[(s + d) % 6];
      Round r{kind,
              *srcs[s],
              static_cast<std::size_t>(sk),
              *dsts[d],
              static_cast<std::size_t>(dk),
              nbytes,
              salt % 3 == 0 ? nosync : allsync,
              salt,
              false,
              perm.ptr(),
              p};
      run_round(r);
      ASSERT_TRUE(agree.all_ok(!HasFailure())) << r.what();
      salt += 2, ++cases;
    }
  }
  EXPECT_GE(cases, 30u);
}

// src and dst in one object, at bytes that do not overlap: only overlapping copies are undefined ("If
// copying takes place between objects that overlap, the behavior is undefined").
TEST_P(Layouts, SourceAndDestinationInOneObject) {
  const Kind kind = GetParam();
  constexpr std::size_t nbytes = 9, kSrcAt = 2, kGap = 6;
  const std::size_t dst_at = kSrcAt + src_span(kind, nbytes) + kGap;
  const std::size_t part = dst_at + dst_span(kind, nbytes) + 5;
  Area<unsigned char> area(part * T(), part, "one object");
  pgas::shared_array<int> perm(T());
  std::vector<int> p(T());
  for (std::size_t i = 0; i < T(); ++i) p[i] = static_cast<int>((T() - 1 - i));  // a reversal
  perm[me()] = p[me()];
  for (std::size_t salt : {std::size_t{3}, std::size_t{4}}) {
    const std::size_t root = salt % T();
    const Image before = area.patterned_image(salt);
    area.write_part(me(), before[me()]);
    upc_barrier;
    const std::size_t s_thread = src_on_zero(kind) ? 0 : root, d_thread = dst_on_zero(kind) ? 0 : root;
    call(kind, area.ptr(d_thread * part + dst_at), area.ptr(s_thread * part + kSrcAt), perm.ptr(), nbytes,
         salt == 3 ? 0 : UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    Image expected = before;
    apply(kind, expected, {d_thread, dst_at}, before, {s_thread, kSrcAt}, nbytes, p);
    EXPECT_EQ(first_difference(expected[me()], area.read_part(me())), -1)
        << name_of(kind) << " root " << root << ": thread " << MYTHREAD << "'s part (first wrong byte)";
    upc_barrier;
  }
}

INSTANTIATE_TEST_SUITE_P(Relocalization, Layouts, testing::ValuesIn(kKinds),
                         [](const auto &info) { return std::string(name_of(info.param)); });

}  // namespace
