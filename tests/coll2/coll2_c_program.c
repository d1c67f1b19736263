/* pgas/upccoll.h from C: a program in C11 initializes the library, allreduces, alltoalls and splits a team
 * through the C API (buffers named by upccoll_shared_ptr_t), and exits non-zero on a wrong result. */
#include <pgas/upccoll.h>
#include <stdio.h>

static upccoll_shared_ptr_t allocate(int rank, size_t bytes) {
  pgas_layout_t layout = {1, 0, bytes, rank, PGAS_ALLOC_LOCAL, NULL, "coll2_c_program.c"};
  upccoll_shared_ptr_t pointer = {remote_alloc(&layout), rank, 0};
  return pointer;
}

static int *local(upccoll_shared_ptr_t pointer) { return (int *)remote_cast(pointer.handle, pointer.thread); }

int main(int argc, char **argv) {
  int rank = -1, size = 0, wrong = 0, half_rank = -1;
  upccoll_team_t half = UPC_TEAM_ALL;
  if (upccoll_initialize(&argc, &argv) != UPCCOLL_SUCCESS) return 1;
  upccoll_team_rank(UPC_TEAM_ALL, &rank);
  upccoll_team_size(UPC_TEAM_ALL, &size);
  upccoll_shared_ptr_t send = allocate(rank, sizeof(int) * (size_t)size);
  upccoll_shared_ptr_t recv = allocate(rank, sizeof(int) * (size_t)size);
  for (int t = 0; t < size; ++t) local(send)[t] = rank * 100 + t;
  upccoll_handle_t handle = UPCCOLL_INVALID_HANDLE;
  if (upccoll_alltoall(send, 1, UPC_INT, recv, 1, UPC_INT, UPC_TEAM_ALL, UPC_IN_ALLSYNC, &handle) !=
      UPCCOLL_SUCCESS)
    return 1;
  upccoll_wait(handle);
  for (int t = 0; t < size; ++t) wrong += local(recv)[t] != t * 100 + rank;
  if (upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, UPC_ASYNC_FENCE, NULL) !=
      UPCCOLL_SUCCESS)
    return 1;
  upccoll_fence();
  wrong += local(recv)[0] != 100 * size * (size - 1) / 2;
  if (upccoll_team_split(UPC_TEAM_ALL, rank % 2, -rank + size, &half) != UPCCOLL_SUCCESS) return 1;
  upccoll_team_rank(half, &half_rank);
  int above = 0; /* keys order the new ranks: the threads of the same parity above this one come first */
  for (int t = rank + 2; t < size; t += 2) ++above;
  wrong += half_rank != above;
  upccoll_team_free(half);
  if (upccoll_finalize() != UPCCOLL_SUCCESS) return 1;
  if (wrong != 0) fprintf(stderr, "coll2_c_program: thread %d: %d wrong results\n", rank, wrong);
  return wrong != 0;
}
