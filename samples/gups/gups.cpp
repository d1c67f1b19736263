// gups: the HPC Challenge RandomAccess benchmark (GUPS) on a cyclic shared table of 2^k uint64 entries,
// table[i] = i initially. Thread t performs its share [t * U, (t + 1) * U) of one global random stream and
// applies table[ran & (size - 1)] ^= ran through the shared array: almost every update is remote, and
// concurrent updates of one entry may race, as the benchmark allows. Verified as the benchmark does: the
// same updates applied again (XOR undoes them) must restore all but at most 1% of the entries.
#include <cstdint>
#include <cstdio>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "random_stream.hpp"
#include "sample.hpp"

using namespace pgas;

void random_access(const shared_array<std::uint64_t> &table, std::uint64_t ran, long updates) {
  const std::uint64_t mask = table.size() - 1;
  for (long u = 0; u < updates; ++u) {
    ran = gups::next_random(ran);
    table[ran & mask] ^= ran;
  }
}

namespace {

// Where thread t starts in the stream: its first update uses the value after this one.
std::uint64_t thread_start(long seed, int thread, long updates) {
  return gups::starts(seed + static_cast<std::int64_t>(thread) * updates);
}

// The table on the calling thread: one upc_memget per thread's (cyclic) part.
std::vector<std::uint64_t> gather(const shared_array<std::uint64_t> &table) {
  const std::size_t size = table.size(), threads = static_cast<std::size_t>(THREADS);
  std::vector<std::uint64_t> out(size), part((size + threads - 1) / threads);
  for (std::size_t t = 0; t < threads && t < size; ++t) {
    std::size_t count = (size - t + threads - 1) / threads;
    upc_memget(part.data(), &table[t], count * sizeof(std::uint64_t));
    for (std::size_t k = 0; k < count; ++k) out[t + k * threads] = part[k];
  }
  return out;
}

// Thread 0 applies every thread's updates again, in order, to a private copy of the table and counts the
// entries that differ from their initial value.
long count_errors(const shared_array<std::uint64_t> &table, long updates, long seed) {
  std::vector<std::uint64_t> copy = gather(table);
  const std::uint64_t mask = copy.size() - 1;
  for (int t = 0; t < THREADS; ++t) {
    std::uint64_t ran = thread_start(seed, t, updates);
    for (long u = 0; u < updates; ++u) {
      ran = gups::next_random(ran);
      copy[ran & mask] ^= ran;
    }
  }
  long errors = 0;
  for (std::size_t i = 0; i < copy.size(); ++i) errors += copy[i] != i;
  return errors;
}

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args(
      "gups", "HPC Challenge RandomAccess: random XOR updates of a cyclic shared table of 2^K uint64",
      {{"--log-table-size", 20, "K: the table has 2^K entries (1..40)"},
       {"--updates", 0, "updates per thread (0: the benchmark's 4 * table size / THREADS)"},
       {"--seed", 0, "offset of the run in the random stream (the benchmark: 0)"},
       {"--inject-error", 0,
        "1: corrupt table size / 100 + 1 entries, beyond the benchmark's 1% tolerance"}});
  args.parse(argc, argv);
  const long log_size = args["--log-table-size"], seed = args["--seed"];
  if (log_size < 1 || log_size > 40) {
    std::fprintf(stderr, "gups: --log-table-size must be in 1..40\n");
    return 2;
  }
  const std::size_t size = std::size_t{1} << log_size;
  const long updates = args["--updates"] != 0 ? args["--updates"] : static_cast<long>(4 * size) / THREADS;

  shared_array<std::uint64_t> table(size, 1, "table");
  upc_forall(std::size_t i = 0, i < size, i++, &table[i]) table[i] = i;
  upc_barrier;

  samples::Timer timer;
  random_access(table, thread_start(seed, MYTHREAD, updates), updates);
  upc_barrier;
  double seconds = timer.seconds();

  if (args["--inject-error"] != 0 && MYTHREAD == 0)
    for (std::size_t i = 0; i <= size / 100; ++i) table[i] ^= std::uint64_t{1};
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    long errors = count_errors(table, updates, seed);
    double total = static_cast<double>(updates) * THREADS;
    char details[160];
    std::snprintf(details, sizeof details, "log_table_size=%ld threads=%d updates=%ld errors=%ld gups=%.6f",
                  log_size, THREADS, updates, errors, seconds > 0 ? total / seconds * 1e-9 : 0.0);
    status = samples::report("gups", details, seconds, errors * 100 <= static_cast<long>(size));
  }
  upc_barrier;
  return status;
}
