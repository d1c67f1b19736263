#include "coll2/team.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>

#include "conduit/active.hpp"
#include "handles.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll2 {
namespace {

std::vector<Team *> g_teams;  // the live teams of this thread, UPC_TEAM_ALL first

// The team's words are synchronization, not the program's data: like the UPC 1.2 collectives' flags they
// bypass the transport seam (a trace shows only the data a call moves). On shm they are the processor's
// atomics on the mapped segment; on a network conduit the conduit's remote atomics.
std::uint64_t atomic(const Team &team, int member, std::uint64_t offset, pgas_atomic_op_t op,
                     std::uint64_t operand, std::uint64_t compare = 0) {
  const auto m = static_cast<std::size_t>(member);
  if (std::byte *base = team.direct[m]) {
    std::atomic_ref<std::uint64_t> word(*reinterpret_cast<std::uint64_t *>(base + offset));
    switch (op) {
      case PGAS_ATOMIC_LOAD:
        return word.load();
      case PGAS_ATOMIC_STORE:
        return word.exchange(operand);
      case PGAS_ATOMIC_CSWAP:
        word.compare_exchange_strong(compare, operand);
        return compare;  // the value seen
      default: {         // PGAS_ATOMIC_FETCH_MAX
        std::uint64_t seen = word.load();
        while (seen < operand && !word.compare_exchange_weak(seen, operand)) {
        }
        return seen;
      }
    }
  }
  std::uint64_t result = 0;
  conduit().atomic(team.members[m], team.area_at[m] + offset, PGAS_UINT64, op, &operand, &compare, &result);
  return result;
}

// Reads a word of every page of the members' areas mapped here: fresh shared memory is mapped page by page
// on first touch, and a loop of small calls would otherwise take a page fault per slot (one slot a page) in
// every member during its first ring of calls.
void map_areas(const Team &team) {
  const std::uint64_t bytes = area_words(static_cast<std::uint64_t>(team.size())) * sizeof(std::uint64_t);
  std::uint64_t sum = 0;
  for (std::byte *area : team.direct)
    for (std::uint64_t at = 0; area != nullptr && at < bytes; at += 4096)
      sum += std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t *>(area + at))
                 .load(std::memory_order_relaxed);
  asm volatile("" : : "r"(sum));
}

}  // namespace

std::uint64_t Team::load(int member, std::uint64_t offset) const {
  return atomic(*this, member, offset, PGAS_ATOMIC_LOAD, 0);
}

void Team::store(int member, std::uint64_t offset, std::uint64_t value) const {
  atomic(*this, member, offset, PGAS_ATOMIC_STORE, value);
}

bool Team::swap(int member, std::uint64_t offset, std::uint64_t expected, std::uint64_t desired) const {
  return atomic(*this, member, offset, PGAS_ATOMIC_CSWAP, desired, expected) == expected;
}

std::uint64_t Team::raise(int member, std::uint64_t offset, std::uint64_t value) const {
  return atomic(*this, member, offset, PGAS_ATOMIC_FETCH_MAX, value);
}

pgas_handle_t allocate_local(std::uint64_t elem_size, std::uint64_t nelems, const char *site) {
  pgas_layout_t layout{.elem_size = elem_size,
                       .block = 0,
                       .nelems = nelems,
                       .owner = g_runtime.mythread,
                       .kind = PGAS_ALLOC_LOCAL,
                       .name = nullptr,
                       .site = site};
  return remote_alloc(&layout);
}

pgas_handle_t create_area(int size) {  // fresh shared memory is zero
  return allocate_local(sizeof(std::uint64_t), area_words(static_cast<std::uint64_t>(size)),
                        "upccoll_team_split");
}

Team *team_of(void *handle) {
  if (handle == nullptr) return g_teams.empty() ? nullptr : g_teams.front();
  const auto found = std::find(g_teams.begin(), g_teams.end(), static_cast<Team *>(handle));
  return found == g_teams.end() ? nullptr : *found;
}

Team &team_all() { return *g_teams.front(); }

void register_team(Team *team) {
  for (std::size_t m = 0; m < team->members.size(); ++m) {
    const int thread = team->members[m];
    team->area_at.push_back(resolve_offset(team->areas[m], thread, 0, 0, "upccoll team"));
    team->direct.push_back(g_runtime.network == nullptr ? segment_address(thread, team->area_at.back())
                                                        : nullptr);
  }
  team->shm = std::find(team->direct.begin(), team->direct.end(), nullptr) == team->direct.end();
  for (std::uint64_t s = 0; s < kRing; ++s) team->slots[s].at = team->ring(s);
  map_areas(*team);
  g_teams.push_back(team);
}

void forget_team(Team *team) { std::erase(g_teams, team); }

std::vector<Team *> live_teams() { return g_teams; }

}  // namespace pgas::rt::coll2
