// variable_name_from_line: the dialect's allocating lines give their variable; anything else gives nothing.
#include "pgas/tracedb/source_names.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace pgas::tracedb {
namespace {

struct Case {
  const char *line;
  std::optional<std::string> name;  // nullopt: no recognizable form
  int column = 0;
};

void PrintTo(const Case &c, std::ostream *os) { *os << '"' << c.line << "\" (column " << c.column << ")"; }

class VariableNameFromLine : public ::testing::TestWithParam<Case> {};

TEST_P(VariableNameFromLine, Recognizes) {
  const Case &c = GetParam();
  EXPECT_EQ(variable_name_from_line(c.line, c.column), c.name);
}

INSTANTIATE_TEST_SUITE_P(
    Declarations, VariableNameFromLine,
    ::testing::Values(Case{"shared_array<int> D(n);", "D"},
                      Case{"pgas::shared_array<double, pgas::strict> grid(n * n, n, nullptr);", "grid"},
                      Case{"shared_array2d<float> A(rows, cols, cols);", "A"},
                      Case{"static shared_var<long> counter;", "counter"},
                      Case{"shared_var<int> flag{};", "flag"},
                      Case{"    shared_array<int> P(n);   // parents", "P"},
                      Case{"\tconst pgas::shared_array<long> El(2 * m, 1, nullptr); /* edges */", "El"},
                      Case{"shared_array<std::array<std::pair<int, int>, 4>> tiles(n);", "tiles"},
                      Case{"::pgas::shared_array2d<double, ::pgas::strict> grid2{rows, cols};", "grid2"},
                      Case{"shared_array<int> table_{n};", "table_"},
                      Case{"shared_array<int> D(n,", "D"},  // arguments continue on the next line
                      Case{"shared_array<Point> pts(n, pgas::indefinite);", "pts"},
                      Case{"shared_array<int> A(n), B(n);", "B", 25}));

INSTANTIATE_TEST_SUITE_P(
    Assignments, VariableNameFromLine,
    ::testing::Values(Case{"global_ptr<int> y = upc_all_alloc(THREADS, n * sizeof(int));", "y"},
                      Case{"y = upc_all_alloc(THREADS, n * sizeof(int));", "y"},
                      Case{"auto p = upc_global_alloc(THREADS, sizeof(long));", "p"},
                      Case{"this->buf = upc_alloc(64);", "buf"},
                      Case{"data_[k] = upc_alloc(sizeof(double) * len);", "data_"},
                      Case{"  pgas::global_ptr<double> z = (pgas::global_ptr<double>)upc_alloc(8);", "z"},
                      Case{"if (MYTHREAD == 0) q = upc_global_alloc(THREADS, 4);", "q"},
                      Case{"rows[i][j] = upc_alloc(16);", "rows"},
                      Case{"obj.slots->head = upc_alloc(16);", "head"},
                      Case{"auto arr = std::make_unique<pgas::shared_array<int>>(n);", "arr"},
                      Case{"D = shared_array<int>(n);", "D"}, Case{"case 1: tmp = upc_alloc(n);", "tmp"},
                      Case{"for (int i = 0; i < k; ++i) bufs[i] = upc_alloc(64);", "bufs"}));

INSTANTIATE_TEST_SUITE_P(InitLists, VariableNameFromLine,
                         ::testing::Values(Case{": table_(n, 1, nullptr)", "table_"},
                                           Case{"    : table_(n, 1, nullptr) {}", "table_"},
                                           Case{"      , counts_(n * THREADS)", "counts_"},
                                           Case{"  explicit Table(std::size_t n) : table_(n, 1, nullptr) {}",
                                                "table_"},
                                           Case{"Grid(int r, int c) noexcept : cells_{r * c} {", "cells_"},
                                           Case{": n_(n), table_(n, 1, nullptr) {}", "table_", 14},
                                           Case{": n_(n), table_(n, 1, nullptr) {}", "n_", 5}));

INSTANTIATE_TEST_SUITE_P(
    NotAllocations, VariableNameFromLine,
    ::testing::Values(Case{"", std::nullopt}, Case{"   // shared_array<int> D(n);", std::nullopt},
                      Case{"    n);", std::nullopt}, Case{"upc_all_alloc(THREADS, 4);", std::nullopt},
                      Case{"return upc_alloc(n);", std::nullopt}, Case{"x[i] = y[j] + 1;", std::nullopt},
                      Case{"shared_array<int> *p;", std::nullopt},
                      Case{"const shared_array<int> &ref = arrays[0];", std::nullopt},
                      Case{"std::string s = \"shared_array<int> D(n);\";", std::nullopt},
                      Case{"#define ALLOC(x) x = upc_alloc(8)", std::nullopt},
                      Case{"auto make = [&] { return upc_alloc(8); };", std::nullopt},
                      Case{"shared_array<int> make_table(int n) { return shared_array<int>(n); }",
                           std::nullopt},
                      Case{"shared_array<int> A(n), B(n);", std::nullopt},  // ambiguous without a column
                      Case{": n_(n), table_(n, 1, nullptr) {}", std::nullopt},
                      Case{"shared_array<int> D(n); shared_array<int> E(n);", std::nullopt},
                      Case{"    , upc_alloc(n));", std::nullopt}, Case{"IntArray D(n);", std::nullopt},
                      Case{"upc_forall(int i = 0, i < n, i++, &D[i]) D[i] = i;", std::nullopt},
                      Case{"x += upc_alloc_count;", std::nullopt}, Case{"total += D[i];", std::nullopt}));

TEST(AnonymousVariableName, NamesTheAllocatingLine) {
  EXPECT_EQ(anonymous_variable_name("cc.cpp", 42), "<anonymous at cc.cpp:42>");
}

}  // namespace
}  // namespace pgas::tracedb
