// Helpers of the Collectives 2.0 tests: the library initialized for one test, buffers in the calling
// thread's shared memory, and the teams the tests run on (with who is in them, computed independently).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

namespace coll2_test {

// upccoll_initialize on construction, upccoll_finalize on destruction.
struct Library {
  Library() { EXPECT_EQ(upccoll_initialize(nullptr, nullptr), UPCCOLL_SUCCESS); }
  ~Library() { EXPECT_EQ(upccoll_finalize(), UPCCOLL_SUCCESS); }
};

// `count` elements of T in the calling thread's shared memory.
template <class Element>
struct Buffer {
  explicit Buffer(std::size_t count)
      : count(count), pointer(upc_alloc(std::max<std::size_t>(count, 1) * sizeof(Element))) {
    std::memset(data(), 0, std::max<std::size_t>(count, 1) * sizeof(Element));
  }
  ~Buffer() { upc_free(pointer); }
  Buffer(const Buffer &) = delete;
  Element *data() { return static_cast<Element *>(remote_cast(pointer.handle(), MYTHREAD)); }
  Element &operator[](std::size_t i) { return data()[i]; }
  // Element i as a buffer argument.
  upccoll_shared_ptr_t at(std::size_t i) const {
    return {pointer.handle(), pointer.thread(), pointer.offset() + i * sizeof(Element)};
  }
  std::vector<Element> values() { return std::vector<Element>(data(), data() + count); }
  std::size_t count;
  pgas::global_ptr<void> pointer;
};

// A team to test on: how it is made (by split from UPC_TEAM_ALL, or a split of a split) and, for checking,
// the threads in it in rank order.
struct TeamCase {
  std::string name;
  upccoll_team_t team = UPC_TEAM_ALL;
  std::vector<upccoll_team_t> made;  // to free, innermost first
  std::vector<int> members;
};

inline std::vector<int> members_by(const std::function<int(int)> &color, const std::function<int(int)> &key,
                                   const std::vector<int> &parent) {
  std::vector<std::pair<int, int>> order;  // (key, parent rank) of the caller's color
  const int mine = color(MYTHREAD);
  for (std::size_t r = 0; r < parent.size(); ++r)
    if (color(parent[r]) == mine) order.emplace_back(key(parent[r]), static_cast<int>(r));
  std::sort(order.begin(), order.end());
  std::vector<int> members;
  for (const auto &entry : order) members.push_back(parent[static_cast<std::size_t>(entry.second)]);
  return members;
}

// UPC_TEAM_ALL, odd/even, reversed keys, singletons, and a team of teams.
inline std::vector<TeamCase> team_cases() {
  std::vector<int> all;
  for (int t = 0; t < THREADS; ++t) all.push_back(t);
  std::vector<TeamCase> cases;
  cases.push_back({"UPC_TEAM_ALL", UPC_TEAM_ALL, {}, all});
  auto split = [&](const std::string &name, const TeamCase &parent, std::function<int(int)> color,
                   std::function<int(int)> key) {
    TeamCase made{name, nullptr, parent.made, members_by(color, key, parent.members)};
    EXPECT_EQ(upccoll_team_split(parent.team, color(MYTHREAD), key(MYTHREAD), &made.team), UPCCOLL_SUCCESS);
    made.made.insert(made.made.begin(), made.team);
    return made;
  };
  const auto parity = [](int t) { return t % 2; };
  const auto thread = [](int t) { return t; };
  cases.push_back(split("odd/even", cases[0], parity, thread));
  cases.push_back(split(
      "reversed keys", cases[0], [](int) { return 7; }, [](int t) { return THREADS - 1 - t; }));
  cases.push_back(split("singleton", cases[0], thread, [](int) { return 0; }));
  // Splits the odd/even team into halves by thread / 2 parity, reversed: a team of teams.
  cases.push_back(split(
      "team of teams", cases[1], [](int t) { return (t / 2) % 2; }, [](int t) { return 1000 - t; }));
  return cases;
}

// A user operation on 2x2 matrices of unsigned ints (mod 2^32), elements m..m+3: associative, not
// commutative.
inline void matrix_product(void *in, void *inout, size_t len, upccoll_dtype_t dt) {
  EXPECT_EQ(dt, UPC_UINT);
  const auto *a = static_cast<const unsigned *>(in);
  auto *b = static_cast<unsigned *>(inout);
  for (size_t m = 0; m + 4 <= len; m += 4) {
    const unsigned r[4] = {a[m] * b[m] + a[m + 1] * b[m + 2], a[m] * b[m + 1] + a[m + 1] * b[m + 3],
                           a[m + 2] * b[m] + a[m + 3] * b[m + 2], a[m + 2] * b[m + 1] + a[m + 3] * b[m + 3]};
    std::copy(r, r + 4, b + m);
  }
}

// Whether the calls run on the MPI engine (the default under mpirun), which never matches a blocking call
// with a non-blocking one (pgas/upccoll.h): a program that mixes them in one call is wrong there.
inline bool on_mpi_engine() {
  const char *engine = std::getenv("PGAS_COLL2_ENGINE");
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr &&
         (engine == nullptr || std::strcmp(engine, "shared") != 0);
}

inline void free_teams(const std::vector<TeamCase> &cases) {
  for (const TeamCase &c : cases)
    if (!c.made.empty()) upccoll_team_free(c.made.front());
}

}  // namespace coll2_test
