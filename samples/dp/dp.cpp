// dp: the dot-product loop of Cong et al., section 4.3: x[i] = x[i] * y[2i], with x of n elements and y of
// 2n, both with the default (cyclic) distribution. Most y accesses are remote. Verified against a
// sequential computation.
#include <pgas/upc.hpp>

#include "dp_common.hpp"

using namespace pgas;

int dp(int n, global_ptr<int> x, global_ptr<int> y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[i * 2]; }
  return 0;
}

int main(int argc, char **argv) {
  return dp_sample::run("dp", "x[i] = x[i] * y[2i] over shared arrays x (N elements) and y (2N), both cyclic",
                        argc, argv, [](dp_sample::Arrays &arrays, long repeat) {
                          for (long r = 0; r < repeat; ++r) {
                            dp(static_cast<int>(arrays.x.size()), arrays.x, arrays.y);
                            upc_barrier;
                          }
                        });
}
