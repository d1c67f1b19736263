// Collectives 2.0 conformance: the rooted collectives (bcast, scatter, gather, reduce [C2 3.5.2-3.5.6,
// 3.5.11]) with every root of every team, counts 1 and 5, in every completion flavour [C2 3.3]; expected
// results written from the seed's descriptions.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

constexpr int kSentinel = -77;
const std::size_t kCounts[] = {1, 5};

// Every root of `team` with count k, each root in a flavour of its own (cycling through all of them).
void bcast_every_root(const Team &team, std::size_t k, std::size_t first_flavour) {
  const int rank = team.rank(), n = team.size();
  for (int root = 0; root < n; ++root) {
    const Flavour &f = flavours()[(first_flavour + static_cast<std::size_t>(root)) % flavours().size()];
    SCOPED_TRACE(team.name + ", " + f.name + ", root " + std::to_string(root) + ", k " + std::to_string(k));
    Blocks<int> send(k), recv(k + 1);  // one element past the count: must stay untouched
    for (std::size_t i = 0; i < k; ++i) send[i] = val(rank, i);  // non-roots' sendbuf is ignored [3.5.2] 2
    recv.fill(kSentinel);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_bcast(send.at(), k, UPC_INT, recv.at(), k, UPC_INT, root, team.team, fl, h);
    });
    // [3.5.2] 1, 3: the root's bytes arrive at every thread, the root included, and only recvcnt of them.
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], val(root, i)) << "element " << i;
    EXPECT_EQ(recv[k], kSentinel);
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(send[i], val(rank, i));  // a send buffer is only read
  }
}

void scatter_gather_every_root(const Team &team, std::size_t k, std::size_t first_flavour) {
  const int rank = team.rank(), n = team.size();
  const std::size_t nk = k * static_cast<std::size_t>(n);
  for (int root = 0; root < n; ++root) {
    const Flavour &f = flavours()[(first_flavour + static_cast<std::size_t>(root)) % flavours().size()];
    SCOPED_TRACE(team.name + ", " + f.name + ", root " + std::to_string(root) + ", k " + std::to_string(k));
    Blocks<int> send(nk), piece(k + 1), gathered(nk + 1);
    for (std::size_t i = 0; i < nk; ++i) send[i] = val(rank, i);
    piece.fill(kSentinel);
    gathered.fill(kSentinel);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_scatter(send.at(), k, UPC_INT, piece.at(), k, UPC_INT, root, team.team, fl, h);
    });
    // [3.5.3] 2: rank t gets the k elements at offset t*k of the root's sendbuf.
    for (std::size_t i = 0; i < k; ++i)
      EXPECT_EQ(piece[i], val(root, static_cast<std::size_t>(rank) * k + i)) << "scatter element " << i;
    EXPECT_EQ(piece[k], kSentinel);
    // Gather back what every rank holds, each piece re-marked by its sender: rank t's k elements land at
    // recvbuf + t*k on the root [3.5.5] 2; other threads' recvbuf is ignored [3.5.5] 3 (left untouched).
    for (std::size_t i = 0; i < k; ++i) piece[i] = val(rank, 100 + i);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_gather(piece.at(), k, UPC_INT, gathered.at(), k, UPC_INT, root, team.team, fl, h);
    });
    for (std::size_t i = 0; i < nk; ++i) {
      const int expected = rank == root ? val(static_cast<int>(i / k), 100 + i % k) : kSentinel;
      EXPECT_EQ(gathered[i], expected) << "gather element " << i;
    }
    EXPECT_EQ(gathered[nk], kSentinel);
  }
}

void reduce_every_root(const Team &team, std::size_t k, std::size_t first_flavour) {
  const int rank = team.rank(), n = team.size();
  for (int root = 0; root < n; ++root) {
    const Flavour &f = flavours()[(first_flavour + static_cast<std::size_t>(root)) % flavours().size()];
    SCOPED_TRACE(team.name + ", " + f.name + ", root " + std::to_string(root) + ", k " + std::to_string(k));
    Blocks<long> send(k), sum(k + 1), low(k + 1);
    for (std::size_t i = 0; i < k; ++i) send[i] = val(rank, i) * (i % 2 == 0 ? 1 : -1);
    sum.fill(kSentinel);
    low.fill(kSentinel);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce(send.at(), sum.at(), k, UPC_LONG, UPC_ADD, root, team.team, fl, h);
    });
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce(send.at(), low.at(), k, UPC_LONG, UPC_MIN, root, team.team, fl, h);
    });
    // [3.5.11] 2, 3: op over every participant's element i, at the root; recvbuf disregarded elsewhere.
    for (std::size_t i = 0; i < k; ++i) {
      long s = 0, m = 0;
      for (int t = 0; t < n; ++t) {
        const long v = val(t, i) * (i % 2 == 0 ? 1 : -1);
        s += v;
        m = t == 0 ? v : std::min(m, v);
      }
      EXPECT_EQ(sum[i], rank == root ? s : kSentinel) << "sum element " << i;
      EXPECT_EQ(low[i], rank == root ? m : kSentinel) << "min element " << i;
    }
    EXPECT_EQ(sum[k], kSentinel);
    EXPECT_EQ(low[k], kSentinel);
  }
}

template <class Body>
void on_every_team(Body body) {
  std::vector<Team> teams = team_cases();
  std::size_t first = 0;
  for (const Team &team : teams)
    for (std::size_t k : kCounts) body(team, k, first++);
  free_teams(teams);
}

TEST(Coll2Roots, BcastFromEveryRoot) { on_every_team(bcast_every_root); }
TEST(Coll2Roots, ScatterAndGatherAtEveryRoot) { on_every_team(scatter_gather_every_root); }
TEST(Coll2Roots, ReduceToEveryRoot) { on_every_team(reduce_every_root); }

// [3.5.2] 2, [3.5.3] 3: sendbuf, sendcount and sendtype are ignored by all but the root; [3.5.5] 3 and
// [3.5.6] 3: recvbuf, recvcnt(s), rdispls and recvtype are ignored on threads other than the root; [3.5.11]
// 3: reduce's recvbuf is disregarded by all but the root. Non-roots pass NULL, 0 and an invalid type there.
TEST(Coll2Roots, IgnoredArgumentsOfNonRoots) {
  std::vector<Team> teams = team_cases();
  // The ignored buffers: NULL, then (with 2 threads or more) a buffer of another thread, which would be
  // invalid where a buffer is used ([2.2]: affine to the caller).
  Blocks<int> elsewhere(64);
  const auto everyone = everyones(elsewhere.pointer);
  std::vector<upccoll_shared_ptr_t> ignored{nullptr};
  if (THREADS > 1) {
    const pgas::global_ptr<void> &next = everyone[static_cast<std::size_t>((MYTHREAD + 1) % THREADS)];
    ignored.push_back(upccoll_shared_ptr_t{next.handle(), next.thread(), next.offset()});
  }
  const upccoll_dtype_t bogus = -12345;
  for (const upccoll_shared_ptr_t &null : ignored)
    for (const Team &team : teams) {
      const int rank = team.rank(), n = team.size(), root = n / 2;
      const bool is_root = rank == root;
      const std::size_t k = 3, nk = k * static_cast<std::size_t>(n);
      SCOPED_TRACE(team.name + (null.handle == 0 ? ", NULL" : ", another thread's buffer"));
      Blocks<int> send(nk), recv(nk);
      for (std::size_t i = 0; i < nk; ++i) send[i] = val(rank, i);
      EXPECT_EQ(upccoll_bcast(is_root ? send.at() : null, is_root ? k : 0, is_root ? UPC_INT : bogus,
                              recv.at(), k, UPC_INT, root, team.team, 0, nullptr),
                UPCCOLL_SUCCESS);
      for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], val(root, i));
      EXPECT_EQ(upccoll_scatter(is_root ? send.at() : null, is_root ? k : 0, is_root ? UPC_INT : bogus,
                                recv.at(), k, UPC_INT, root, team.team, 0, nullptr),
                UPCCOLL_SUCCESS);
      for (std::size_t i = 0; i < k; ++i)
        EXPECT_EQ(recv[i], val(root, static_cast<std::size_t>(rank) * k + i));
      Blocks<int> gathered(nk);
      EXPECT_EQ(upccoll_gather(send.at(), k, UPC_INT, is_root ? gathered.at() : null, is_root ? k : 0,
                               is_root ? UPC_INT : bogus, root, team.team, 0, nullptr),
                UPCCOLL_SUCCESS);
      if (is_root) {
        for (std::size_t i = 0; i < nk; ++i) EXPECT_EQ(gathered[i], val(static_cast<int>(i / k), i % k));
      }
      std::vector<std::size_t> counts(static_cast<std::size_t>(n), k), displs(static_cast<std::size_t>(n));
      for (int t = 0; t < n; ++t)
        displs[static_cast<std::size_t>(t)] = static_cast<std::size_t>(n - 1 - t) * k;
      gathered.fill(0);
      EXPECT_EQ(upccoll_gatherv(send.at(), k, UPC_INT, is_root ? gathered.at() : null,
                                is_root ? counts.data() : nullptr, is_root ? displs.data() : nullptr,
                                is_root ? UPC_INT : bogus, root, team.team, 0, nullptr),
                UPCCOLL_SUCCESS);
      if (is_root) {
        for (std::size_t i = 0; i < nk; ++i)
          EXPECT_EQ(gathered[i], val(n - 1 - static_cast<int>(i / k), i % k)) << "gatherv element " << i;
      }
      // scatterv: "similar to upccoll_scatter" [3.5.4] 2, whose send arguments only the root's are used.
      Blocks<int> piece(k);
      EXPECT_EQ(upccoll_scatterv(is_root ? send.at() : null, is_root ? counts.data() : nullptr,
                                 is_root ? displs.data() : nullptr, is_root ? UPC_INT : bogus, piece.at(), k,
                                 UPC_INT, root, team.team, 0, nullptr),
                UPCCOLL_SUCCESS);
      for (std::size_t i = 0; i < k; ++i)
        EXPECT_EQ(piece[i], val(root, static_cast<std::size_t>(n - 1 - rank) * k + i)) << "scatterv " << i;
      Blocks<int> sum(k);
      EXPECT_EQ(upccoll_reduce(send.at(), is_root ? sum.at() : null, k, UPC_INT, UPC_ADD, root, team.team, 0,
                               nullptr),
                UPCCOLL_SUCCESS);
      if (is_root) {
        for (std::size_t i = 0; i < k; ++i) {
          int s = 0;
          for (int t = 0; t < n; ++t) s += val(t, i);
          EXPECT_EQ(sum[i], s);
        }
      }
    }
  free_teams(teams);
  upc_barrier;  // nobody frees `elsewhere` while another thread still names it
}

// [3.5] 2 and [3.5.2] 1, 3: only the byte counts must agree, not the types: the root sends 3 doubles, every
// thread receives them as 24 chars (and, in gather, 2 shorts are received as one int).
TEST(Coll2Roots, SendAndReceiveTypesDifferWithTheSameBytes) {
  std::vector<Team> teams = team_cases();
  for (const Team &team : teams) {
    SCOPED_TRACE(team.name);
    const int rank = team.rank(), n = team.size(), root = n - 1;
    Blocks<double> send(3);
    Blocks<char> recv(3 * sizeof(double));
    for (std::size_t i = 0; i < 3; ++i) send[i] = 0.5 + val(rank, i);
    ASSERT_EQ(upccoll_bcast(send.at(), 3, UPC_DOUBLE, recv.at(), 3 * sizeof(double), UPC_CHAR, root,
                            team.team, 0, nullptr),
              UPCCOLL_SUCCESS);
    for (std::size_t i = 0; i < 3; ++i) {
      double got = 0;
      std::memcpy(&got, recv.mine() + i * sizeof(double), sizeof got);
      EXPECT_EQ(got, 0.5 + val(root, i));
    }
    Blocks<short> pair(2);
    Blocks<int> gathered(static_cast<std::size_t>(n) * 2 * sizeof(short) / sizeof(int));
    pair[0] = static_cast<short>(rank + 1);
    pair[1] = static_cast<short>(-rank - 1);
    ASSERT_EQ(upccoll_gather(pair.at(), 2, UPC_SHORT, gathered.at(), 2 * sizeof(short) / sizeof(int), UPC_INT,
                             0, team.team, 0, nullptr),
              UPCCOLL_SUCCESS);
    if (rank == 0) {
      for (int t = 0; t < n; ++t) {
        short got[2];
        std::memcpy(got, gathered.mine() + t, sizeof got);
        EXPECT_EQ(got[0], t + 1);
        EXPECT_EQ(got[1], -t - 1);
      }
    }
  }
  free_teams(teams);
}

}  // namespace
