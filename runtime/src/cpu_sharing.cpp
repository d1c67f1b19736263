#include "cpu_sharing.hpp"

#include <sched.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "conduit/active.hpp"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

struct Placement {
  std::uint64_t machine;  // a hash of the host name
  cpu_set_t cpus;         // the affinity; all CPUs when it cannot be read
};
static_assert(sizeof(Placement) <= Conduit::kAllgatherBytes);

std::uint64_t machine_id() {
  char name[256] = {};
  gethostname(name, sizeof name - 1);
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a
  for (const char *c = name; *c != '\0'; ++c)
    hash = (hash ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  return hash;
}

Placement my_placement() {
  Placement mine{};
  mine.machine = machine_id();
  if (sched_getaffinity(0, sizeof mine.cpus, &mine.cpus) != 0) {
    CPU_ZERO(&mine.cpus);
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    for (long cpu = 0; cpu < online && cpu < CPU_SETSIZE; ++cpu) CPU_SET(static_cast<int>(cpu), &mine.cpus);
  }
  return mine;
}

}  // namespace

CpuSharing cpu_sharing_among_threads() {
  const Placement mine = my_placement();
  const auto *all = static_cast<const unsigned char *>(conduit().allgather(&mine, sizeof mine));
  int here = 0;
  cpu_set_t covered, others;
  CPU_ZERO(&covered);
  CPU_ZERO(&others);
  for (int t = 0; t < g_runtime.threads; ++t) {
    Placement p;
    std::memcpy(&p, all + static_cast<std::size_t>(t) * sizeof p, sizeof p);
    if (p.machine != mine.machine) continue;
    ++here;
    CPU_OR(&covered, &covered, &p.cpus);
    if (t != g_runtime.mythread) CPU_OR(&others, &others, &p.cpus);
  }
  CpuSharing sharing;
  sharing.oversubscribed = here > CPU_COUNT(&covered);
  cpu_set_t shared;
  CPU_AND(&shared, &mine.cpus, &others);
  sharing.own_cpu = CPU_COUNT(&mine.cpus) == 1 && CPU_COUNT(&shared) == 0;
  return sharing;
}

}  // namespace pgas::rt
