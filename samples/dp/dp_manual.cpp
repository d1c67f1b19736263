// dp_manual: dp (x[i] = x[i] * y[2i], x of n and y of 2n elements, both cyclic) tuned by hand. Each thread
// lists once the y[2i] its own x elements need; each pass then fetches them with one vector transfer per
// owning thread (pgas::getv) and updates x's local part through a local pointer. Same verification as dp.
#include <cstddef>
#include <pgas/upc.hpp>
#include <span>
#include <string>
#include <vector>

#include "dp_common.hpp"

using namespace pgas;

namespace {

// As in dp.cpp.

}  // namespace

// Which y elements this thread's part of x needs, grouped by owning thread. The indices do not depend on the
// data, so they are listed once, before the loop. x and y are cyclic, as in dp: element l of this thread's
// part of x is x[l * THREADS + MYTHREAD], and y[k] lives on thread k % THREADS.
struct Plan {
  std::vector<std::vector<std::size_t>> wanted;  // per owning thread, its y indices in local order of x
  std::vector<std::size_t> owner;                // per element of x's local part, the owner of its y[2i]
  std::vector<std::vector<int>> values;          // per owning thread, the values fetched
};

Plan plan_for(const shared_array<int> &x) {
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t count = x.local_part().size();
  Plan plan{std::vector<std::vector<std::size_t>>(threads), std::vector<std::size_t>(count),
            std::vector<std::vector<int>>(threads)};
  for (std::size_t l = 0; l < count; ++l) {
    std::size_t yi = 2 * (l * threads + me);
    plan.owner[l] = yi % threads;
    plan.wanted[plan.owner[l]].push_back(yi);
  }
  for (std::size_t t = 0; t < threads; ++t) plan.values[t].resize(plan.wanted[t].size());
  return plan;
}

int dp_manual(const shared_array<int> &x, const shared_array<int> &y, Plan &plan) {
  const auto threads = static_cast<std::size_t>(THREADS);
  for (std::size_t t = 0; t < threads; ++t)
    if (!plan.wanted[t].empty()) getv(y, static_cast<int>(t), plan.wanted[t], plan.values[t].data());

  // Each owner's values arrive in the order its indices were listed, which is local order.
  std::span<int> mine = x.local_part();
  std::vector<std::size_t> next(threads, 0);
  for (std::size_t l = 0; l < mine.size(); ++l) {
    std::size_t o = plan.owner[l];
    mine[l] = mine[l] * plan.values[o][next[o]++];
  }
  return 0;
}

int main(int argc, char **argv) {
  return dp_sample::run(
      "dp_manual", "dp tuned by hand: y[2i] fetched with one vector transfer per owner, x updated locally",
      argc, argv, [](dp_sample::Arrays &arrays, long repeat) {
        Plan plan = plan_for(arrays.x);  // inside the timed part: it is part of the work
        for (long r = 0; r < repeat; ++r) {
          dp_manual(arrays.x, arrays.y, plan);
          upc_barrier;
        }
      });
}
