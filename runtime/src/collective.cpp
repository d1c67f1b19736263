#include "collective.hpp"

#include <cstdio>

#include "conduit/active.hpp"
#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt {

namespace {
// What thread 0 sends to every thread at the end of a collective call.
struct Verdict {
  std::uint64_t result;
  char error[256];  // nonempty: the call failed on thread 0; every thread stops
};
}  // namespace

std::uint64_t collective_call(const char *operation, std::initializer_list<std::uint64_t> args,
                              const std::function<std::uint64_t(std::string &error)> &leader) {
  Runtime &r = runtime(operation);
  std::uint64_t mine[CollectiveState::kArgs] = {};
  int n = 0;
  for (std::uint64_t a : args) mine[n++] = a;
  int stride = 0;
  const std::uint64_t *all = conduit().gather(mine, n, &stride);
  Verdict verdict{};
  if (r.mythread == 0) {
    for (int t = 1; t < r.threads && verdict.error[0] == '\0'; ++t)
      for (int k = 0; k < n; ++k)
        if (all[t * stride + k] != all[k]) {
          std::snprintf(
              verdict.error, sizeof verdict.error,
              "%s called with different arguments: argument %d is %llu on thread 0 but %llu on thread %d",
              operation, k + 1, static_cast<unsigned long long>(all[k]),
              static_cast<unsigned long long>(all[t * stride + k]), t);
          break;
        }
    if (verdict.error[0] == '\0') {
      std::string error;
      verdict.result = leader(error);
      std::snprintf(verdict.error, sizeof verdict.error, "%s", error.c_str());
    }
    if (verdict.error[0] != '\0') report("%s", verdict.error);  // before anyone is released to exit
  }
  conduit().broadcast(&verdict, sizeof verdict);
  if (verdict.error[0] != '\0') exit_quietly();
  return verdict.result;
}

}  // namespace pgas::rt
