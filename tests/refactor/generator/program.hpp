// One random program of the dialect: shared arrays of random element types and layouts, upc_forall loops over
// them with random index expressions, calls, lambdas, aliases and write patterns, and a checksum of every
// array printed at the end. Every program is well defined at any thread count: within a loop an array is
// read only, written only at the iteration's own element, or updated only by combining writes of the batch's
// write policy (whose defined result is the sequential one).
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace pgas::gen {

// The feature groups a program may use (--features); each can be switched off to isolate a failure.
inline const std::vector<std::string> kFeatureGroups = {
    "types",      // long, double and struct elements; unsigned and narrow index types
    "layouts",    // blocking factors B and indefinite, 2-d arrays
    "indirect",   // indices read from another shared array: X[P[i] % n], X[P[P[i]] % n]
    "gather",     // X[P[i]] itself: the index is an element of another shared array
    "guards",     // conditions, guarded divisions and guarded out-of-range indices
    "inner",      // indices that depend on an ordinary inner loop
    "calls",      // visible pure helpers, impure ones touching shared arrays or synchronizing, opaque ones
    "lambdas",    // pure, stateful and array-capturing lambdas
    "aliases",    // global_ptr to an array, references to it
    "combining",  // racing += / min / max writes under the batch's policy (and forms that do not match it)
    "members",    // members of struct elements written one by one through field(), one of them at the next
                  // iteration's element (another thread's, in the same phase)
    "empty",      // empty iteration ranges
    "locals",     // indices through local variables and structured bindings
    "clauses",    // an init clause with a side effect, a bound through a call, a variable assigned in an
                  // empty loop and read after it
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }  // inclusive
  bool chance(int percent) { return range(1, 100) <= percent; }
  template <class T>
  const T &pick(const std::vector<T> &options) {
    return options[static_cast<std::size_t>(range(0, static_cast<int>(options.size()) - 1))];
  }

 private:
  std::mt19937_64 engine_;
};

struct GeneratedProgram {
  std::string text;                 // the namespace gK { ... } with its run()
  std::string opaque;               // definitions of its declared-only functions (another translation unit)
  std::vector<std::string> cached;  // arrays to pass to pgas-refactor with --array
  std::vector<std::string> combining;  // those of them updated only by combining writes of the policy
  std::vector<int> racy_lines;  // lines (in text, from 1) of loops whose original races (combining writes)
  std::set<std::string> used;   // feature groups the program uses
};

// Program `index` of a batch: its names start with "g<index>_"; `policy` is the batch's write policy (any,
// sum, min, max); `features` the groups it may use.
GeneratedProgram generate_program(std::uint64_t seed, int index, const std::string &policy,
                                  const std::set<std::string> &features);

}  // namespace pgas::gen
