// Every allocation form of the dialect, once each, for the variable-name test (trace_names_test.cpp).
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  shared_array<int> cells(static_cast<std::size_t>(THREADS) * 4);
  shared_array2d<double> grid(4, static_cast<std::size_t>(THREADS), static_cast<std::size_t>(THREADS));
  shared_var<long> total;
  shared_array<int> explicit_name(8, 1, "histogram");
  global_ptr<void> dynamic_block = upc_all_alloc(static_cast<std::size_t>(THREADS), 16);
  shared_var<global_ptr<int>> published;
  if (MYTHREAD == 0) {
    global_ptr<int> one_thread = upc_global_alloc(static_cast<std::size_t>(THREADS), sizeof(int));
    published = one_thread;
  }
  global_ptr<void> private_block = upc_alloc(16);
  upc_barrier;
  long sum = cells[(MYTHREAD + 1) % (THREADS * 4)] + static_cast<long>(grid[1][0]) + total + explicit_name[3];
  global_ptr<int> one_thread = published;
  sum += one_thread[(MYTHREAD + 1) % THREADS];
  upc_barrier;
  upc_free(private_block);
  if (MYTHREAD == 0) upc_free(dynamic_block);
  return static_cast<int>(sum);
}
