// The priority write policy under real races: in one barrier phase the lowest writing rank wins, whatever
// the order of the uploads; a later phase wins over an earlier one; local puts, write-through puts (a full
// cache) and the C API take part in the same order.
#include <gtest/gtest.h>
#include <sched.h>

#include <functional>
#include <pgas/cache.hpp>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

std::size_t array_size() { return 13 * static_cast<std::size_t>(THREADS) + 5; }

record written(int t, std::size_t i) { return {t, static_cast<double>(i), {'p', 0, 0, 0}}; }

// Whether thread t writes element i: every element has a writer, most have several, and thread 0 misses
// some, so the winner is not always thread 0.
bool writes(int t, std::size_t i) {
  return t == static_cast<int>(i % static_cast<std::size_t>(THREADS)) ||
         (i + static_cast<std::size_t>(t)) % 3 != 0;
}

int lowest_writer(std::size_t i) {
  for (int t = 0; t < THREADS; ++t)
    if (writes(t, i)) return t;
  return -1;
}

// Runs `upload` in rank order (ascending or descending) without a barrier, which would start a new phase.
void in_rank_order(bool ascending, const std::function<void()> &upload) {
  shared_array<int, strict> turn(static_cast<std::size_t>(THREADS));
  upc_barrier;
  int my_turn = ascending ? MYTHREAD : THREADS - 1 - MYTHREAD;
  while (static_cast<int>(turn[0]) != my_turn) sched_yield();
  upload();
  if (my_turn + 1 < THREADS) turn[0] = my_turn + 1;
  upc_barrier;
}

enum class order { ascending, descending, unordered };

class PriorityRace : public testing::TestWithParam<std::tuple<order, std::size_t>> {};

TEST_P(PriorityRace, LowestWritingRankWins) {
  auto [how, chunk] = GetParam();
  shared_array<record> a(array_size(), 2);
  {
    cache<record> c(a, chunk, write_policy::priority);
    auto tile_loop = [&] {
      for (std::size_t first = 0; first < a.size(); first += chunk) {
        c.download();  // a write-only tile
        for (std::size_t i = first; i < std::min(a.size(), first + chunk); ++i)
          if (writes(MYTHREAD, i)) c.put(i, written(MYTHREAD, i));
        c.upload();
      }
    };
    if (how == order::unordered) {
      upc_barrier;
      tile_loop();
    } else {
      in_rank_order(how == order::ascending, tile_loop);
    }
  }  // close is collective for a priority cache
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(record(a[i]), written(lowest_writer(i), i)) << i;
  upc_barrier;
}

std::string case_name(const testing::TestParamInfo<PriorityRace::ParamType> &info) {
  static const char *const kOrders[] = {"ascending", "descending", "unordered"};
  return std::string(kOrders[static_cast<int>(std::get<0>(info.param))]) + "_chunk" +
         std::to_string(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Orders, PriorityRace,
                         testing::Combine(testing::Values(order::ascending, order::descending,
                                                          order::unordered),
                                          testing::Values(std::size_t{1}, std::size_t{7}, std::size_t{4096})),
                         case_name);

TEST(Priority, ALaterPhaseWinsOverAnEarlierOne) {
  shared_array<int> a(array_size());
  cache<int> c(a, a.size(), write_policy::priority);
  for (int phase = 0; phase < 3; ++phase) {
    // Phase p: the highest ranks write last; phase 2: only the highest rank writes.
    const int writers_from = phase == 2 ? THREADS - 1 : 0;
    if (MYTHREAD >= writers_from) {
      c.download();
      for (std::size_t i = 0; i < a.size(); ++i) c.put(i, 100 * phase + MYTHREAD);
      c.upload();
    }
    upc_barrier;
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(int(a[i]), 100 * phase + writers_from) << phase;
    upc_barrier;
  }
  c.close();
}

TEST(Priority, ReadsSeeTheThreadsOwnWritesUntilTheUpload) {
  shared_array<int> a(array_size());
  fill(a);
  cache<int> c(a, a.size(), write_policy::priority);
  for (std::size_t i = 0; i < a.size(); ++i) c.hint(i);
  c.download();
  upc_barrier;  // every thread has read the old values
  for (std::size_t i = 0; i < a.size(); i += 2)
    if (a.locate(i).thread != MYTHREAD) c.put(i, -MYTHREAD - 1);
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a.locate(i).thread != MYTHREAD) {
      EXPECT_EQ(c.get(i), i % 2 == 0 ? -MYTHREAD - 1 : value_of<int>(i)) << i;
    }
  c.upload();
  c.close();
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) {
    int owner = static_cast<int>(a.locate(i).thread);
    int lowest_remote = owner == 0 ? 1 : 0;  // owners do not write their own elements here
    int expect = i % 2 == 0 && lowest_remote < THREADS ? -lowest_remote - 1 : value_of<int>(i);
    EXPECT_EQ(int(a[i]), expect) << i;
  }
  upc_barrier;
}

TEST(Priority, CApi) {
  shared_array<std::int64_t> a(array_size(), 3);
  hpcstpf_handle_t h = hpcstpf_open_ex(a.handle(), 5, HPCSTPF_PRIORITY, PGAS_INT64);
  in_rank_order(false, [&] {
    for (std::size_t first = 0; first < a.size(); first += 5) {
      hpcstpf_start_download(h);
      hpcstpf_finish_download(h);
      for (std::size_t i = first; i < std::min(a.size(), first + 5); ++i) {
        std::int64_t v = 1000 + MYTHREAD;
        hpcstpf_put(h, i, &v);
      }
      hpcstpf_start_upload(h);
      hpcstpf_finish_upload(h);
    }
  });
  hpcstpf_stats_t s;
  hpcstpf_stats(h, &s);
  hpcstpf_close(h);
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(std::int64_t(a[i]), 1000) << i;
  // Per owner and tile: read the tags, then write values and tags where this thread won.
  if (THREADS > 1) {
    EXPECT_GT(s.transport_calls, 0u);
  }
  upc_barrier;
}

}  // namespace
