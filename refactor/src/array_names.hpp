// The names --array can match in a file: its shared arrays, so that a name that matches none (a typo) is
// reported instead of silently changing nothing.
#pragma once

#include <clang/AST/ASTContext.h>

#include <set>
#include <string>

namespace pgas::refactor {

// The names of the variables, parameters and members of a dialect array type (shared_array,
// shared_array2d, global_ptr, or a type that depends on a template parameter) that the main file declares
// or uses, the rewritten form included (its caches still name the arrays they read).
std::set<std::string> shared_array_names(clang::ASTContext &ctx);

}  // namespace pgas::refactor
