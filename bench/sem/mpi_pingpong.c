/* The MPI peers of sem_bench.cpp, on pairs of ranks (2k, 2k+1), per round trip:
 *   send_recv/B        MPI_Send of B bytes to the partner, MPI_Recv of its answer (B = 0 and 8)
 *   put_flush_send/B   MPI_Put of B bytes into the partner's window, MPI_Win_flush, then an MPI_Send of
 *                      0 bytes as the notification; the partner answers the same way
 * Prints "NAME RANKS NS_PER_ROUND_TRIP" (median of --repetitions runs on rank 0's pair). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static int rank, size;

static double median(double *runs, int n) {
  qsort(runs, (size_t)n, sizeof *runs, compare);
  return runs[n / 2];
}

static double send_recv(long rounds, int bytes, char *buffer) {
  const int partner = rank ^ 1;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (long r = 0; r < rounds; ++r) {
    if ((rank & 1) == 0) {
      MPI_Send(buffer, bytes, MPI_BYTE, partner, 0, MPI_COMM_WORLD);
      MPI_Recv(buffer, bytes, MPI_BYTE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buffer, bytes, MPI_BYTE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buffer, bytes, MPI_BYTE, partner, 0, MPI_COMM_WORLD);
    }
  }
  double ns = (MPI_Wtime() - start) * 1e9 / (double)rounds;
  MPI_Barrier(MPI_COMM_WORLD);
  return ns;
}

static double put_flush_send(long rounds, int bytes, const char *source, MPI_Win win) {
  const int partner = rank ^ 1;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (long r = 0; r < rounds; ++r) {
    if ((rank & 1) == 0) {
      MPI_Put(source, bytes, MPI_BYTE, partner, 0, bytes, MPI_BYTE, win);
      MPI_Win_flush(partner, win);
      MPI_Send(NULL, 0, MPI_BYTE, partner, 1, MPI_COMM_WORLD);
      MPI_Recv(NULL, 0, MPI_BYTE, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(NULL, 0, MPI_BYTE, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Put(source, bytes, MPI_BYTE, partner, 0, bytes, MPI_BYTE, win);
      MPI_Win_flush(partner, win);
      MPI_Send(NULL, 0, MPI_BYTE, partner, 1, MPI_COMM_WORLD);
    }
  }
  double ns = (MPI_Wtime() - start) * 1e9 / (double)rounds;
  MPI_Barrier(MPI_COMM_WORLD);
  return ns;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long rounds = 20000;
  int repetitions = 5;
  size_t max_bytes = (size_t)1 << 20;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (strcmp(argv[a], "--rounds") == 0)
      rounds = atol(argv[a + 1]);
    else if (strcmp(argv[a], "--repetitions") == 0)
      repetitions = atoi(argv[a + 1]);
    else if (strcmp(argv[a], "--max-bytes") == 0)
      max_bytes = strtoul(argv[a + 1], NULL, 10);
  }
  if (size % 2 != 0 || repetitions < 1 || repetitions > 64) {
    if (rank == 0)
      fprintf(stderr, "sem_bench_mpi_peer: needs an even number of ranks and 1..64 repetitions\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *buffer = calloc(max_bytes, 1);
  void *window_memory;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)max_bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &window_memory, &win);
  MPI_Win_lock_all(0, win);
  double runs[64];
  for (int bytes = 0; bytes <= 8; bytes += 8) {
    for (int k = 0; k < repetitions; ++k) runs[k] = send_recv(rounds, bytes, buffer);
    if (rank == 0) printf("send_recv/%d %d %.1f\n", bytes, size, median(runs, repetitions));
  }
  for (size_t bytes = 8; bytes <= max_bytes; bytes *= 8) {
    long n = rounds / (1 + (long)(bytes >> 12));
    if (n < 10) n = 10;
    for (int k = 0; k < repetitions; ++k) runs[k] = put_flush_send(n, (int)bytes, buffer, win);
    if (rank == 0) printf("put_flush_send/%zu %d %.1f\n", bytes, size, median(runs, repetitions));
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  free(buffer);
  MPI_Finalize();
  return 0;
}
