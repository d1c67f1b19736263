// Misuse of the cache, one per command-line mode (checked by misuse_test.cpp): the last thread makes the
// mistake, and the job must stop with a "pgas-cache: thread T: error: ..." line and status 70.
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>
#include <string>

using namespace pgas;

namespace {

struct pair_of_ints {
  int a, b;
};

const std::map<std::string, std::function<void(const shared_array<int> &)>> kModes = {
    {"get-before-download",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.hint(1);
       (void)c.get(1);
     }},
    {"get-during-download",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.start_download();
       (void)c.get(1);
     }},
    {"put-in-run",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       const int *all = c.run(0, a.size());
       c.put(1, all[0]);
     }},
    {"put-in-strided-run",  // a put between the run's elements is fine, one at an element is not
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       (void)c.run_strided(0, 3, 2);
       c.put(1, 5);
       c.put(4, 5);
     }},
    {"strided-run-out-of-range",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       (void)c.run_strided(a.size() - 4, 3, 2);  // the third is one past the end
     }},
    {"put-in-kept-run",  // in a later tile than the one that read the run
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       (void)c.run(0, a.size(), run_lifetime::until_close);
       c.upload();
       c.download();
       c.put(1, 5);
     }},
    {"run-out-of-range",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       (void)c.run(a.size() - 1, 2);
     }},
    {"put-after-close",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.close();
       c.put(1, 5);
     }},
    {"c-put-after-close",
     [](const shared_array<int> &a) {
       hpcstpf_handle_t h = hpcstpf_open(a.handle(), 8);
       hpcstpf_close(h);
       int v = 5;
       hpcstpf_put(h, 1, &v);
     }},
    {"unknown-policy",
     [](const shared_array<int> &a) {
       hpcstpf_open_ex(a.handle(), 8, static_cast<hpcstpf_policy_t>(42), PGAS_INT32);
     }},
    {"sum-of-struct",
     [](const shared_array<int> &) {
       global_ptr<pair_of_ints> p(upc_alloc(4 * sizeof(pair_of_ints)));
       cache<pair_of_ints> c(p, 8, write_policy::sum);
     }},
    {"index-out-of-range",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.hint(a.size());
     }},
    {"negative-index",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       volatile long minus_one = -1;  // as a program computes it
       c.hint(minus_one);
     }},
    {"close-with-dirty",
     [](const shared_array<int> &a) {
       cache<int> c(a, 8);
       c.download();
       for (std::size_t i = 0; i < a.size(); ++i) c.put(i, 3);
       c.close();
     }},
    {"zero-chunk", [](const shared_array<int> &a) { cache<int> c(a, 0); }},
};

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2 || !kModes.count(argv[1])) {
    std::fprintf(stderr, "usage: misuse_program MODE\n");
    return 2;
  }
  shared_array<int> a(4 * static_cast<std::size_t>(THREADS) + 2);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) kModes.at(argv[1])(a);
  upc_barrier;
  std::printf("misuse %s was not detected\n", argv[1]);
  return 0;
}
