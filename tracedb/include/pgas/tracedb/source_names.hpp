// Recovering a shared variable's name from the source line that allocated it (Cong et al., section 3.1:
// "simple parsing of the source line suffices to recover the UPC variable associated with the allocation").
// Pure string parsing: no compiler, no LLVM.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pgas::tracedb {

// The variable that `line` allocates, in the dialect's forms:
//   declarations    shared_array<int> D(n);   pgas::shared_array<double, pgas::strict> grid(n * n, n,
//   nullptr);
//                   shared_array2d<float> A(rows, cols, cols);   static shared_var<long> counter;
//                   shared_var<int> f{};
//   assignments     global_ptr<int> y = upc_all_alloc(...);   y = upc_all_alloc(...);   auto p =
//   upc_global_alloc(...);
//                   this->buf = upc_alloc(64);   data_[k] = upc_alloc(...);   (the name is the assigned
//                   member or array)
//   init lists      : table_(n, 1, nullptr)   or   Table(int n) : table_(n) {}
// Leading whitespace, comments and nested template arguments are fine. A line with several candidates (two
// declarators, two initializers) is ambiguous unless `column` (1-based, as in debug info; 0 = unknown) falls
// in one of them. Anything else gives nullopt: the function never guesses.
std::optional<std::string> variable_name_from_line(std::string_view line, int column = 0);

// How readers show a variable without a name: "<anonymous at file:line>".
std::string anonymous_variable_name(std::string_view file, long line);

}  // namespace pgas::tracedb
