// Subscripts of shared arrays of several dimensions, which the dialect holds flat (declarations.cpp):
//   a[i][j]     -> a[((i) * (D1) + (j))]                 an element
//   a[i][j][k]  -> a[(((i) * (D1) + (j)) * (D2) + (k))]
//   a[i]        -> (a + ((i) * (D1)))                    a row, as a pointer-to-shared (C's decay)
// The brackets are edited in place, so that the indices keep their own translations.
#include <clang/AST/Expr.h>

#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {
struct Chain {
  const Expr *root = nullptr;                      // the array's name
  std::vector<const ArraySubscriptExpr *> levels;  // innermost (first index) first
};

Chain chain_of(const ArraySubscriptExpr *e) {
  Chain c;
  const Expr *cur = e;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(cur)) {
    if (s->getBase() != s->getLHS()) return {};  // i[a]: left as C wrote it
    c.levels.insert(c.levels.begin(), s);
    cur = s->getBase()->IgnoreImpCasts();
  }
  c.root = cur;
  return c;
}
}  // namespace

bool Translator::VisitArraySubscriptExpr(ArraySubscriptExpr *e) {
  if (handled_.count(e) || !in_user_file(e->getRBracketLoc())) return true;
  Chain c = chain_of(e);
  const auto *ref = c.root ? dyn_cast<DeclRefExpr>(c.root) : nullptr;
  const auto *array = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (array == nullptr || !is_shared(array->getType())) return true;
  for (const ArraySubscriptExpr *level : c.levels) handled_.insert(level);
  const std::vector<std::string> dims = shared_shape(types_, array->getType(), written_type(array)).dims;
  const std::size_t m = c.levels.size(), n = dims.size();
  if (n < 2) return true;
  // The `[` of each level.
  std::vector<SourceLocation> open;
  for (const ArraySubscriptExpr *level : c.levels) {
    std::optional<SourceLocation> bracket = open_bracket(level);
    if (!bracket) {
      error(level->getRBracketLoc(), "pgas-upcc cannot find this subscript's '[' (written by a macro?)");
      return true;
    }
    open.push_back(*bracket);
  }
  const SourceLocation at = e->getRBracketLoc();
  const bool element = m == n;
  if (!element) wrap(c.root->getSourceRange(), "(", "", at);
  replace(SourceRange(open[0], open[0]),
          element ? "[" + std::string(m, '(') : " + " + std::string(m + 1, '('), at);
  for (std::size_t t = 1; t < m; ++t) {
    replace(SourceRange(c.levels[t - 1]->getRBracketLoc(), c.levels[t - 1]->getRBracketLoc()),
            std::string(t == 1 ? ")" : "))") + " * " + dims[t] + " + (", at);
    replace(SourceRange(open[t], open[t]), "", at);
  }
  std::string rest;
  for (std::size_t t = m; t < n; ++t) rest += (rest.empty() ? "" : " * ") + dims[t];
  replace(SourceRange(at, at), element ? "))]" : std::string(m == 1 ? ")" : "))") + " * " + rest + "))", at);
  return true;
}

}  // namespace pgas::upcc
