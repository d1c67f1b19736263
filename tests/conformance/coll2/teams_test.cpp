// Collectives 2.0 conformance: teams [C2 3.4]: UPC_TEAM_ALL's rank and size, upccoll_team_split's teams
// (one per distinct color, rank = key), splits of splits, any int as a color, the team life cycle and the
// barrier semantics of upccoll_team_free.
#include <gtest/gtest.h>

#include <climits>
#include <pgas/upc.hpp>
#include <thread>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

// The threads of `team` in rank order, as the team itself reports them (allgather of MYTHREAD).
std::vector<int> members_of(upccoll_team_t team, int size) {
  Blocks<int> me(1), all(static_cast<std::size_t>(size));
  me[0] = MYTHREAD;
  EXPECT_EQ(upccoll_allgather(me.at(), 1, UPC_INT, all.at(), 1, UPC_INT, team, 0, nullptr), UPCCOLL_SUCCESS);
  return all.values(static_cast<std::size_t>(size));
}

void expect_team(const Team &t) {
  SCOPED_TRACE(t.name);
  int rank = -1, size = -1;
  ASSERT_EQ(upccoll_team_rank(t.team, &rank), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_team_size(t.team, &size), UPCCOLL_SUCCESS);
  EXPECT_EQ(rank, t.rank());  // [3.4.3] 2: the key is the rank
  EXPECT_EQ(size, t.size());  // one team per color: its size is the number of threads of the color
  EXPECT_GE(size, 1);         // [3.4.2]: between 1 and THREADS
  EXPECT_LE(size, THREADS);
  if (size != t.size()) return;
  EXPECT_EQ(members_of(t.team, size), t.members);  // [3.4] 1: the mapping 0..N-1 -> threads
  // [3.4.2]: "All threads in a team will get back the same value for team size".
  Blocks<int> mine(1), low(1), high(1);
  mine[0] = size;
  ASSERT_EQ(upccoll_allreduce(mine.at(), low.at(), 1, UPC_INT, UPC_MIN, t.team, 0, nullptr), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_allreduce(mine.at(), high.at(), 1, UPC_INT, UPC_MAX, t.team, 0, nullptr),
            UPCCOLL_SUCCESS);
  EXPECT_EQ(low[0], size);
  EXPECT_EQ(high[0], size);
}

// [3.4.1] 3: UPC_TEAM_ALL's rank is MYTHREAD; [3.4.2]: its size THREADS; and every split team of team_cases.
TEST(Coll2Teams, RanksSizesAndMembers) {
  int rank = -1, size = -1;
  ASSERT_EQ(upccoll_team_rank(UPC_TEAM_ALL, &rank), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_team_size(UPC_TEAM_ALL, &size), UPCCOLL_SUCCESS);
  EXPECT_EQ(rank, MYTHREAD);
  EXPECT_EQ(size, THREADS);
  std::vector<Team> teams = team_cases();
  for (const Team &t : teams) expect_team(t);
  free_teams(teams);
}

// [3.4.3] 2: "as many new teams as the number of distinct color identifiers": colors are any ints, negative
// and large ones included; the keys of a color are 0..m-1 in an order unrelated to the threads'.
TEST(Coll2Teams, AnyIntIsAColor) {
  const Team all = team_all();
  const int colors[] = {-7, INT_MAX, 0, INT_MIN + 1};
  const Team t = split(
      "four colors", all, [&](int r) { return colors[(r * 3) % 4]; },
      [](int p, int m) { return (p + m / 2) % m; });
  expect_team(t);
  free_team(t);
}

// A split of a split of a split, down to singletons, each level with reversed keys; the parent teams keep
// working while their children exist.
TEST(Coll2Teams, NestedSplits) {
  std::vector<Team> chain{team_all()};
  while (chain.back().size() > 1) {
    const Team &parent = chain.back();
    chain.push_back(split(
        "level " + std::to_string(chain.size()), parent, [](int r) { return r % 2; },
        [](int p, int m) { return m - 1 - p; }));
  }
  for (const Team &t : chain) expect_team(t);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    free_team(*it);
    if (it + 1 != chain.rend()) expect_team(*(it + 1));
  }
}

// [2.1], [3.4] 2: team creation and destruction have collective semantics; teams can be made and freed again
// and again, and a new team works at once.
TEST(Coll2Teams, LifeCycle) {
  const Team all = team_all();
  for (int round = 0; round < 30; ++round) {
    const int modulus = 1 + round % 4;
    const Team t = split(
        "round " + std::to_string(round), all, [modulus](int r) { return r % modulus; },
        [round](int p, int m) { return (p + round) % m; });
    Blocks<long> b(2);
    b[0] = t.rank() == 0 ? round : -1;
    ASSERT_EQ(upccoll_bcast(b.at(), 1, UPC_LONG, b.at(1), 1, UPC_LONG, 0, t.team, 0, nullptr),
              UPCCOLL_SUCCESS);
    EXPECT_EQ(b[1], round);
    free_team(t);
  }
}

// [3.4.4] 1: upccoll_team_free "has collective barrier semantics": a member that returns from it sees every
// member's (strict) write made before the call.
TEST(Coll2Teams, FreeIsABarrierOfTheTeam) {
  pgas::shared_array<long, pgas::strict> mark(static_cast<std::size_t>(THREADS));
  const Team all = team_all();
  for (int round = 1; round <= 3; ++round) {
    const Team t = split(
        "thirds", all, [](int r) { return r % 3; }, [](int p, int m) { return m - 1 - p; });
    mark[static_cast<std::size_t>(MYTHREAD)] = round;
    free_team(t);
    for (int r = 0; r < t.size(); ++r)
      EXPECT_GE(static_cast<long>(mark[static_cast<std::size_t>(t.thread_of(r))]), round) << "rank " << r;
  }
  upc_barrier;
}

}  // namespace
