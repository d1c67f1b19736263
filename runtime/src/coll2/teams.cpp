// Team management (pgas/upccoll.h 3.4): UPC_TEAM_ALL, rank and size, split (two allgathers on the parent
// team: colors and keys, then the new members' areas) and free.
#include "coll2/teams.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "coll2/agreement.hpp"
#include "coll2/arguments.hpp"
#include "coll2/engine.hpp"
#include "coll2/slots.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

using namespace pgas::rt::coll2;

namespace pgas::rt::coll2 {
namespace {

pgas_handle_t g_team_all_area = 0;  // one collective object: each thread's part is its area
std::vector<Team *> g_departing;    // freed teams whose area waits until every member has left

pgas_handle_t scratch(std::size_t words) {
  pgas_layout_t layout{.elem_size = sizeof(std::uint64_t),
                       .block = 0,
                       .nelems = std::max<std::size_t>(words, 1),
                       .owner = g_runtime.mythread,
                       .kind = PGAS_ALLOC_LOCAL,
                       .name = nullptr,
                       .site = "upccoll_team_split"};
  return remote_alloc(&layout);
}

// Every member's `words` words, in parent rank order (a blocking allgather on `parent`).
std::vector<std::uint64_t> allgather_words(Team &parent, const std::vector<std::uint64_t> &words) {
  const std::size_t bytes = words.size() * sizeof(std::uint64_t);
  const pgas_handle_t send = scratch(words.size()), recv = scratch(words.size() * parent.members.size());
  std::memcpy(pgas::detail::local_address(send, 0, bytes, "upccoll_team_split"), words.data(), bytes);
  Description call{.kind = Kind::kAllgather,
                   .sendbuf = {send, g_runtime.mythread, 0},
                   .recvbuf = {recv, g_runtime.mythread, 0},
                   .send = {{0, bytes}},
                   .recv = {},  // even_pieces below
                   .function = "upccoll_team_split"};
  even_pieces(parent.size(), bytes, &call.recv);
  launch(parent, call, nullptr);
  std::vector<std::uint64_t> all(words.size() * parent.members.size());
  std::memcpy(all.data(), pgas::detail::local_address(recv, 0, all.size() * 8, "upccoll_team_split"),
              all.size() * 8);
  remote_free(send);
  remote_free(recv);
  return all;
}

// Frees the areas of freed teams that every member has left.
void sweep_departed() {
  for (Team *team : std::vector<Team *>(g_departing)) {
    bool all_left = true;
    for (int m = 0; m < team->size() && all_left; ++m)
      all_left = team->load(team->rank, team->departed_at(m)) != 0;
    if (!all_left) continue;
    free_spill_slots(*team);
    remote_free(team->areas[static_cast<std::size_t>(team->rank)]);
    std::erase(g_departing, team);
    delete team;
  }
}

}  // namespace

void create_team_all() {
  const int threads = g_runtime.threads;
  auto *team = new Team;
  for (int t = 0; t < threads; ++t) team->members.push_back(t);
  team->rank = g_runtime.mythread;
  const std::size_t words = area_words(static_cast<std::uint64_t>(threads));
  g_team_all_area = pgas::detail::allocate(PGAS_ALLOC_ALL, static_cast<std::size_t>(threads),
                                           words * sizeof(std::uint64_t), "upccoll_initialize");
  team->areas.assign(static_cast<std::size_t>(threads), g_team_all_area);
  register_team(team);
  if (CollectiveEngine *engine = chosen_engine()) team->engine = engine->team_all();
}

void destroy_all_teams() {
  Team *all = &team_all();
  for (Team *team : live_teams()) {
    if (team->engine != nullptr) chosen_engine()->team_free(team->engine);
    release_blocks(*team, true);
    free_spill_slots(*team);
    forget_team(team);
    if (team != all) {
      remote_free(team->areas[static_cast<std::size_t>(team->rank)]);
      delete team;
    }
  }
  for (Team *team : g_departing) {
    free_spill_slots(*team);
    remote_free(team->areas[static_cast<std::size_t>(team->rank)]);
    delete team;
  }
  g_departing.clear();
  delete all;
  pgas::detail::all_free_shared(g_team_all_area);
  g_team_all_area = 0;
}

}  // namespace pgas::rt::coll2

extern "C" {

upccoll_return_t upccoll_team_rank(upccoll_team_t handle, int *rank) {
  Team *team = nullptr;
  if (const upccoll_return_t error = check_call(handle, 0, &team)) return error;
  if (rank == nullptr) return UPCCOLL_ERROR;
  *rank = team->rank;
  return UPCCOLL_SUCCESS;
}

upccoll_return_t upccoll_team_size(upccoll_team_t handle, int *size) {
  Team *team = nullptr;
  if (const upccoll_return_t error = check_call(handle, 0, &team)) return error;
  if (size == nullptr) return UPCCOLL_ERROR;
  *size = team->size();
  return UPCCOLL_SUCCESS;
}

upccoll_return_t upccoll_team_split(upccoll_team_t handle, int color, int key, upccoll_team_t *newteam) {
  Team *parent = nullptr;
  if (const upccoll_return_t error = check_call(handle, 0, &parent)) return error;
  if (newteam == nullptr) return UPCCOLL_ERROR;
  if (key < 0) return UPCCOLL_ERROR_RANK;
  sweep_departed();
  const std::vector<std::uint64_t> chosen = allgather_words(
      *parent,
      {static_cast<std::uint64_t>(static_cast<std::uint32_t>(color)), static_cast<std::uint64_t>(key)});
  // The new ranks: the parent ranks of this color, by key, then by parent rank.
  std::vector<std::tuple<std::uint64_t, int>> order;
  for (int r = 0; r < parent->size(); ++r)
    if (chosen[2 * static_cast<std::size_t>(r)] == static_cast<std::uint32_t>(color))
      order.emplace_back(chosen[2 * static_cast<std::size_t>(r) + 1], r);
  std::sort(order.begin(), order.end());
  auto *team = new Team;
  for (const auto &[member_key, parent_rank] : order) {
    if (parent_rank == parent->rank) team->rank = team->size();
    team->members.push_back(parent->members[static_cast<std::size_t>(parent_rank)]);
  }
  // Each member's area exists (zeroed) before any member returns: no call on the new team can overtake it.
  const pgas_handle_t area = create_area(team->size());
  const std::vector<std::uint64_t> areas = allgather_words(*parent, {area});
  for (const auto &[member_key, parent_rank] : order)
    team->areas.push_back(areas[static_cast<std::size_t>(parent_rank)]);
  register_team(team);
  if (pgas::rt::CollectiveEngine *engine = chosen_engine()) {
    // Colored by the new team's first parent rank (MPI wants colors >= 0) and keyed by the new rank: the
    // engine's team has the same order.
    int rank = -1;
    team->engine = engine->team_split(parent->engine, std::get<1>(order.front()), team->rank, &rank);
    if (rank != team->rank)
      pgas::rt::fatal("upccoll_team_split: the %s engine made this thread rank %d of the new team, not %d",
                      engine->name(), rank, team->rank);
  }
  *newteam = team;
  return UPCCOLL_SUCCESS;
}

void upccoll_team_free(upccoll_team_t handle) {
  Team *team = initialized() && handle != UPC_TEAM_ALL ? team_of(handle) : nullptr;
  if (team == nullptr)
    pgas::rt::fatal(
        "upccoll_team_free: %p is not a team of this thread (UPC_TEAM_ALL, freed, or never made by "
        "upccoll_team_split)",
        handle);
  complete_outstanding(team);
  upccoll_barrier(handle, 0, nullptr);
  // The exchanges of its last calls (agreement.hpp): every member sent its words before the barrier.
  if (team->engine != nullptr) {
    settle_agreements(*team);
    chosen_engine()->team_free(team->engine);
  }
  release_blocks(*team, true);
  forget_team(team);
  // The area stays until every member has left the barrier (they may still read this thread's slot).
  for (int m = 0; m < team->size(); ++m) team->store(m, team->departed_at(team->rank), 1);
  g_departing.push_back(team);
  sweep_departed();
}

}  // extern "C"
