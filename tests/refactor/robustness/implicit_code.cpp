// Implicit and generated code around cached accesses: `auto` and narrow iteration variables, default member
// initializers, implicit conversions and constructors, `if constexpr`, requires-expressions, coroutine-free
// generic code, variable templates, macros for bounds and indices, loops with empty clauses in the body.
#include <array>
#include <pgas/upc.hpp>
#include <type_traits>

using namespace pgas;

#define N 100
#define AT(a, k) a[k]

template <class T>
constexpr T scale = T(3);

struct Offsets {
  int first = 1;
  int second{2};
  operator int() const { return first + second; }
};

template <class T>
concept Small = sizeof(T) <= 4;

int main() {
  const int n = N;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(auto i = 0, i < N, i++, &B[i]) { B[i] = A[(i * scale<int>) % N]; }
  upc_forall(unsigned char c = 0, c < 90, c++, &B[c]) { B[c] = A[c + 1]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    Offsets o;
    B[i] = A[(i + o) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    if constexpr (Small<int>) B[i] = A[(i + 4) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    constexpr bool ok = requires { sizeof(int); };
    B[i] = A[(i + (ok ? 1 : 2)) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = AT(A, (i + 9) % n); }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    std::array<int, 3> w{};
    for (;;) {
      w[0] = 1;
      break;
    }
    B[i] = A[(i + w[0]) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto k = std::is_same_v<decltype(i), int> ? i : 0;
    B[i] = A[(k + 2) % n];
  }
  upc_forall(long i = 0, i < n, i++, &B[i]) { B[i] = A[(i + sizeof(Offsets)) % n]; }
  upc_forall(int i = n - 1, i < n, i++, i) { B[i] = A[0]; }
  return 0;
}
