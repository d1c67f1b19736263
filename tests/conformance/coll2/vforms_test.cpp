// Collectives 2.0 conformance: the variable-size collectives (scatterv, gatherv, allgatherv, alltoallv
// [C2 3.5.4, 3.5.6, 3.5.8, 3.5.10]) with pieces placed at displacements in reversed and shuffled order, gaps
// between them that must stay untouched, pieces of 0 to 4 elements, every root, every team, every flavour.
// The count and displacement arrays are one entry per team rank (pgas/upccoll.h: the seed prints them as
// size_t, its descriptions index them by rank, as MPI).
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

constexpr int kGap = -5;  // what the receive buffers hold outside the pieces

const Flavour &flavour_of(std::size_t i) { return flavours()[i % flavours().size()]; }

void scatterv_gatherv_every_root(const Team &team, std::size_t first) {
  const int rank = team.rank(), n = team.size();
  for (int root = 0; root < n; ++root) {
    const Flavour &f = flavour_of(first + static_cast<std::size_t>(root));
    SCOPED_TRACE(team.name + ", " + f.name + ", root " + std::to_string(root));
    const auto count = [root](int t) { return static_cast<std::size_t>((2 * t + root) % 5); };
    const VLayout v = v_layout(n, count, root % 2 == 0 ? reversed_order(n) : shuffled_order(n));
    const std::size_t mine = v.counts[static_cast<std::size_t>(rank)];
    Blocks<int> send(v.total), piece(mine + 1), gathered(v.total);
    for (std::size_t i = 0; i < v.total; ++i) send[i] = val(rank, i);
    piece.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_scatterv(send.at(), v.counts.data(), v.displs.data(), UPC_INT, piece.at(), mine, UPC_INT,
                              root, team.team, fl, h);
    });
    // [3.5.4] 2: rank t gets sendcnts[t] elements from sendbuf + sdispls[t] of the root; 3: recvcnt of them.
    for (std::size_t i = 0; i < mine; ++i)
      EXPECT_EQ(piece[i], val(root, v.displs[static_cast<std::size_t>(rank)] + i)) << "scatterv " << i;
    EXPECT_EQ(piece[mine], kGap);
    // gatherv back to the same root with the same layout: [3.5.6] 2: rank t's data at rdispls[t].
    for (std::size_t i = 0; i < mine; ++i) piece[i] = val(rank, 500 + i);
    gathered.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_gatherv(piece.at(), mine, UPC_INT, gathered.at(), v.counts.data(), v.displs.data(),
                             UPC_INT, root, team.team, fl, h);
    });
    std::vector<int> expected(v.total, kGap);
    if (rank == root) {  // [3.5.6] 3: other threads' recvbuf is ignored (left untouched)
      for (int t = 0; t < n; ++t)
        for (std::size_t i = 0; i < v.counts[static_cast<std::size_t>(t)]; ++i)
          expected[v.displs[static_cast<std::size_t>(t)] + i] = val(t, 500 + i);
    }
    EXPECT_EQ(gathered.values(v.total), expected);
  }
}

void allgatherv_on(const Team &team, std::size_t first) {
  const int rank = team.rank(), n = team.size();
  for (int round = 0; round < 3; ++round) {
    const Flavour &f = flavour_of(first + static_cast<std::size_t>(round));
    SCOPED_TRACE(team.name + ", " + f.name + ", round " + std::to_string(round));
    // round 2: every rank but the last sends nothing
    const auto count = [round, n](int t) {
      return round == 2 ? (t == n - 1 ? std::size_t{3} : 0) : static_cast<std::size_t>((t + round) % 4);
    };
    const VLayout v = v_layout(n, count, round == 0 ? shuffled_order(n) : reversed_order(n));
    const std::size_t mine = v.counts[static_cast<std::size_t>(rank)];
    Blocks<int> send(mine), all(v.total);
    for (std::size_t i = 0; i < mine; ++i) send[i] = val(rank, i);
    all.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allgatherv(send.at(), mine, UPC_INT, all.at(), v.counts.data(), v.displs.data(), UPC_INT,
                                team.team, fl, h);
    });
    // [3.5.8] 3, 4: rank t's recvcnts[t] elements at rdispls[t]; 5: the same on every thread.
    std::vector<int> expected(v.total, kGap);
    for (int t = 0; t < n; ++t)
      for (std::size_t i = 0; i < v.counts[static_cast<std::size_t>(t)]; ++i)
        expected[v.displs[static_cast<std::size_t>(t)] + i] = val(t, i);
    EXPECT_EQ(all.values(v.total), expected);
  }
}

// r sends (r + 2t) % 4 elements to t ([3.5.10] 2: from sdispls[t]), laid out in an order that depends on r;
// t receives them at rdispls[r] ([3.5.10] 3), laid out in another order.
std::size_t pair_count(int from, int to) { return static_cast<std::size_t>((from + 2 * to) % 4); }

void alltoallv_on(const Team &team, std::size_t first) {
  const int rank = team.rank(), n = team.size();
  for (int round = 0; round < 2; ++round) {
    const Flavour &f = flavour_of(first + static_cast<std::size_t>(round));
    SCOPED_TRACE(team.name + ", " + f.name + ", round " + std::to_string(round));
    const bool flip = (rank + round) % 2 == 1;
    const VLayout s = v_layout(
        n, [rank](int t) { return pair_count(rank, t); }, flip ? reversed_order(n) : shuffled_order(n));
    const VLayout r = v_layout(
        n, [rank](int t) { return pair_count(t, rank); }, flip ? shuffled_order(n) : reversed_order(n));
    Blocks<int> send(s.total), recv(r.total);
    send.fill(kGap - 1);
    for (int t = 0; t < n; ++t)
      for (std::size_t i = 0; i < s.counts[static_cast<std::size_t>(t)]; ++i)
        send[s.displs[static_cast<std::size_t>(t)] + i] = val(rank, 100 * static_cast<std::size_t>(t) + i);
    recv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_alltoallv(send.at(), s.counts.data(), s.displs.data(), UPC_INT, recv.at(),
                               r.counts.data(), r.displs.data(), UPC_INT, team.team, fl, h);
    });
    std::vector<int> expected(r.total, kGap);
    for (int from = 0; from < n; ++from)
      for (std::size_t i = 0; i < r.counts[static_cast<std::size_t>(from)]; ++i)
        expected[r.displs[static_cast<std::size_t>(from)] + i] =
            val(from, 100 * static_cast<std::size_t>(rank) + i);
    EXPECT_EQ(recv.values(r.total), expected);
  }
}

template <class Body>
void on_every_team(Body body) {
  std::vector<Team> teams = team_cases();
  std::size_t first = 0;
  for (const Team &team : teams) body(team, first++);
  free_teams(teams);
}

TEST(Coll2VForms, ScattervAndGathervAtEveryRoot) { on_every_team(scatterv_gatherv_every_root); }
TEST(Coll2VForms, Allgatherv) { on_every_team(allgatherv_on); }
TEST(Coll2VForms, Alltoallv) { on_every_team(alltoallv_on); }

// A piece may overlap nothing else but may lie anywhere: alltoallv whose receive pieces are placed at
// decreasing displacements far apart, and whose send pieces all start at the same displacement (the same
// data sent to every rank: sending reads, it does not consume).
TEST(Coll2VForms, AlltoallvSharedSendPieceAndFarApartReceivePieces) {
  std::vector<Team> teams = team_cases();
  for (const Team &team : teams) {
    SCOPED_TRACE(team.name);
    const int rank = team.rank(), n = team.size();
    const std::size_t k = 3, stride = 7;
    std::vector<std::size_t> counts(static_cast<std::size_t>(n), k), sdispls(static_cast<std::size_t>(n), 0),
        rdispls(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t)
      rdispls[static_cast<std::size_t>(t)] = stride * static_cast<std::size_t>(n - 1 - t);
    Blocks<int> send(k), recv(stride * static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < k; ++i) send[i] = val(rank, i);
    recv.fill(kGap);
    ASSERT_EQ(upccoll_alltoallv(send.at(), counts.data(), sdispls.data(), UPC_INT, recv.at(), counts.data(),
                                rdispls.data(), UPC_INT, team.team, 0, nullptr),
              UPCCOLL_SUCCESS);
    std::vector<int> expected(stride * static_cast<std::size_t>(n), kGap);
    for (int t = 0; t < n; ++t)
      for (std::size_t i = 0; i < k; ++i) expected[rdispls[static_cast<std::size_t>(t)] + i] = val(t, i);
    EXPECT_EQ(recv.values(expected.size()), expected);
  }
  free_teams(teams);
}

}  // namespace
