// Every thread reads the whole of a cyclic shared array through the software cache (pgas::cache), hinted
// and downloaded in one step, and checks each element: exit status 1 if any is wrong.
#include <cstdio>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const long n = 4096;
  shared_array<long> a(n, 1, "a");
  upc_forall(long i = 0, i < n, i++, &a[i]) { a[i] = 3 * i + 1; }
  upc_barrier;
  long wrong = 0;
  {
    pgas::cache<long> c(a, n);
    for (long i = 0; i < n; ++i) c.hint(i);
    c.download();
    for (long i = 0; i < n; ++i) wrong += c.get(i) != 3 * i + 1;
    c.close();
  }
  std::printf("gather: thread %d of %d, %ld wrong\n", MYTHREAD, THREADS, wrong);
  return wrong == 0 ? 0 : 1;
}
