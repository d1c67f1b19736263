// What a loop body writes by name: the variables it assigns (also through members, array and container
// elements, non-const methods and non-const reference arguments) and the shared arrays it writes
// element-wise; and the variables of a function whose address escapes it.
#include <clang/AST/ExprCXX.h>

#include <functional>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "call_effects.hpp"

namespace pgas::refactor {

using namespace clang;

void scan_writes(const Stmt *s, std::set<const ValueDecl *> &modified,
                 std::set<const ValueDecl *> &written_arrays) {
  if (!s) return;
  // The variable an lvalue belongs to: a member, array element or container element of it.
  std::function<void(const Expr *)> mark = [&](const Expr *e) {
    e = bare(e);
    if (auto *m = dyn_cast<MemberExpr>(e); m && !m->isArrow()) return mark(m->getBase());
    if (auto *a = dyn_cast<ArraySubscriptExpr>(e); a && bare(a->getBase())->getType()->isArrayType())
      return mark(a->getBase());
    if (auto *op = dyn_cast<CXXOperatorCallExpr>(e);
        op && op->getOperator() == OO_Subscript && !is_shared_type(op->getArg(0)->getType()))
      return mark(op->getArg(0));
    // `&S::m` names a member to point to, not a variable.
    if (const ValueDecl *d = named_decl(e); d && !isa<FieldDecl>(d)) modified.insert(d);
  };
  if (auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) mark(bo->getLHS());
  if (auto *uo = dyn_cast<UnaryOperator>(s);
      uo && (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf))
    mark(uo->getSubExpr());
  if (auto *op = dyn_cast<CXXOperatorCallExpr>(s);
      op &&
      (op->isAssignmentOp() || op->getOperator() == OO_PlusPlus || op->getOperator() == OO_MinusMinus)) {
    mark(op->getArg(0));
    // The element written, A[k] or A[r][c], also when one member of it is (A[k].field(&S::m)).
    const Expr *written = bare(op->getArg(0));
    if (auto *field = dyn_cast<CXXMemberCallExpr>(written);
        field && field->getMethodDecl() && field->getMethodDecl()->getName() == "field")
      written = field->getImplicitObjectArgument();
    const CXXOperatorCallExpr *target = subscript_call(written);
    if (target && subscript_call(target->getArg(0))) target = subscript_call(target->getArg(0));
    if (target)
      if (const ValueDecl *array = named_decl(target->getArg(0))) written_arrays.insert(array);
  }
  // A non-const member function changes its object (a container that grows, say).
  if (auto *mc = dyn_cast<CXXMemberCallExpr>(s))
    if (auto *m = mc->getMethodDecl();
        m && !m->isConst() && !m->isStatic() && !is_shared_type(m->getThisObjectType()))
      mark(mc->getImplicitObjectArgument());
  if (auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *f = call->getDirectCallee())
      for (unsigned k = 0; k < call->getNumArgs() && k < f->getNumParams(); ++k) {
        QualType p = f->getParamDecl(k)->getType();
        if (p->isReferenceType() && !p.getNonReferenceType().isConstQualified()) mark(call->getArg(k));
      }
  for (const Stmt *child : s->children()) scan_writes(child, modified, written_arrays);
}

// Variables of `function` whose address escapes it (taken, bound to a non-const reference, captured by
// reference): a write through a pointer or reference anywhere may change them.
void escaping(const Stmt *s, std::set<const ValueDecl *> &out) {
  if (!s) return;
  if (auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->getOpcode() == UO_AddrOf)
    if (const ValueDecl *d = named_decl(uo->getSubExpr())) out.insert(d);
  if (auto *ds = dyn_cast<DeclStmt>(s))
    for (const Decl *d : ds->decls())
      if (auto *vd = dyn_cast<VarDecl>(d); vd && vd->getType()->isReferenceType() && vd->getInit())
        if (const ValueDecl *target = named_decl(vd->getInit())) out.insert(target);
  if (auto *lambda = dyn_cast<LambdaExpr>(s))
    for (const LambdaCapture &c : lambda->captures())
      if (c.capturesVariable() && c.getCaptureKind() == LCK_ByRef) out.insert(c.getCapturedVar());
  if (auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *f = call->getDirectCallee())
      for (unsigned k = 0; k < call->getNumArgs() && k < f->getNumParams(); ++k) {
        QualType p = f->getParamDecl(k)->getType();
        if (p->isReferenceType() && !p.getNonReferenceType().isConstQualified())
          if (const ValueDecl *d = named_decl(call->getArg(k))) out.insert(d);
      }
  for (const Stmt *child : s->children()) escaping(child, out);
}

}  // namespace pgas::refactor
