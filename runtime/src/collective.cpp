#include "collective.hpp"

#include <cstdio>

#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt {

std::uint64_t collective_call(const char *operation, std::initializer_list<std::uint64_t> args,
                              const std::function<std::uint64_t(std::string &error)> &leader) {
  Runtime &r = runtime(operation);
  CollectiveState &c = r.ctl->collective;
  int n = 0;
  for (std::uint64_t a : args) c.args[r.mythread][n++] = a;
  internal_barrier(operation);
  if (r.mythread == 0) {
    c.error[0] = '\0';
    for (int t = 1; t < r.threads && c.error[0] == '\0'; ++t)
      for (int k = 0; k < n; ++k)
        if (c.args[t][k] != c.args[0][k]) {
          std::snprintf(
              c.error, sizeof c.error,
              "%s called with different arguments: argument %d is %llu on thread 0 but %llu on thread %d",
              operation, k + 1, static_cast<unsigned long long>(c.args[0][k]),
              static_cast<unsigned long long>(c.args[t][k]), t);
          break;
        }
    if (c.error[0] == '\0') {
      std::string error;
      c.result = leader(error);
      std::snprintf(c.error, sizeof c.error, "%s", error.c_str());
    }
    if (c.error[0] != '\0') report("%s", c.error);  // before anyone is released to exit
  }
  internal_barrier(operation);
  if (c.error[0] != '\0') exit_quietly();
  return c.result;
}

}  // namespace pgas::rt
