// Accesses C makes that C++ reads otherwise. Strict accesses: the dialect's global_ptr carries no
// consistency, and a shared object declared by name with an unqualified type is a relaxed shared_var or
// shared_array, because #pragma upc decides an unqualified access's consistency where the access is, not
// where the object is declared. So each access the specification makes strict without the object's type
// saying so is marked where it happens: the lvalue read, written or incremented through a pointer whose
// referenced type is strict, or of an unqualified shared type under #pragma upc strict (UPC 1.3 §6.5.1.1,
// §6.7.1):
//   *flag = 1;  ->  ::pgas_upcc::strict(*flag) = 1;
// And the assignment of a volatile struct, which C allows and C++ does not declare:
//   v = s;  ->  ::pgas_upcc::assign_volatile(v, s);
#include <clang/AST/Expr.h>

#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {
// Whether the lvalue is reached through a pointer (*p, p[i], p->m, and members and rows of those), not by an
// object's name, whose dialect type knows its consistency.
bool through_pointer(const Expr *e) {
  e = e->IgnoreParens();
  if (const auto *u = dyn_cast<UnaryOperator>(e)) return u->getOpcode() == UO_Deref;
  if (const auto *s = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr *base = s->getBase()->IgnoreParenImpCasts();
    return base->getType()->isArrayType() ? through_pointer(base) : true;
  }
  if (const auto *m = dyn_cast<MemberExpr>(e)) return m->isArrow() || through_pointer(m->getBase());
  return false;
}
}  // namespace

void Translator::translate_access(const Expr *lvalue) {
  if (!in_user_file(lvalue->getExprLoc())) return;
  QualType t = lvalue->getType();
  if (!is_shared(t) || t->isArrayType()) return;
  const SharedLevel level = shared_level(t);
  // A strict-qualified object by name is a strict shared_var or shared_array already.
  if (level.consistency == Consistency::Strict && !through_pointer(lvalue)) return;
  if (strict_at(level, lvalue->getExprLoc()))
    wrap(lvalue->getSourceRange(), "::pgas_upcc::strict(", ")", lvalue->getExprLoc());
}

bool Translator::VisitBinaryOperator(BinaryOperator *e) {
  if (!e->isAssignmentOp()) return true;
  QualType to = e->getLHS()->getType();
  if (e->getOpcode() == BO_Assign && to->isRecordType() && to.isVolatileQualified() && !is_shared(to) &&
      in_user_file(e->getOperatorLoc())) {
    wrap(e->getSourceRange(), "::pgas_upcc::assign_volatile(", ")", e->getOperatorLoc());
    replace(SourceRange(e->getOperatorLoc(), e->getOperatorLoc()), ",", e->getOperatorLoc());
  }
  translate_access(e->getLHS());
  return true;
}

}  // namespace pgas::upcc
