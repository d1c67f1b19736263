// Collectives 2.0 conformance: the same rules with large, odd counts (tens to hundreds of KiB per piece, so
// that whatever path an implementation takes for large messages is taken): every collective on UPC_TEAM_ALL
// and on uneven splits with reversed or rotated keys, roots other than 0, v-forms with shuffled
// displacements, gaps and empty pieces, and a non-commutative user operation over many elements.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

constexpr long kGap = -4;
long big(int rank, std::size_t i) { return 1000003L * (rank + 1) + 7L * static_cast<long>(i); }

std::vector<Team> large_teams() {
  std::vector<Team> teams{team_all()};
  teams.push_back(split(
      "thirds reversed", teams[0], [](int r) { return r % 3 == 0 ? 5 : 9; },
      [](int p, int m) { return m - 1 - p; }));
  teams.push_back(split(
      "halves rotated", teams[0], [](int r) { return 3 * r < THREADS ? 0 : 1; },
      [](int p, int m) { return (p + 1) % m; }));
  return teams;
}

const Flavour kLargeFlavours[] = {{"blocking", 0, How::blocking},
                                  {"handle", 0, How::handle},
                                  {"fence", UPC_ASYNC_FENCE, How::fence},
                                  {"handle ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, How::test_then_wait}};

template <class Body>
void on_large_teams(Body body) {
  std::vector<Team> teams = large_teams();
  for (std::size_t c = 0; c < teams.size(); ++c)
    for (std::size_t f = 0; f < 4; ++f) {
      SCOPED_TRACE(teams[c].name + ", " + kLargeFlavours[f].name);
      body(teams[c], kLargeFlavours[f], c + f);
    }
  free_teams(teams);
}

TEST(Coll2Large, BcastScatterGather) {
  on_large_teams([](const Team &team, const Flavour &f, std::size_t seed) {
    const int rank = team.rank(), n = team.size(), root = static_cast<int>(seed) % n;
    const std::size_t kb = 20001, k = 5001, nk = k * static_cast<std::size_t>(n);
    Blocks<long> send(std::max(kb, nk)), recv(std::max(kb, nk) + 1);
    for (std::size_t i = 0; i < send.per; ++i) send[i] = big(rank, i);
    recv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_bcast(send.at(), kb, UPC_LONG, recv.at(), kb, UPC_LONG, root, team.team, fl, h);
    });
    std::size_t bad = 0;
    for (std::size_t i = 0; i < kb; ++i) bad += recv[i] != big(root, i);
    EXPECT_EQ(bad, 0u) << "bcast";
    EXPECT_EQ(recv[kb], kGap);
    recv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {  // [3.5.3] 2
      return upccoll_scatter(send.at(), k, UPC_LONG, recv.at(), k, UPC_LONG, root, team.team, fl, h);
    });
    bad = 0;
    for (std::size_t i = 0; i < k; ++i) bad += recv[i] != big(root, static_cast<std::size_t>(rank) * k + i);
    EXPECT_EQ(bad, 0u) << "scatter";
    EXPECT_EQ(recv[k], kGap);
    recv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {  // [3.5.5] 2
      return upccoll_gather(send.at(), k, UPC_LONG, recv.at(), k, UPC_LONG, root, team.team, fl, h);
    });
    bad = 0;
    for (std::size_t i = 0; i < nk; ++i)
      bad += recv[i] != (rank == root ? big(static_cast<int>(i / k), i % k) : kGap);
    EXPECT_EQ(bad, 0u) << "gather";
  });
}

TEST(Coll2Large, AllgatherAlltoall) {
  on_large_teams([](const Team &team, const Flavour &f, std::size_t) {
    const int rank = team.rank(), n = team.size();
    const std::size_t k = 4501, nk = k * static_cast<std::size_t>(n);
    Blocks<long> send(nk), recv(nk + 1);
    for (std::size_t i = 0; i < nk; ++i) send[i] = big(rank, i);
    recv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allgather(send.at(), k, UPC_LONG, recv.at(), k, UPC_LONG, team.team, fl, h);
    });
    std::size_t bad = 0;
    for (std::size_t i = 0; i < nk; ++i) bad += recv[i] != big(static_cast<int>(i / k), i % k);
    EXPECT_EQ(bad, 0u) << "allgather";
    EXPECT_EQ(recv[nk], kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_alltoall(send.at(), k, UPC_LONG, recv.at(), k, UPC_LONG, team.team, fl, h);
    });
    bad = 0;
    for (std::size_t i = 0; i < nk; ++i)
      bad += recv[i] != big(static_cast<int>(i / k), static_cast<std::size_t>(rank) * k + i % k);
    EXPECT_EQ(bad, 0u) << "alltoall";
  });
}

// Pieces of 0 or about 4-9 thousand elements, laid out reversed or shuffled with gaps.
std::size_t large_count(int from, int to) {
  return (from + to) % 4 == 3 ? 0 : 4099 + 1237 * ((from + 2 * to) % 5);
}

TEST(Coll2Large, VForms) {
  on_large_teams([](const Team &team, const Flavour &f, std::size_t seed) {
    const int rank = team.rank(), n = team.size(), root = (static_cast<int>(seed) + 1) % n;
    // scatterv and allgatherv: rank t's piece has large_count(t, 0) elements.
    const VLayout v = v_layout(
        n, [](int t) { return large_count(t, 0); }, seed % 2 == 0 ? shuffled_order(n) : reversed_order(n));
    const std::size_t mine = v.counts[static_cast<std::size_t>(rank)];
    Blocks<long> send(v.total), piece(mine + 1), all(v.total);
    for (std::size_t i = 0; i < v.total; ++i) send[i] = big(rank, i);
    piece.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_scatterv(send.at(), v.counts.data(), v.displs.data(), UPC_LONG, piece.at(), mine,
                              UPC_LONG, root, team.team, fl, h);
    });
    std::size_t bad = 0;
    for (std::size_t i = 0; i < mine; ++i)
      bad += piece[i] != big(root, v.displs[static_cast<std::size_t>(rank)] + i);
    EXPECT_EQ(bad, 0u) << "scatterv";
    EXPECT_EQ(piece[mine], kGap);
    for (std::size_t i = 0; i < mine; ++i) piece[i] = big(rank, 3 * i);
    all.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allgatherv(piece.at(), mine, UPC_LONG, all.at(), v.counts.data(), v.displs.data(),
                                UPC_LONG, team.team, fl, h);
    });
    std::vector<long> expected(v.total, kGap);
    for (int t = 0; t < n; ++t)
      for (std::size_t i = 0; i < v.counts[static_cast<std::size_t>(t)]; ++i)
        expected[v.displs[static_cast<std::size_t>(t)] + i] = big(t, 3 * i);
    EXPECT_TRUE(all.values(v.total) == expected) << "allgatherv";
    all.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_gatherv(piece.at(), mine, UPC_LONG, all.at(), v.counts.data(), v.displs.data(), UPC_LONG,
                             root, team.team, fl, h);
    });
    if (rank != root) expected.assign(v.total, kGap);
    EXPECT_TRUE(all.values(v.total) == expected) << "gatherv";
    // alltoallv: r sends large_count(r, t) elements to t.
    const VLayout s = v_layout(
        n, [rank](int t) { return large_count(rank, t); },
        rank % 2 == 0 ? reversed_order(n) : shuffled_order(n));
    const VLayout r = v_layout(
        n, [rank](int t) { return large_count(t, rank); },
        rank % 2 == 0 ? shuffled_order(n) : reversed_order(n));
    Blocks<long> asend(s.total), arecv(r.total);
    for (int t = 0; t < n; ++t)
      for (std::size_t i = 0; i < s.counts[static_cast<std::size_t>(t)]; ++i)
        asend[s.displs[static_cast<std::size_t>(t)] + i] = big(rank, 10 * static_cast<std::size_t>(t) + i);
    arecv.fill(kGap);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_alltoallv(asend.at(), s.counts.data(), s.displs.data(), UPC_LONG, arecv.at(),
                               r.counts.data(), r.displs.data(), UPC_LONG, team.team, fl, h);
    });
    std::vector<long> want(r.total, kGap);
    for (int from = 0; from < n; ++from)
      for (std::size_t i = 0; i < r.counts[static_cast<std::size_t>(from)]; ++i)
        want[r.displs[static_cast<std::size_t>(from)] + i] =
            big(from, 10 * static_cast<std::size_t>(rank) + i);
    EXPECT_TRUE(arecv.values(r.total) == want) << "alltoallv";
  });
}

// Digit strings (see userop_test.cpp): length in the top 4 bits, hex digits below; concatenation.
unsigned long long concat(unsigned long long s, unsigned long long t) {
  const unsigned long long ls = s >> 60, lt = t >> 60, mask = (1ULL << 60) - 1;
  return ((ls + lt) << 60) | (((s & mask) << (4 * lt)) & mask) | (t & mask);
}
void concat_fun(void *in, void *inout, size_t len, upccoll_dtype_t) {
  auto *a = static_cast<unsigned long long *>(in);
  auto *b = static_cast<unsigned long long *>(inout);
  for (size_t i = 0; i < len; ++i) b[i] = concat(a[i], b[i]);
}
unsigned long long digit(int thread, std::size_t i) { return (1ULL << 60) | ((thread * 5 + i) % 16); }

// Reductions of many elements ([3.5.11-3.5.14]) with UPC_ADD and with a non-commutative user operation,
// combined in ascending team rank order ([3.1.4] 2) whatever the size.
TEST(Coll2Large, Reductions) {
  upccoll_op_t cat = -1;
  on_large_teams([&cat](const Team &team, const Flavour &f, std::size_t seed) {
    if (cat == -1) {
      ASSERT_EQ(upccoll_op_create(concat_fun, 0, &cat), UPCCOLL_SUCCESS);
    }
    const int rank = team.rank(), n = team.size(), root = static_cast<int>(seed) % n;
    const std::size_t k = 9001, nk = k * static_cast<std::size_t>(n);
    Blocks<unsigned long long> send(nk), out(nk + 1);
    for (std::size_t i = 0; i < nk; ++i) send[i] = digit(MYTHREAD, i);
    auto fold = [&](int to, std::size_t i) {
      unsigned long long acc = digit(team.thread_of(0), i);
      for (int r = 1; r < to; ++r) acc = concat(acc, digit(team.thread_of(r), i));
      return acc;
    };
    auto count_bad = [&](std::size_t count, int to, std::size_t offset) {
      std::size_t bad = 0;
      for (std::size_t i = 0; i < count; ++i) bad += out[i] != fold(to, offset + i);
      return bad;
    };
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allreduce(send.at(), out.at(), k, UPC_ULONGLONG, cat, team.team, fl, h);
    });
    EXPECT_EQ(count_bad(k, n, 0), 0u) << "allreduce";
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce(send.at(), out.at(), k, UPC_ULONGLONG, cat, root, team.team, fl, h);
    });
    if (rank == root) {
      EXPECT_EQ(count_bad(k, n, 0), 0u) << "reduce";
    }
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_scan(send.at(), out.at(), k, UPC_ULONGLONG, cat, team.team, fl, h);
    });
    EXPECT_EQ(count_bad(k, rank + 1, 0), 0u) << "scan";
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_exscan(send.at(), out.at(), k, UPC_ULONGLONG, cat, team.team, fl, h);
    });
    if (rank > 0) {
      EXPECT_EQ(count_bad(k, rank, 0), 0u) << "exscan";
    }
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_reduce_scatter(send.at(), out.at(), k, UPC_ULONGLONG, cat, team.team, fl, h);
    });
    EXPECT_EQ(count_bad(k, n, static_cast<std::size_t>(rank) * k), 0u) << "reduce_scatter";
    // UPC_ADD on longs of the same size
    Blocks<long> lsend(k), lout(k);
    for (std::size_t i = 0; i < k; ++i) lsend[i] = big(rank, i);
    run(f, [&](upccoll_flag_t fl, upccoll_handle_t *h) {
      return upccoll_allreduce(lsend.at(), lout.at(), k, UPC_LONG, UPC_ADD, team.team, fl, h);
    });
    std::size_t bad = 0;
    for (std::size_t i = 0; i < k; ++i) {
      long sum = 0;
      for (int t = 0; t < n; ++t) sum += big(t, i);
      bad += lout[i] != sum;
    }
    EXPECT_EQ(bad, 0u) << "allreduce UPC_ADD";
  });
  EXPECT_EQ(upccoll_op_free(cat), UPCCOLL_SUCCESS);
}

}  // namespace
