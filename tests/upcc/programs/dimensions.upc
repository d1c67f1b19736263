/* Shared arrays of several dimensions (UPC 1.3 §6.5.2 with C's row-major order): element [i][j][k] of a
 * shared [B] T a[X][Y][Z] is element (i * Y + j) * Z + k of the layout, on thread floor of that over B,
 * mod THREADS; a row a[i] is a pointer-to-shared to a[i][0] (C's decay), usable with upc_memget. */
#include <upc.h>
#include <stdio.h>

#define X 3
#define Y 4
#define B 5

shared [B] int cube[X][Y][2 * THREADS];
shared [Y] double grid[X][Y];

int main(void) {
  int i, j, k, wrong = 0;
  const int z = 2 * THREADS;
  double row[Y];
  for (i = 0; i < X; i++)
    for (j = 0; j < Y; j++)
      for (k = 0; k < z; k++) {
        int flat = (i * Y + j) * z + k;
        wrong += (int)upc_threadof(&cube[i][j][k]) != (flat / B) % THREADS;
        wrong += (int)upc_phaseof(&cube[i][j][k]) != flat % B;
      }
  upc_forall (i = 0; i < X; i++; &grid[i][0])
    for (j = 0; j < Y; j++) grid[i][j] = i * 10 + j;
  upc_barrier;
  for (i = 0; i < X; i++) {
    shared [Y] double *r = grid[i];
    wrong += r != &grid[i][0];
    upc_memget(row, grid[i], sizeof row);
    for (j = 0; j < Y; j++) wrong += row[j] != i * 10 + j || r[j] != i * 10 + j;
  }
  wrong += sizeof(cube) != X * Y * z * sizeof(int) || sizeof(grid[1]) != Y * sizeof(double);
  upc_barrier;
  if (wrong) printf("FAIL thread %d: %d\n", MYTHREAD, wrong);
  upc_barrier;
  if (MYTHREAD == 0) printf("dimensions: %s\n", wrong ? "wrong" : "ok");
  return 0;
}
