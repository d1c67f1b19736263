// The transitive effects of calls (see call_effects.hpp). A function's body is scanned once for what it
// writes, which shared memory it touches, whether it synchronizes and whether it may trap; the calls it makes
// are followed to kMaxDepth. Anything not seen is assumed: a body that is not visible may do anything, and a
// library function (declared in a system header) without a visible body keeps hidden state and writes
// through its pointer arguments, but never synchronizes or touches shared memory (it cannot name the
// runtime), unless a callable is passed to it.
#include "call_effects.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <functional>

#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

void Effects::merge(const Effects &o) {
  for (auto [mine, theirs] : {std::pair{&opaque, &o.opaque},
                              {&sync, &o.sync},
                              {&shared, &o.shared},
                              {&writes, &o.writes},
                              {&state, &o.state},
                              {&traps, &o.traps}})
    if (mine->empty()) *mine = *theirs;
  shared_names.insert(o.shared_names.begin(), o.shared_names.end());
  written.insert(o.written.begin(), o.written.end());
  written_types.insert(o.written_types.begin(), o.written_types.end());
}

namespace {

const CXXRecordDecl *class_of(QualType t) {
  return t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
}

bool in_pgas(const Decl *d) {
  for (const DeclContext *c = d->getDeclContext(); c; c = c->getParent())
    if (auto *ns = dyn_cast<NamespaceDecl>(c);
        ns && ns->getName() == "pgas" && isa<TranslationUnitDecl>(ns->getParent()))
      return true;
  return false;
}

// A class of the dialect whose members read or write shared elements.
bool is_shared_class(const CXXRecordDecl *r) {
  static const std::set<std::string> names = {"shared_array", "shared_array2d", "row",
                                              "shared_var",   "shared_ref",     "global_ptr"};
  return r && in_pgas(r) && names.count(r->getNameAsString());
}

// Where the runtime's C interface lives (remote_get, pgas_barrier, ...): calls into it synchronize or
// access shared memory.
bool is_runtime_c_function(const FunctionDecl *f, const SourceManager &sm) {
  if (f->getName().startswith("upc_")) return true;
  const std::string file = sm.getFilename(sm.getSpellingLoc(f->getLocation())).str();
  return (file.find("/pgas/") != std::string::npos || file.find("/pgas-upcc/") != std::string::npos) &&
         !in_pgas(f);
}

bool nonzero_constant(const Expr *e, const ASTContext &ctx) {
  Expr::EvalResult r;
  return !e->isValueDependent() && e->EvaluateAsInt(r, ctx) && r.Val.getInt() != 0;
}

// The standard library's throw helpers (std::__throw_out_of_range_fmt, ...): they never return and only
// throw. Other functions that never return (exit, abort) end the program and are not among them.
bool is_throw_helper(const FunctionDecl *f) {
  return f->isNoReturn() && f->isInStdNamespace() && f->getIdentifier() &&
         f->getName().starts_with("__throw_");
}

// Whether an argument is something a callee may call back.
bool is_callable(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isFunctionPointerType() || t->isMemberFunctionPointerType() || t->isFunctionType()) return true;
  const CXXRecordDecl *r = t->getAsCXXRecordDecl();
  if (!r || !r->hasDefinition()) return false;
  if (r->isLambda()) return true;
  for (const CXXMethodDecl *m : r->methods())
    if (m->getOverloadedOperator() == OO_Call) return true;
  return false;
}

std::string name_of(const FunctionDecl *f) {
  if (auto *m = dyn_cast<CXXMethodDecl>(f); m && m->getParent()->isLambda()) return "the lambda";
  return "'" + f->getQualifiedNameAsString() + "'";
}

}  // namespace

bool is_shared_type(QualType t) { return is_shared_class(class_of(t)); }

// Strict when a pgas class (or one it is nested in) has the template argument pgas::strict. That argument
// is found by its type: shared_array<T, 17, strict> has a blocking factor before it.
bool is_strict_class(const CXXRecordDecl *r) {
  for (; r; r = dyn_cast<CXXRecordDecl>(r->getParent())) {
    auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(r);
    if (!spec || !in_pgas(spec)) continue;
    for (const TemplateArgument &arg : spec->getTemplateArgs().asArray()) {
      if (arg.getKind() != TemplateArgument::Integral) continue;
      auto *mode = arg.getIntegralType()->getAs<EnumType>();
      if (mode && mode->getDecl()->getName() == "consistency") return arg.getAsIntegral() != 0;
    }
  }
  return false;
}

bool may_change(QualType written, QualType t, const ASTContext &ctx) {
  written = ctx.getCanonicalType(written.getUnqualifiedType());
  t = ctx.getCanonicalType(t.getNonReferenceType().getUnqualifiedType());
  if (written->isVoidType() || written->isCharType() || written->isStdByteType() ||
      written->isDependentType() || t->isDependentType())
    return true;
  if (written == t) return true;
  if (written->isIntegerType() && t->isIntegerType() && ctx.getTypeSize(written) == ctx.getTypeSize(t))
    return true;
  if (auto *array = dyn_cast<ConstantArrayType>(t.getTypePtr()))
    return may_change(written, array->getElementType(), ctx);
  const CXXRecordDecl *r = t->getAsCXXRecordDecl();
  if (!r || !r->hasDefinition()) return false;
  for (const FieldDecl *field : r->fields())
    if (may_change(written, field->getType(), ctx)) return true;
  for (const CXXBaseSpecifier &base : r->bases())
    if (may_change(written, base.getType(), ctx)) return true;
  return false;
}

// An operator of a shared class written outside it (global_ptr's and shared_array's friend `+` and `-`):
// pointer arithmetic, which computes.
bool is_shared_operator(const FunctionDecl *f) {
  if (!f->isOverloadedOperator() || isa<CXXMethodDecl>(f) || !in_pgas(f)) return false;
  return std::any_of(f->param_begin(), f->param_end(),
                     [](const ParmVarDecl *p) { return is_shared_type(p->getType()); });
}

bool is_pure_runtime(const FunctionDecl *f) {
  static const std::set<std::string> pure = {"pgas::mythread", "pgas::threads", "pgas::detail::has_affinity"};
  return pure.count(f->getQualifiedNameAsString()) != 0;
}

const Effects &CallEffects::of_function(const FunctionDecl *f, int depth) {
  if (auto it = done_.find(f); it != done_.end()) return it->second;
  static const Effects none;
  if (!in_progress_.insert(f).second) return none;  // recursion adds nothing the body does not show
  Effects e;
  if (depth > kMaxDepth) {
    e.opaque = "calls nest deeper than " + std::to_string(kMaxDepth) + " levels";
  } else {
    scan(f->getBody(), f, depth, e);
    if (auto *c = dyn_cast<CXXConstructorDecl>(f))
      for (const CXXCtorInitializer *init : c->inits()) scan(init->getInit(), f, depth, e);
  }
  in_progress_.erase(f);
  return done_[f] = e;
}

Effects CallEffects::of_expr(const Stmt *s) {
  Effects e;
  scan(s, nullptr, 0, e);
  return e;
}

// Scans `s`, part of the body of `f` (null: an expression of the loop itself, where every variable written
// is reported by name), adding to `out`.
void CallEffects::scan(const Stmt *s, const FunctionDecl *f, int depth, Effects &out) {
  if (!s) return;
  const SourceManager &sm = ctx_.getSourceManager();
  const std::string where = f ? " in " + name_of(f) : std::string();
  // A variable of f's own (not a reference, not captured): writing it changes nothing outside the call.
  auto own = [&](const ValueDecl *d) {
    auto *vd = dyn_cast<VarDecl>(d);
    return f && vd && !vd->getType()->isReferenceType() && !vd->hasGlobalStorage() &&
           vd->getParentFunctionOrMethod() == f;
  };
  // A write to `target`, an lvalue.
  std::function<void(const Expr *)> write = [&](const Expr *target) {
    const Expr *e = bare(target);
    // A shared element (through a shared_ref) is a shared access, seen where its array is named; a shared
    // object itself (moved, swapped) is a variable like any other.
    if (const CXXRecordDecl *r = class_of(e->getType()); is_shared_class(r) && r->getName() == "shared_ref")
      return;
    if (auto *m = dyn_cast<MemberExpr>(e)) {
      if (isa<CXXThisExpr>(bare(m->getBase()))) {
        out.writes_object = true;
        return;
      }
      if (!m->isArrow()) return write(m->getBase());
    }
    if (auto *a = dyn_cast<ArraySubscriptExpr>(e); a && bare(a->getBase())->getType()->isArrayType())
      return write(a->getBase());
    if (auto *ref = dyn_cast<DeclRefExpr>(e)) {
      if (own(ref->getDecl())) return;
      auto *parm = dyn_cast<ParmVarDecl>(ref->getDecl());
      if (f && parm && parm->getType()->isReferenceType() &&
          !parm->getType().getNonReferenceType().isConstQualified())
        return;  // the caller counts its argument as written
      out.written.insert(ref->getDecl());
      if (f && isa<CXXMethodDecl>(f) && cast<CXXMethodDecl>(f)->getParent()->isLambda() &&
          out.state.empty() && !ref->getDecl()->getType()->isReferenceType() &&
          ref->refersToEnclosingVariableOrCapture())
        out.state = "the lambda changes a variable it captures";
      return;
    }
    if (out.writes.empty()) out.writes = "writes through a pointer or reference" + where;
    out.written_types.insert(ctx_.getCanonicalType(e->getType().getUnqualifiedType()));
  };

  if (auto *bo = dyn_cast<BinaryOperator>(s)) {
    if (bo->isAssignmentOp()) write(bo->getLHS());
    const auto op = bo->getOpcode();
    if ((op == BO_Div || op == BO_Rem || op == BO_DivAssign || op == BO_RemAssign) &&
        !nonzero_constant(bo->getRHS(), ctx_) && out.traps.empty())
      out.traps = "divides by a value that may be zero" + where;
  }
  if (auto *uo = dyn_cast<UnaryOperator>(s)) {
    if (uo->isIncrementDecrementOp()) write(uo->getSubExpr());
    if (uo->getOpcode() == UO_Deref && out.traps.empty()) out.traps = "dereferences a pointer" + where;
  }
  if (isa<ArraySubscriptExpr>(s) && out.traps.empty()) out.traps = "subscripts an array" + where;
  if (auto *m = dyn_cast<MemberExpr>(s);
      m && m->isArrow() && !isa<CXXThisExpr>(bare(m->getBase())) && out.traps.empty())
    out.traps = "dereferences a pointer" + where;
  if (isa<CXXThrowExpr>(s) && out.traps.empty()) out.traps = "throws" + where;
  if (isa<AsmStmt>(s) && out.opaque.empty()) out.opaque = "contains inline assembly" + where;

  // A name of a shared object touched: its elements may be read or written.
  if (auto *ref = dyn_cast<DeclRefExpr>(s); ref && f && is_shared_type(ref->getType())) {
    const ValueDecl *d = ref->getDecl();
    if (!own(d) && !(isa<ParmVarDecl>(d) && d->getDeclContext() == f))
      out.shared_names.insert(d);
    else if (out.shared.empty())
      out.shared = "accesses shared memory through '" + d->getName().str() + "'" + where;
  }

  if (auto *member = dyn_cast<MemberExpr>(s); member && f && is_shared_type(member->getType()) &&
                                              !is_shared_type(member->getBase()->getType()) &&
                                              out.shared.empty())
    out.shared = "accesses shared memory through the member '" + member->getMemberDecl()->getName().str() +
                 "'" + where;

  if (auto *construct = dyn_cast<CXXConstructExpr>(s)) {
    const CXXConstructorDecl *c = construct->getConstructor();
    if (in_pgas(c) && !is_shared_class(c->getParent())) {
      if (out.sync.empty())
        out.sync = (c->getParent()->getName() == "sync_statement"
                        ? std::string("synchronizes (upc_barrier, upc_notify or upc_wait)")
                        : "constructs a '" + c->getParent()->getQualifiedNameAsString() + "'") +
                   where;
    } else if (!is_shared_class(c->getParent()) && !c->isTrivial()) {
      if (const FunctionDecl *def = c->getDefinition(); def && !sm.isInSystemHeader(def->getLocation()))
        out.merge(of_function(def, depth + 1));
    }
  }

  if (auto *call = dyn_cast<CallExpr>(s)) {
    const FunctionDecl *callee = call->getDirectCallee();
    auto *method = dyn_cast_or_null<CXXMethodDecl>(callee);
    const Expr *object = nullptr;  // the object a method is called on
    if (auto *mc = dyn_cast<CXXMemberCallExpr>(call)) object = mc->getImplicitObjectArgument();
    if (auto *oc = dyn_cast<CXXOperatorCallExpr>(call); oc && method) object = oc->getArg(0);
    if (!callee) {
      if (out.opaque.empty()) out.opaque = "makes an indirect call" + where;
    } else if (callee->getBuiltinID() || is_shared_operator(callee)) {
      // compiler builtins and pointer-to-shared arithmetic compute
    } else if (method && is_shared_class(method->getParent())) {
      // An element access or a query of a shared object (the shared name is seen where it is written). A
      // strict access orders every access around it.
      if (f && is_strict_class(method->getParent()) && out.sync.empty())
        out.sync = "makes a strict shared access" + where;
      if (!method->isConst() && !method->isStatic() && !isa<CXXConstructorDecl>(method) && object)
        write(object);  // a move assignment: the name now denotes another array
    } else if (in_pgas(callee) || is_runtime_c_function(callee, sm)) {
      if (!is_pure_runtime(callee) && out.sync.empty())
        out.sync = "calls '" + callee->getQualifiedNameAsString() + "'" + where;
    } else if (method && method->isVirtual() && !method->hasAttr<FinalAttr>() &&
               !method->getParent()->hasAttr<FinalAttr>() &&
               !(isa<CXXMemberCallExpr>(call) &&
                 cast<MemberExpr>(call->getCallee()->IgnoreParens())->hasQualifier())) {
      if (out.opaque.empty()) out.opaque = "calls the virtual function " + name_of(callee) + where;
    } else {
      const FunctionDecl *def = callee->getDefinition();
      const bool library = sm.isInSystemHeader(callee->getLocation());
      bool passes_callable = false;
      for (const Expr *arg : call->arguments()) passes_callable |= is_callable(arg->getType());
      Effects inner;
      if (def && def->hasBody())
        inner = of_function(def, depth + 1);
      else
        inner.opaque = "the body of " + name_of(callee) + " is not visible";
      if (library && !inner.opaque.empty() && is_throw_helper(callee)) {
        // std::__throw_out_of_range_fmt and the like (behind vector::at): they only throw, which the
        // rewrite handles (an index that may throw is hinted inside try and thrown again by its iteration).
        inner = Effects();
      } else if (library && !inner.opaque.empty() && !passes_callable) {
        // A library function: it cannot name the runtime, and it writes only through its arguments.
        inner = Effects();
        inner.state = name_of(callee) + " is a library function whose body is not analyzed";
        for (const ParmVarDecl *p : callee->parameters())
          if (p->getType()->isPointerType() && !p->getType()->getPointeeType().isConstQualified()) {
            inner.writes = name_of(callee) + " may write through its pointer arguments";
            inner.written_types.insert(
                ctx_.getCanonicalType(p->getType()->getPointeeType().getUnqualifiedType()));
          }
      }
      const bool object_written = inner.writes_object;
      inner.writes_object = false;
      out.merge(inner);
      if (method && !isa<CXXConstructorDecl>(method) && object && (!method->isConst() || object_written) &&
          !method->isStatic())
        write(object);
    }
    // Arguments bound to non-const references are written.
    if (callee)
      for (unsigned k = 0; k < call->getNumArgs(); ++k) {
        const unsigned param = isa<CXXOperatorCallExpr>(call) && method ? k - 1 : k;
        if ((isa<CXXOperatorCallExpr>(call) && method && k == 0) || param >= callee->getNumParams()) continue;
        QualType t = callee->getParamDecl(param)->getType();
        if (t->isReferenceType() && !t.getNonReferenceType().isConstQualified()) write(call->getArg(k));
      }
  }

  if (auto *lambda = dyn_cast<LambdaExpr>(s)) {
    // The lambda's body runs when it is called (and is analyzed there); its captures are evaluated here.
    for (const Expr *init : lambda->capture_inits()) scan(init, f, depth, out);
    return;
  }
  for (const Stmt *child : s->children()) scan(child, f, depth, out);
}

}  // namespace pgas::refactor
