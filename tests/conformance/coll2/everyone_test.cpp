// Collectives 2.0 conformance: the collectives without a root (barrier, allgather, alltoall, allreduce,
// reduce_scatter, scan [C2 3.5.1, 3.5.7, 3.5.9, 3.5.12-3.5.14]) on every team, counts 1 and 5, every flavour.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

constexpr int kUntouched = -3;
const std::size_t kCounts[] = {1, 5};

const Flavour &flavour_of(std::size_t i) { return flavours()[i % flavours().size()]; }

template <class Body>
void on_every_team(Body body) {
  std::vector<Team> teams = team_cases();
  std::size_t first = 0;
  for (std::size_t c = 0; c < teams.size(); ++c) body(teams[c], c, first++);
  free_teams(teams);
}

// [3.5.1] 1, 3: a barrier of the team; complete on a thread once every member has entered it. Every member
// writes a (strict) mark and enters; once the barrier is complete it reads every member's mark. Each team
// runs as many barriers as it has members, in every flavour, while the other teams run their own number.
TEST(Coll2Everyone, BarrierOfEveryTeam) {
  pgas::shared_array<long, pgas::strict> mark(static_cast<std::size_t>(THREADS));
  on_every_team([&](const Team &team, std::size_t c, std::size_t first) {
    for (int round = 0; round < team.size() + 1; ++round) {
      const Flavour &f = flavour_of(first + static_cast<std::size_t>(round));
      SCOPED_TRACE(team.name + ", " + f.name);
      const long id = static_cast<long>(c) * 1000 + round + 1;
      mark[static_cast<std::size_t>(MYTHREAD)] = id;
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) { return upccoll_barrier(team.team, fl, h); });
      for (int r = 0; r < team.size(); ++r)
        EXPECT_GE(static_cast<long>(mark[static_cast<std::size_t>(team.thread_of(r))]), id) << "rank " << r;
    }
  });
  upc_barrier;
}

TEST(Coll2Everyone, AllgatherAndAlltoall) {
  on_every_team([](const Team &team, std::size_t, std::size_t first) {
    const int rank = team.rank(), n = team.size();
    for (std::size_t k : kCounts) {
      const Flavour &f = flavour_of(first + k);
      SCOPED_TRACE(team.name + ", " + f.name + ", k " + std::to_string(k));
      const std::size_t nk = k * static_cast<std::size_t>(n);
      Blocks<int> mine(k), all(nk + 1), send(nk), recv(nk + 1);
      for (std::size_t i = 0; i < k; ++i) mine[i] = val(rank, i);
      all.fill(kUntouched);
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_allgather(mine.at(), k, UPC_INT, all.at(), k, UPC_INT, team.team, fl, h);
      });
      // [3.5.7] 2: rank t's data at offset t * recvcnt (the seed omits the t); 3: identical everywhere.
      for (std::size_t i = 0; i < nk; ++i) EXPECT_EQ(all[i], val(static_cast<int>(i / k), i % k)) << i;
      EXPECT_EQ(all[nk], kUntouched);
      // [3.5.9] 2, 3: the piece at t*sendcnt goes to t, the piece from t lands at t*recvcnt.
      for (std::size_t i = 0; i < nk; ++i) send[i] = val(rank, 10 * (i / k) + i % k);
      recv.fill(kUntouched);
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_alltoall(send.at(), k, UPC_INT, recv.at(), k, UPC_INT, team.team, fl, h);
      });
      for (std::size_t i = 0; i < nk; ++i)
        EXPECT_EQ(recv[i], val(static_cast<int>(i / k), 10 * static_cast<std::size_t>(rank) + i % k)) << i;
      EXPECT_EQ(recv[nk], kUntouched);
    }
  });
}

// What rank r contributes as element i, and the fold of ranks [from, to) with + and with max.
long contribution(int r, std::size_t i) { return (r * 37 + static_cast<long>(i) * 11) % 23 - 9; }
long sum_of(int from, int to, std::size_t i) {
  long s = 0;
  for (int r = from; r < to; ++r) s += contribution(r, i);
  return s;
}
long max_of(int from, int to, std::size_t i) {
  long m = contribution(from, i);
  for (int r = from; r < to; ++r) m = std::max(m, contribution(r, i));
  return m;
}

TEST(Coll2Everyone, AllreduceAndScans) {
  on_every_team([](const Team &team, std::size_t, std::size_t first) {
    const int rank = team.rank(), n = team.size();
    for (std::size_t k : kCounts) {
      const Flavour &f = flavour_of(first + k);
      SCOPED_TRACE(team.name + ", " + f.name + ", k " + std::to_string(k));
      Blocks<long> send(k), sum(k + 1), max(k + 1), scan(k + 1), exscan(k + 1);
      for (std::size_t i = 0; i < k; ++i) send[i] = contribution(rank, i);
      for (auto *b : {&sum, &max, &scan, &exscan}) b->fill(kUntouched);
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_allreduce(send.at(), sum.at(), k, UPC_LONG, UPC_ADD, team.team, fl, h);
      });
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_allreduce(send.at(), max.at(), k, UPC_LONG, UPC_MAX, team.team, fl, h);
      });
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_scan(send.at(), scan.at(), k, UPC_LONG, UPC_ADD, team.team, fl, h);
      });
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_exscan(send.at(), exscan.at(), k, UPC_LONG, UPC_MAX, team.team, fl, h);
      });
      for (std::size_t i = 0; i < k; ++i) {
        // [3.5.12] 2, 3: the op over every participant's element i, on every thread.
        EXPECT_EQ(sum[i], sum_of(0, n, i)) << i;
        EXPECT_EQ(max[i], max_of(0, n, i)) << i;
        // [3.5.14] 1: result_l[i] = op over k = 0..l-1 of sendbuf_k[i]: upccoll_exscan (pgas/upccoll.h: the
        // formula's scan is MPI_Exscan; rank 0's empty fold is not defined by the seed, not checked).
        if (rank > 0) {
          EXPECT_EQ(exscan[i], max_of(0, rank, i)) << i;
        }
        // upccoll_scan: the inclusive scan of MPI_Scan and UPC 1.2's prefix reduction (pgas/upccoll.h's
        // reading of the seed's "parallel scan (partial reduction)"): ranks 0..l.
        EXPECT_EQ(scan[i], sum_of(0, rank + 1, i)) << i;
      }
      for (auto *b : {&sum, &max, &scan, &exscan}) EXPECT_EQ((*b)[k], kUntouched);
    }
  });
}

// [3.5.13] 3: the reduction's result distributed in sequence across the ranks' receive buffers: rank t gets
// recvcounts[t] elements starting after those of ranks 0..t-1. upccoll_reduce_scatter is the synopsis' form
// (one count for every rank: sendbuf holds count * |team| elements), upccoll_reduce_scatterv the
// description's (recvcounts[t] per rank, 0 included), as pgas/upccoll.h reads the seed.
TEST(Coll2Everyone, ReduceScatter) {
  on_every_team([](const Team &team, std::size_t, std::size_t first) {
    const int rank = team.rank(), n = team.size();
    for (std::size_t k : kCounts) {
      const Flavour &f = flavour_of(first + k);
      SCOPED_TRACE(team.name + ", " + f.name + ", k " + std::to_string(k));
      const std::size_t nk = k * static_cast<std::size_t>(n);
      Blocks<long> send(nk), piece(k + 1);
      for (std::size_t i = 0; i < nk; ++i) send[i] = contribution(rank, i);
      piece.fill(kUntouched);
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_reduce_scatter(send.at(), piece.at(), k, UPC_LONG, UPC_ADD, team.team, fl, h);
      });
      for (std::size_t i = 0; i < k; ++i)
        EXPECT_EQ(piece[i], sum_of(0, n, static_cast<std::size_t>(rank) * k + i)) << i;
      EXPECT_EQ(piece[k], kUntouched);

      std::vector<std::size_t> counts(static_cast<std::size_t>(n));
      std::size_t total = 0, before = 0;
      for (int t = 0; t < n; ++t) {
        counts[static_cast<std::size_t>(t)] = (static_cast<std::size_t>(t) * 2 + k) % 4;
        if (t < rank) before += counts[static_cast<std::size_t>(t)];
        total += counts[static_cast<std::size_t>(t)];
      }
      const std::size_t mine = counts[static_cast<std::size_t>(rank)];
      Blocks<long> vsend(total), vpiece(mine + 1);
      for (std::size_t i = 0; i < total; ++i) vsend[i] = contribution(rank, i);
      vpiece.fill(kUntouched);
      run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
        return upccoll_reduce_scatterv(vsend.at(), vpiece.at(), counts.data(), UPC_LONG, UPC_MAX, team.team,
                                       fl, h);
      });
      for (std::size_t i = 0; i < mine; ++i) EXPECT_EQ(vpiece[i], max_of(0, n, before + i)) << i;
      EXPECT_EQ(vpiece[mine], kUntouched);
    }
  });
}

}  // namespace
