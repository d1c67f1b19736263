// Which affinity expressions the rewrite can walk by layout instead of testing at every iteration.
#include <clang/AST/ExprCXX.h>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

bool mentions(const Stmt *s, const ValueDecl *v) {
  std::set<const ValueDecl *> named;
  collect_refs(s, named);
  return named.count(v) != 0;
}

bool unit_in(const Expr *e, const ValueDecl *v) {
  e = bare(e);
  if (named_decl(e) == v) return true;
  auto *bo = dyn_cast<BinaryOperator>(e);
  if (!bo) return false;
  if (bo->getOpcode() == BO_Add)
    return (unit_in(bo->getLHS(), v) && !mentions(bo->getRHS(), v)) ||
           (unit_in(bo->getRHS(), v) && !mentions(bo->getLHS(), v));
  return bo->getOpcode() == BO_Sub && unit_in(bo->getLHS(), v) && !mentions(bo->getRHS(), v);
}

bool affine_in(const Expr *e, const ValueDecl *v) {
  e = bare(e);
  if (named_decl(e) == v) return true;
  auto *bo = dyn_cast<BinaryOperator>(e);
  if (!bo) return false;
  const Expr *l = bo->getLHS(), *r = bo->getRHS();
  const auto positive = [](const Expr *x) {
    auto *literal = dyn_cast<IntegerLiteral>(bare(x));
    return literal && literal->getValue().getBoolValue();
  };
  switch (bo->getOpcode()) {
    case BO_Add:
      return (affine_in(l, v) && !mentions(r, v)) || (affine_in(r, v) && !mentions(l, v));
    case BO_Sub:
      return affine_in(l, v) && !mentions(r, v);
    case BO_Mul:
      return (affine_in(l, v) && positive(r)) || (affine_in(r, v) && positive(l));
    default:
      return false;
  }
}

bool affinity_walks(const LoopModel &m) {
  if (!m.declares_var || m.stride != "1" || !m.affinity_expr) return false;
  const Expr *affinity = bare(m.affinity_expr);
  if (affinity->getType()->isIntegerType()) return unit_in(affinity, m.var);
  const std::optional<AffinityElement> element = affinity_element(affinity);
  if (!element || !unit_in(element->index, m.var)) return false;
  // The array (a row of a 2-D array, `A[r]`) must not move with the variable.
  return !mentions(element->array, m.var);
}

}  // namespace pgas::refactor
