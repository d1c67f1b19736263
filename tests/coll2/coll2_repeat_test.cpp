// The same call back to back: every collective of fixed counts repeated with identical arguments (the same
// buffers, new data each time), blocking and with handles, at piece sizes straddling the inline limit
// (runtime/src/coll2/small.hpp), the direct limit (32 KiB, runtime/src/coll2/direct.hpp) and a broadcast's
// and a scan's 4x (128 KiB), and above; then a small and a large call with otherwise equal arguments
// interleaved. A repeated blocking call may take the fast lane (runtime/src/coll2/fast.hpp), which must
// repeat only calls of the small path: a large call's receiver there misread its source's direct block.
#include <gtest/gtest.h>

#include <functional>
#include <pgas/upc.hpp>
#include <string>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

constexpr unsigned kUntouched = 0xdeadu;

// What rank `rank` sends at element i in round `round`.
unsigned value(int rank, std::size_t i, int round) {
  return static_cast<unsigned>(rank) * 7919u + static_cast<unsigned>(i) * 3u +
         static_cast<unsigned>(round) * 101u + 1u;
}

// x_from + ... + x_(to-1) at element i (mod 2^32).
unsigned sum(int from, int to, std::size_t i, int round) {
  unsigned result = 0;
  for (int r = from; r < to; ++r) result += value(r, i, round);
  return result;
}

using B = Buffer<unsigned>;
using H = upccoll_handle_t *;

// A collective: its send and recv pieces (1 or one per member), how to start it, and the expected element i
// of the recvbuf of team rank `r` of `n` (false: not written).
struct Collective {
  const char *name;
  bool send_per_rank, recv_per_rank;
  std::function<upccoll_return_t(upccoll_team_t, B &, B &, std::size_t, int, H)> start;
  std::function<bool(int r, int n, int root, std::size_t i, std::size_t k, int round, unsigned &want)> expect;
};

std::vector<Collective> collectives() {
  const auto piece = [](std::size_t i, std::size_t k) { return static_cast<int>(i / k); };
  return {
      {"bcast", false, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int root, H h) {
         return upccoll_bcast(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, root, t, 0, h);
       },
       [](int, int, int root, std::size_t i, std::size_t, int round, unsigned &want) {
         want = value(root, i, round);
         return true;
       }},
      {"scatter", true, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int root, H h) {
         return upccoll_scatter(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, root, t, 0, h);
       },
       [](int r, int, int root, std::size_t i, std::size_t k, int round, unsigned &want) {
         want = value(root, static_cast<std::size_t>(r) * k + i, round);
         return true;
       }},
      {"gather", false, true,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int root, H h) {
         return upccoll_gather(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, root, t, 0, h);
       },
       [piece](int r, int, int root, std::size_t i, std::size_t k, int round, unsigned &want) {
         want = value(piece(i, k), i % k, round);
         return r == root;
       }},
      {"allgather", false, true,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_allgather(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, t, 0, h);
       },
       [piece](int, int, int, std::size_t i, std::size_t k, int round, unsigned &want) {
         want = value(piece(i, k), i % k, round);
         return true;
       }},
      {"alltoall", true, true,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_alltoall(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, t, 0, h);
       },
       [piece](int r, int, int, std::size_t i, std::size_t k, int round, unsigned &want) {
         want = value(piece(i, k), static_cast<std::size_t>(r) * k + i % k, round);
         return true;
       }},
      {"reduce", false, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int root, H h) {
         return upccoll_reduce(s.pointer, r.pointer, k, UPC_UINT, UPC_ADD, root, t, 0, h);
       },
       [](int r, int n, int root, std::size_t i, std::size_t, int round, unsigned &want) {
         want = sum(0, n, i, round);
         return r == root;
       }},
      {"allreduce", false, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_allreduce(s.pointer, r.pointer, k, UPC_UINT, UPC_ADD, t, 0, h);
       },
       [](int, int n, int, std::size_t i, std::size_t, int round, unsigned &want) {
         want = sum(0, n, i, round);
         return true;
       }},
      {"reduce_scatter", true, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_reduce_scatter(s.pointer, r.pointer, k, UPC_UINT, UPC_ADD, t, 0, h);
       },
       [](int r, int n, int, std::size_t i, std::size_t k, int round, unsigned &want) {
         want = sum(0, n, static_cast<std::size_t>(r) * k + i, round);
         return true;
       }},
      {"scan", false, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_scan(s.pointer, r.pointer, k, UPC_UINT, UPC_ADD, t, 0, h);
       },
       [](int r, int, int, std::size_t i, std::size_t, int round, unsigned &want) {
         want = sum(0, r + 1, i, round);
         return true;
       }},
      {"exscan", false, false,
       [](upccoll_team_t t, B &s, B &r, std::size_t k, int, H h) {
         return upccoll_exscan(s.pointer, r.pointer, k, UPC_UINT, UPC_ADD, t, 0, h);
       },
       [](int r, int, int, std::size_t i, std::size_t, int round, unsigned &want) {
         want = sum(0, r, i, round);
         return r > 0;
       }},
  };
}

// Runs `c` with `k` elements per piece on `team` (this thread rank `r` of `n`) with buffers sized for the
// largest call, new data from `round`, and checks every element of the recvbuf (untouched past the call's).
void run_and_check(const Collective &c, upccoll_team_t team, int r, int n, int root, std::size_t k,
                   bool handle, B &send, B &recv, int round) {
  const auto un = static_cast<std::size_t>(n);
  for (std::size_t i = 0; i < (c.send_per_rank ? k * un : k); ++i) send[i] = value(r, i, round);
  for (std::size_t i = 0; i < recv.count; ++i) recv[i] = kUntouched;
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  ASSERT_EQ(c.start(team, send, recv, k, root, handle ? &h : nullptr), UPCCOLL_SUCCESS) << c.name;
  if (handle) upccoll_wait(h);
  const std::size_t written = c.recv_per_rank ? k * un : k;
  for (std::size_t i = 0; i < recv.count; ++i) {
    unsigned want = kUntouched;
    if (i >= written || !c.expect(r, n, root, i, k, round, want)) want = kUntouched;
    // One assertion per call, not one per element.
    if (recv[i] != want) {
      ASSERT_EQ(recv[i], want) << c.name << " with " << k << " elements per piece, round " << round
                               << ", element " << i;
    }
  }
}

struct Place {
  upccoll_team_t team;
  int rank, size;
};

Place place_of(upccoll_team_t team) {
  int rank = -1, size = -1;
  EXPECT_EQ(upccoll_team_rank(team, &rank), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_team_size(team, &size), UPCCOLL_SUCCESS);
  return {team, rank, size};
}

// Elements (4 bytes) per piece: around the inline limit (4160 bytes with the piece ends), at the direct limit
// (32 KiB) and at the broadcast's and scans' (128 KiB), and above.
constexpr std::size_t kCounts[] = {1, 2, 1020, 1040, 1100, 8191, 8192, 32767, 32768, 40000};
constexpr std::size_t kMost = 40000;
constexpr int kRepeats = 3;

TEST(Coll2Repeat, SameCallBackToBack) {
  Library library;
  std::vector<TeamCase> cases = team_cases();
  cases.resize(2);  // UPC_TEAM_ALL and odd/even
  int round = 0;
  for (const TeamCase &tc : cases) {
    const Place p = place_of(tc.team);
    const std::size_t most = kMost * static_cast<std::size_t>(p.size);
    B send(most), recv(most);
    for (const Collective &c : collectives())
      for (const std::size_t k : kCounts)
        for (const bool handle : {false, true}) {
          SCOPED_TRACE(tc.name + ", " + c.name + ", " + std::to_string(k * 4) + " bytes per piece" +
                       (handle ? ", handles" : ", blocking"));
          const int root = p.size - 1;
          for (int repeat = 0; repeat < kRepeats; ++repeat)
            run_and_check(c, p.team, p.rank, p.size, root, k, handle, send, recv, ++round);
          ASSERT_FALSE(HasFatalFailure());
        }
  }
  free_teams(cases);
}

// A small (inline) and a large (direct) call with otherwise equal arguments, in both orders and repeated.
TEST(Coll2Repeat, SmallAndLargeInterleaved) {
  Library library;
  const Place p = place_of(UPC_TEAM_ALL);
  const std::size_t most = kMost * static_cast<std::size_t>(p.size);
  B send(most), recv(most);
  constexpr std::size_t kPattern[] = {2, 2, kMost, kMost, 2, kMost, 2, kMost, kMost, 2};
  int round = 0;
  for (const Collective &c : collectives())
    for (const bool handle : {false, true}) {
      SCOPED_TRACE(std::string(c.name) + (handle ? ", handles" : ", blocking"));
      for (const std::size_t k : kPattern)
        run_and_check(c, p.team, p.rank, p.size, 0, k, handle, send, recv, ++round);
      ASSERT_FALSE(HasFatalFailure());
    }
}

}  // namespace
