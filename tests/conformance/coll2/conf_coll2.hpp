// Helpers of the Collectives 2.0 conformance tests (seed 002, "UPC Collectives Library 2.0", cited as
// [C2 x.y]): the library initialized for one test, per-thread buffers, split teams whose membership is
// computed here from the split's definition, and the three completion flavours of [C2 3.3].
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <pgas/upc.hpp>
#include <string>
#include <thread>
#include <vector>

namespace conf2 {

// The library is initialized once for the whole program and finalized once at its end (environment_test.cpp):
// [C2 3.2] 1 and 3 allow no call before upccoll_initialize nor after upccoll_finalize.

// [C2 2.2] buffers are affine to the calling thread and contiguous from the pointer: `count` elements of T in
// the calling thread's shared memory (upc_alloc: not collective, so that members of teams of different sizes
// may allocate different buffers). Elements start zeroed.
template <class T>
struct Blocks {
  explicit Blocks(std::size_t count)
      : per(std::max<std::size_t>(count, 1)), pointer(upc_alloc(per * sizeof(T))) {
    std::memset(static_cast<void *>(mine()), 0, per * sizeof(T));
  }
  ~Blocks() { upc_free(pointer); }
  Blocks(const Blocks &) = delete;
  T *mine() const { return static_cast<T *>(pointer.local()); }
  T &operator[](std::size_t i) const { return mine()[i]; }
  // Element i as a buffer argument.
  upccoll_shared_ptr_t at(std::size_t i = 0) const {
    return {pointer.handle(), pointer.thread(), pointer.offset() + i * sizeof(T)};
  }
  void fill(const T &value) const { std::fill(mine(), mine() + per, value); }
  std::vector<T> values(std::size_t n) const { return std::vector<T>(mine(), mine() + n); }
  std::size_t per;
  pgas::global_ptr<void> pointer;
};

// Collective over all threads: every thread's `p`, in thread order.
inline std::vector<pgas::global_ptr<void>> everyones(const pgas::global_ptr<void> &p) {
  pgas::shared_array<pgas::global_ptr<void>> slot(static_cast<std::size_t>(THREADS));
  slot[static_cast<std::size_t>(MYTHREAD)] = p;
  upc_barrier;
  std::vector<pgas::global_ptr<void>> out;
  for (int t = 0; t < THREADS; ++t) out.push_back(slot[static_cast<std::size_t>(t)]);
  upc_barrier;
  return out;
}

// n elements of T read (upc_memget) from another thread's buffer `p`.
template <class T>
std::vector<T> read_remote(const pgas::global_ptr<void> &p, std::size_t n) {
  std::vector<T> out(n);
  upc_memget(out.data(), p, n * sizeof(T));
  return out;
}

// A team and, computed independently from [C2 3.4.3], its members: members[rank] is the thread of `rank`.
struct Team {
  std::string name;
  upccoll_team_t team = UPC_TEAM_ALL;
  std::vector<int> members;
  bool owned = false;  // made by upccoll_team_split, freed by free_team
  int rank() const {
    return static_cast<int>(std::find(members.begin(), members.end(), MYTHREAD) - members.begin());
  }
  int size() const { return static_cast<int>(members.size()); }
  int thread_of(int r) const { return members[static_cast<std::size_t>(r)]; }
};

inline Team team_all() {
  Team t{"UPC_TEAM_ALL", UPC_TEAM_ALL, {}, false};
  for (int i = 0; i < THREADS; ++i) t.members.push_back(i);
  return t;
}

// Splits `parent`: the member of parent rank r gets color(r); the members of one color, taken in parent rank
// order (position p of m), get key(p, m), which must be a permutation of 0..m-1 ([C2 3.4.3] 4). [C2 3.4.3] 2:
// the thread with key k has rank k in its new team.
inline Team split(const std::string &name, const Team &parent, const std::function<int(int)> &color,
                  const std::function<int(int, int)> &key) {
  const int mine = color(parent.rank());
  std::vector<int> same;  // parent ranks of my color, in order
  for (int r = 0; r < parent.size(); ++r)
    if (color(r) == mine) same.push_back(r);
  const int m = static_cast<int>(same.size());
  Team made{name, nullptr, std::vector<int>(static_cast<std::size_t>(m), -1), true};
  int my_key = -1;
  for (int p = 0; p < m; ++p) {
    const int k = key(p, m);
    made.members[static_cast<std::size_t>(k)] = parent.thread_of(same[static_cast<std::size_t>(p)]);
    if (same[static_cast<std::size_t>(p)] == parent.rank()) my_key = k;
  }
  EXPECT_EQ(upccoll_team_split(parent.team, mine, my_key, &made.team), UPCCOLL_SUCCESS) << name;
  return made;
}

inline void free_team(const Team &t) {
  if (t.owned) upccoll_team_free(t.team);
}

// The teams most tests run on: uneven splits, keys that reverse or rotate the order, singletons, and a
// split of a split. Free them with free_teams (innermost first).
inline std::vector<Team> team_cases() {
  std::vector<Team> teams{team_all()};
  const auto reversed = [](int p, int m) { return m - 1 - p; };
  teams.push_back(split(
      "all reversed", teams[0], [](int) { return 3; }, reversed));
  teams.push_back(split(
      "thirds reversed", teams[0], [](int r) { return r % 3 == 0 ? 5 : 9; }, reversed));
  teams.push_back(split(
      "halves rotated", teams[0], [](int r) { return 3 * r < THREADS ? 0 : 1; },
      [](int p, int m) { return (p + 1) % m; }));
  teams.push_back(split(
      "singletons", teams[0], [](int r) { return r; }, [](int, int) { return 0; }));
  const Team &thirds = teams[2];
  teams.push_back(split(
      "thirds split by parity", thirds, [](int r) { return r % 2; }, reversed));
  return teams;
}

inline void free_teams(const std::vector<Team> &teams) {
  for (auto it = teams.rbegin(); it != teams.rend(); ++it) free_team(*it);
}

// [C2 3.3] the three ways to complete a call: blocking (no handle, no UPC_ASYNC_FENCE: complete on return),
// a handle (waited for with upccoll_wait, optionally polled with upccoll_test first), UPC_ASYNC_FENCE
// (complete at the next upccoll_fence); crossed with the sync flags of [C2 3.1.2].
enum class How { blocking, handle, test_then_wait, fence };
struct Flavour {
  const char *name;
  upccoll_flag_t flags;
  How how;
};
inline const std::vector<Flavour> &flavours() {
  static const std::vector<Flavour> all = {
      {"blocking", 0, How::blocking},
      {"handle", 0, How::handle},
      {"test then wait", 0, How::test_then_wait},
      {"fence", UPC_ASYNC_FENCE, How::fence},
      {"blocking MYSYNC", UPC_IN_MYSYNC | UPC_OUT_MYSYNC, How::blocking},
      {"blocking ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, How::blocking},
      {"handle IN_ALLSYNC", UPC_IN_ALLSYNC, How::handle},
      {"fence OUT_ALLSYNC", UPC_ASYNC_FENCE | UPC_OUT_ALLSYNC, How::fence},
      {"handle NOSYNC", UPC_IN_NOSYNC | UPC_OUT_NOSYNC, How::test_then_wait},
  };
  return all;
}
// The first four: one of each completion.
inline std::vector<Flavour> basic_flavours() {
  return std::vector<Flavour>(flavours().begin(), flavours().begin() + 4);
}

// Runs the call `start(flags, handle_pointer)` to completion as `f` says.
template <class Start>
void run(const Flavour &f, Start start) {
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  const bool with_handle = f.how == How::handle || f.how == How::test_then_wait;
  ASSERT_EQ(start(f.flags, with_handle ? &h : nullptr), UPCCOLL_SUCCESS) << f.name;
  if (with_handle) {
    ASSERT_NE(h, nullptr) << f.name;  // [C2 3.3] 5: a valid handle; [C2 3.1.1] 2: not 0
    if (f.how == How::test_then_wait) {
      int done = 0;
      while ((done = upccoll_test(h)) == 0) std::this_thread::yield();
      ASSERT_EQ(done, 1) << f.name;  // [C2 2.5.2]: complete when upccoll_test returns 1
    }
    upccoll_wait(h);  // [C2 3.3] 6 and 7: must still be waited for
  } else if (f.how == How::fence) {
    upccoll_fence();
  }
}

// The counts and displacements of a v-form call over n ranks: rank t's piece has count(t) elements; the
// pieces are laid out in the order given by `order` (a permutation of the ranks: reversed, shuffled), each
// followed by a gap of 1 + t % 2 elements that no piece covers. total: the elements the layout spans.
struct VLayout {
  std::vector<std::size_t> counts, displs;
  std::size_t total = 0;
};
inline VLayout v_layout(int n, const std::function<std::size_t(int)> &count, const std::vector<int> &order) {
  VLayout v{std::vector<std::size_t>(static_cast<std::size_t>(n)),
            std::vector<std::size_t>(static_cast<std::size_t>(n)), 0};
  for (int t : order) {
    v.counts[static_cast<std::size_t>(t)] = count(t);
    v.displs[static_cast<std::size_t>(t)] = v.total;
    v.total += count(t) + 1 + static_cast<std::size_t>(t % 2);
  }
  return v;
}
// Permutations of 0..n-1 for v_layout: reversed, and a shuffle (every second rank from the last one down,
// then the others from the last one down, rotated by one).
inline std::vector<int> reversed_order(int n) {
  std::vector<int> o;
  for (int t = n - 1; t >= 0; --t) o.push_back(t);
  return o;
}
inline std::vector<int> shuffled_order(int n) {
  std::vector<int> o;
  for (int t = n - 1; t >= 0; t -= 2) o.push_back(t);
  for (int t = n - 2; t >= 0; t -= 2) o.push_back(t);
  std::rotate(o.begin(), o.begin() + (n > 2 ? 1 : 0), o.end());
  return o;
}

// A value per (rank, element), different for every pair.
inline int val(int rank, std::size_t i) { return 1000 * (rank + 1) + static_cast<int>(i); }

}  // namespace conf2
