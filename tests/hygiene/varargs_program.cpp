// Compiled by tests/hygiene/expect_compile.cmake: with PASS_THE_PROXY a shared element goes to printf's
// `...` as it is, which must not compile; without it, its value does.
#include <cstdio>
#include <pgas/upc.hpp>

int main() {
  pgas::shared_array<int> x(static_cast<std::size_t>(THREADS));
#ifdef PASS_THE_PROXY
  std::printf("%d\n", x[0]);
#else
  std::printf("%d\n", int(x[0]));
#endif
  return 0;
}
