// Whether two expressions are the same expression: the same shape once parentheses, implicit conversions
// and temporaries are set aside, naming the same declarations and holding the same literal values. Operands
// of a built-in commutative operator (+ * & | ^ == !=) may be in either order. Two spellings of one
// expression (`x[i]` and `x[(i)]`, `a[i + 1]` and `a[1 + i]`, a macro and its expansion) are the same; two
// alike spellings naming different variables (a body's own `i` that shadows the loop's) are not.
//
// The answer is conservative: an expression form it does not know compares equal only if Clang's profile of
// the two (Stmt::Profile) is the same, and a "no" only ever costs a rewrite, never its correctness.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace pgas::refactor {

// Null is the same as null only.
bool same_expression(const clang::Expr *a, const clang::Expr *b, const clang::ASTContext &ctx);

}  // namespace pgas::refactor
