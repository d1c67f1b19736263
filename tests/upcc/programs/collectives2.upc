/* UPC Collectives 2.0 (<upccoll.h>) from UPC: the team of all threads has rank MYTHREAD and size THREADS;
 * a broadcast gives every member the root's send buffer; an allreduce combines every member's elements
 * position by position; an allgather puts member r's elements at position r * count of every receive
 * buffer; a split team orders its members by key (then by parent rank), here the reverse of thread order,
 * within each colour; a call with a handle completes at upccoll_wait; a user operation combines like a
 * predefined one. Buffers are shared, contiguous from the pointer and with affinity to the caller. */
#include <upc.h>
#include <upccoll.h>
#include <stdio.h>

#define N 4
shared [N] int send[N * THREADS];
shared [N] int recv[N * THREADS];

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}

static void larger(void *in, void *inout, size_t len, upccoll_dtype_t type) {
  int *a = in, *b = inout;
  for (size_t i = 0; i < len; ++i)
    if (a[i] > b[i]) b[i] = a[i];
  (void)type;
}

int main(int argc, char **argv) {
  const int me = MYTHREAD, root = THREADS - 1;
  int rank = -1, size = -1;
  check("initialize", upccoll_initialize(&argc, &argv), UPCCOLL_SUCCESS);
  upccoll_team_rank(UPC_TEAM_ALL, &rank);
  upccoll_team_size(UPC_TEAM_ALL, &size);
  check("rank in UPC_TEAM_ALL", rank, me);
  check("size of UPC_TEAM_ALL", size, THREADS);

  shared [N] int *mine = &send[me * N], *out = &recv[me * N];
  for (int k = 0; k < N; ++k) send[me * N + k] = 100 * me + k;
  upccoll_bcast(mine, N, UPC_INT, out, N, UPC_INT, root, UPC_TEAM_ALL, 0, NULL);
  for (int k = 0; k < N; ++k) check("bcast", recv[me * N + k], 100 * root + k);

  upccoll_allreduce(mine, out, N, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, NULL);
  for (int k = 0; k < N; ++k) check("allreduce add", recv[me * N + k], 100 * THREADS * (THREADS - 1) / 2 + THREADS * k);

  upccoll_op_t op;
  upccoll_op_create(larger, 1, &op);
  upccoll_allreduce(mine, out, N, UPC_INT, op, UPC_TEAM_ALL, 0, NULL);
  for (int k = 0; k < N; ++k) check("allreduce with a user operation", recv[me * N + k], 100 * root + k);
  upccoll_op_free(op);

  shared [] int *gathered = upc_alloc(THREADS * sizeof(int));
  send[me * N] = me * me;
  upccoll_handle_t handle = UPCCOLL_INVALID_HANDLE;
  upccoll_allgather(mine, 1, UPC_INT, gathered, 1, UPC_INT, UPC_TEAM_ALL, 0, &handle);
  upccoll_wait(handle);
  for (int t = 0; t < THREADS; ++t) check("allgather with a handle", gathered[t], t * t);

  /* Colour: parity of the thread; key: THREADS - MYTHREAD, so ranks run against thread order. */
  upccoll_team_t half;
  upccoll_team_split(UPC_TEAM_ALL, me % 2, THREADS - me, &half);
  upccoll_team_rank(half, &rank);
  upccoll_team_size(half, &size);
  check("split size", size, (THREADS - me % 2 + 1) / 2);
  check("split rank", rank, (THREADS - 1 - me) / 2);
  upccoll_allreduce(mine, out, 1, UPC_INT, UPC_ADD, half, 0, NULL);
  long sum = 0;
  for (int t = me % 2; t < THREADS; t += 2) sum += t * t;
  check("allreduce in the split team", recv[me * N], sum);
  upccoll_team_free(half);

  check("finalize", upccoll_finalize(), UPCCOLL_SUCCESS);
  upc_barrier;
  upc_free(gathered);
  if (MYTHREAD == 0) printf("collectives2: %s\n", failures ? "wrong" : "ok");
  return 0;
}
