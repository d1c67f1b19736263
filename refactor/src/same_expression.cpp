#include "same_expression.hpp"

#include <clang/AST/ExprCXX.h>
#include <llvm/ADT/APSInt.h>
#include <llvm/ADT/FoldingSet.h>

#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The expression without what does not change which value or element it names: parentheses, implicit
// conversions, temporaries and calls of conversion operators (a proxy's `operator T`, `A[k]` read as a T).
const Expr *core(const Expr *e) {
  while (true) {
    const Expr *next = bare(e)->IgnoreConversionOperatorSingleStep();
    if (next == e) return e;
    e = next;
  }
}

bool same_decl(const Decl *a, const Decl *b) {
  return a && b && a->getCanonicalDecl() == b->getCanonicalDecl();
}

// Clang's own structural identity: every node, literal and declaration, parentheses and casts included.
bool same_profile(const Stmt *a, const Stmt *b, const ASTContext &ctx) {
  llvm::FoldingSetNodeID in_a, in_b;
  a->Profile(in_a, ctx, /*Canonical=*/true);
  b->Profile(in_b, ctx, /*Canonical=*/true);
  return in_a == in_b;
}

bool same_children(const Stmt *a, const Stmt *b, const ASTContext &ctx) {
  auto ca = a->children(), cb = b->children();
  auto ia = ca.begin(), ib = cb.begin();
  for (; ia != ca.end() && ib != cb.end(); ++ia, ++ib) {
    const Stmt *x = *ia, *y = *ib;
    if (!x || !y) {
      if (x != y) return false;
    } else if (isa<Expr>(x) && isa<Expr>(y)) {
      if (!same_expression(cast<Expr>(x), cast<Expr>(y), ctx)) return false;
    } else if (!same_profile(x, y, ctx)) {
      return false;
    }
  }
  return ia == ca.end() && ib == cb.end();
}

bool commutative(BinaryOperatorKind op) {
  return op == BO_Add || op == BO_Mul || op == BO_And || op == BO_Or || op == BO_Xor || op == BO_EQ ||
         op == BO_NE;
}

// The node's own data (operator, declaration, literal value, written type) and its children.
bool same_node(const Expr *a, const Expr *b, const ASTContext &ctx) {
  if (auto *x = dyn_cast<DeclRefExpr>(a)) return same_decl(x->getDecl(), cast<DeclRefExpr>(b)->getDecl());
  if (auto *x = dyn_cast<IntegerLiteral>(a))
    return llvm::APInt::isSameValue(x->getValue(), cast<IntegerLiteral>(b)->getValue());
  if (auto *x = dyn_cast<FloatingLiteral>(a))
    return x->getValue().bitwiseIsEqual(cast<FloatingLiteral>(b)->getValue());
  if (auto *x = dyn_cast<CharacterLiteral>(a)) return x->getValue() == cast<CharacterLiteral>(b)->getValue();
  if (auto *x = dyn_cast<CXXBoolLiteralExpr>(a))
    return x->getValue() == cast<CXXBoolLiteralExpr>(b)->getValue();
  if (isa<CXXNullPtrLiteralExpr>(a) || isa<CXXThisExpr>(a)) return true;
  if (auto *x = dyn_cast<BinaryOperator>(a)) {
    auto *y = cast<BinaryOperator>(b);
    if (x->getOpcode() != y->getOpcode()) return false;
    if (same_expression(x->getLHS(), y->getLHS(), ctx) && same_expression(x->getRHS(), y->getRHS(), ctx))
      return true;
    return !isa<CompoundAssignOperator>(x) && commutative(x->getOpcode()) &&
           same_expression(x->getLHS(), y->getRHS(), ctx) && same_expression(x->getRHS(), y->getLHS(), ctx);
  }
  if (auto *x = dyn_cast<UnaryOperator>(a))
    return x->getOpcode() == cast<UnaryOperator>(b)->getOpcode() && same_children(a, b, ctx);
  if (auto *x = dyn_cast<CXXOperatorCallExpr>(a))
    return x->getOperator() == cast<CXXOperatorCallExpr>(b)->getOperator() && same_children(a, b, ctx);
  if (auto *x = dyn_cast<MemberExpr>(a)) {
    auto *y = cast<MemberExpr>(b);
    return x->isArrow() == y->isArrow() && same_decl(x->getMemberDecl(), y->getMemberDecl()) &&
           same_expression(x->getBase(), y->getBase(), ctx);
  }
  if (auto *x = dyn_cast<ExplicitCastExpr>(a))
    return x->getCastKind() == cast<ExplicitCastExpr>(b)->getCastKind() && same_children(a, b, ctx);
  if (auto *x = dyn_cast<UnaryExprOrTypeTraitExpr>(a)) {
    auto *y = cast<UnaryExprOrTypeTraitExpr>(b);
    if (x->getKind() != y->getKind() || x->isArgumentType() != y->isArgumentType()) return false;
    return x->isArgumentType() ? ctx.hasSameType(x->getArgumentType(), y->getArgumentType())
                               : same_expression(x->getArgumentExpr(), y->getArgumentExpr(), ctx);
  }
  if (auto *x = dyn_cast<CXXConstructExpr>(a))
    return same_decl(x->getConstructor(), cast<CXXConstructExpr>(b)->getConstructor()) &&
           same_children(a, b, ctx);
  // Nodes whose data is their children and their type.
  if (isa<CallExpr>(a) || isa<ArraySubscriptExpr>(a) || isa<ConditionalOperator>(a) || isa<InitListExpr>(a) ||
      isa<ParenListExpr>(a))
    return same_children(a, b, ctx);
  return same_profile(a, b, ctx);
}

}  // namespace

bool same_expression(const Expr *a, const Expr *b, const ASTContext &ctx) {
  if (!a || !b) return a == b;
  a = core(a);
  b = core(b);
  if (a == b) return true;
  if (a->getStmtClass() != b->getStmtClass() || !ctx.hasSameType(a->getType(), b->getType())) return false;
  return same_node(a, b, ctx);
}

}  // namespace pgas::refactor
