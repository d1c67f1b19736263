// UPCCOLL_ERROR_MALLOC, run with a 64 MiB segment per thread (pgasrun --segment-size 64MiB, or
// PGAS_SEGMENT_SIZE under mpirun), whose heap for objects of one thread is 16 MiB: an allreduce of a 10 MiB
// buffer in place cannot get the shared memory to stage its 10 MiB on any thread, so every thread is
// refused, initiates nothing and the team still agrees; once the buffer is freed, a 4 MiB allreduce has the
// room and sums right. Prints "coll2 malloc: ok" when every thread passed.
#include <cstdio>
#include <pgas/upc.hpp>

namespace {

int failures = 0;

void expect(bool ok, const char *what, int code) {
  if (ok) return;
  std::fprintf(stderr, "thread %d: %s (code %d)\n", MYTHREAD, what, code);
  ++failures;
}

// An in-place allreduce (UPC_ADD) of `count` ints, each thread's all ones.
int allreduce_ones(std::size_t count, int *sum) {
  const auto buffer = upc_alloc(count * sizeof(int));
  int *ints = static_cast<int *>(buffer.local());
  for (std::size_t i = 0; i < count; ++i) ints[i] = 1;
  const int code = upccoll_allreduce(buffer, buffer, count, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
  *sum = ints[count - 1];
  upc_free(buffer);
  return code;
}

}  // namespace

int main(int argc, char **argv) {
  upccoll_initialize(&argc, &argv);
  int sum = 0;
  int code = allreduce_ones((std::size_t{10} << 20) / sizeof(int), &sum);
  expect(code == UPCCOLL_ERROR_MALLOC, "10 MiB in a 16 MiB heap: not UPCCOLL_ERROR_MALLOC", code);
  code = allreduce_ones(1, &sum);
  expect(code == UPCCOLL_SUCCESS && sum == THREADS, "one int after the refusal", code);
  code = allreduce_ones((std::size_t{4} << 20) / sizeof(int), &sum);
  expect(code == UPCCOLL_SUCCESS && sum == THREADS, "4 MiB once the room is there", code);
  // Every thread's failures, so that "ok" means all of them passed.
  const auto mine = upc_alloc(sizeof(int)), all = upc_alloc(sizeof(int));
  *static_cast<int *>(mine.local()) = failures;
  code = upccoll_allreduce(mine, all, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
  const int total = code == UPCCOLL_SUCCESS ? *static_cast<int *>(all.local()) : 1;
  upccoll_finalize();
  if (total == 0 && MYTHREAD == 0) std::printf("coll2 malloc: ok\n");
  return total == 0 ? 0 : 1;
}
