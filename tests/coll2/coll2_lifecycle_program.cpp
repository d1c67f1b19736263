// The library's life cycle repeated: initialize, split UPC_TEAM_ALL unevenly, a call on each team, free the
// split team, finalize, 200 times (divided by $PGAS_MP_TEST_DIVISOR, set for the runs over TCP).
// upccoll_finalize's meeting (runtime/src/coll2/finalize.cpp) once took a member that had just arrived and
// entered finalize's barrier for one waiting in a barrier instead, and stopped the job (about one run in
// three at 4 ranks under mpirun).
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>

int main() {
  const auto send = upc_alloc(sizeof(int)), recv = upc_alloc(sizeof(int));
  const char *divisor = std::getenv("PGAS_MP_TEST_DIVISOR");
  const int rounds = divisor != nullptr && std::atoi(divisor) > 1 ? 200 / std::atoi(divisor) : 200;
  for (int round = 0; round < rounds; ++round) {
    if (upccoll_initialize(nullptr, nullptr) != UPCCOLL_SUCCESS) return 1;
    upccoll_team_t team = nullptr;
    if (upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 3 == 0, MYTHREAD, &team) != UPCCOLL_SUCCESS) return 2;
    for (upccoll_team_t t : {UPC_TEAM_ALL, team})
      if (upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, t, 0, nullptr) != UPCCOLL_SUCCESS) return 3;
    upccoll_team_free(team);
    if (upccoll_finalize() != UPCCOLL_SUCCESS) return 4;
  }
  if (MYTHREAD == 0) std::puts("coll2 lifecycle: ok");
  return 0;
}
