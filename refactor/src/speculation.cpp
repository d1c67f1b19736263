// Speculative evaluation in the inspector. The hint loops compute, for every iteration of a tile, the index
// of each hinted access and the body's declarations it needs, whether or not the original iteration
// reaches that access: `if (w) s += A[n / w]` hints n / w also when w is 0. A hint itself is only a guess
// (hint_speculative ignores an index out of range), but computing it must not trap where the original would
// not: no division by a value that may be zero, no subscript (of an ordinary array, a container, or a shared
// array, whose index may be out of range), no dereference, no call that may do one of these. An access is
// reached conditionally when it is in a branch, a nested loop, the right operand of && or ||, an arm of ?:,
// a lambda, or after a statement that may `continue`.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>

#include <algorithm>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "call_effects.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// Whether a statement may end the iteration early (continue, or break out of a statement inside it).
bool may_jump(const Stmt *s) {
  if (!s || isa<LambdaExpr>(s)) return false;
  if (isa<ContinueStmt>(s) || isa<BreakStmt>(s)) return true;
  for (const Stmt *child : s->children())
    if (may_jump(child)) return true;
  return false;
}

class Speculation {
 public:
  Speculation(ASTContext &ctx, const LoopModel &m, CallEffects &effects, std::vector<Refusal> &r)
      : ctx_(ctx), m_(m), effects_(effects), refusals_(r) {}

  void run() {
    mark(m_.body, false);
    for (const Access &a : m_.accesses) {
      if (a.kind == Access::kWrite) continue;  // writes are not hinted
      const std::string &name = m_.arrays[static_cast<std::size_t>(a.array)].name;
      for (const Expr *e : {a.row, a.index}) {
        if (!e) continue;
        if (conditional_.count(a.subscript) && !safe(e, name)) return;
        for (const DeclStmt *d : needed_decls(e, m_))
          if (conditional_.count(d))
            for (const Decl *decl : d->decls())
              if (auto *vd = dyn_cast<VarDecl>(decl); vd && vd->getInit() && !safe(vd->getInit(), name))
                return;
      }
    }
  }

 private:
  // Records the statements the original evaluates only under a condition.
  void mark(const Stmt *s, bool conditional) {
    if (!s) return;
    if (conditional) conditional_.insert(s);
    if (auto *call = dyn_cast<CXXOperatorCallExpr>(s); !conditional && call &&
                                                       call->getOperator() == OO_Subscript &&
                                                       is_shared_type(call->getArg(0)->getType()))
      always_read_.push_back(call);
    if (auto *bo = dyn_cast<BinaryOperator>(s);
        !conditional && bo && (bo->getOpcode() == BO_Div || bo->getOpcode() == BO_Rem))
      always_divides_by_.push_back(bo->getRHS());
    auto first_then_rest = [&](const Stmt *first, std::initializer_list<const Stmt *> rest) {
      mark(first, conditional);
      for (const Stmt *r : rest) mark(r, true);
    };
    if (auto *c = dyn_cast<CompoundStmt>(s)) {
      bool after_jump = conditional;
      for (const Stmt *child : c->body()) {
        mark(child, after_jump);
        after_jump = after_jump || may_jump(child);
      }
    } else if (auto *i = dyn_cast<IfStmt>(s)) {
      mark(i->getInit(), conditional);
      first_then_rest(i->getCond(), {i->getThen(), i->getElse()});
    } else if (auto *w = dyn_cast<SwitchStmt>(s)) {
      mark(w->getInit(), conditional);
      first_then_rest(w->getCond(), {w->getBody()});
    } else if (auto *f = dyn_cast<ForStmt>(s)) {
      mark(f->getInit(), conditional);
      first_then_rest(f->getCond(), {f->getInc(), f->getBody()});
    } else if (auto *w = dyn_cast<WhileStmt>(s)) {
      first_then_rest(w->getCond(), {w->getBody()});
    } else if (auto *d = dyn_cast<DoStmt>(s)) {
      first_then_rest(d->getBody(), {d->getCond()});
    } else if (auto *r = dyn_cast<CXXForRangeStmt>(s)) {
      mark(r->getInit(), conditional);
      first_then_rest(r->getRangeStmt(), {r->getBody()});
    } else if (auto *b = dyn_cast<BinaryOperator>(s); b && b->isLogicalOp()) {
      first_then_rest(b->getLHS(), {b->getRHS()});
    } else if (auto *c = dyn_cast<ConditionalOperator>(s)) {
      first_then_rest(c->getCond(), {c->getTrueExpr(), c->getFalseExpr()});
    } else if (auto *l = dyn_cast<LambdaExpr>(s)) {
      for (const Expr *init : l->capture_inits()) mark(init, conditional);
      mark(l->getBody(), true);
    } else {
      for (const Stmt *child : s->children()) mark(child, conditional);
    }
  }

  // Whether the inspector may evaluate `e` where the original would not.
  bool safe(const Expr *e, const std::string &array) {
    const std::string why = "an index of '" + array +
                            "' is computed only under a condition, and the inspector would compute it "
                            "for every iteration";
    if (const Expr *sub = shared_subscript(e)) {
      refusals_.push_back(refusal_at(m_, sub, why,
                                     "it reads a shared element whose index may be out of range where the "
                                     "loop does not read it"));
      return false;
    }
    const Stmt *at = e;
    const std::string trap = first_trap(e, at);
    if (trap.empty()) return true;
    refusals_.push_back(refusal_at(m_, at, why, trap));
    return false;
  }

  // What in `s` may trap where the loop does not evaluate it: a division by a value the loop does not
  // divide by for every iteration (which would be a division by zero already), a subscript, a dereference,
  // or a call that may do one of these.
  std::string first_trap(const Stmt *s, const Stmt *&at) {
    if (!s) return {};
    at = s;
    if (auto *bo = dyn_cast<BinaryOperator>(s);
        bo && (bo->getOpcode() == BO_Div || bo->getOpcode() == BO_Rem)) {
      Expr::EvalResult r;
      const Expr *by = bo->getRHS();
      const bool constant = !by->isValueDependent() && by->EvaluateAsInt(r, ctx_) && r.Val.getInt() != 0;
      if (!constant && !among(always_divides_by_, by)) return "it divides by a value that may be zero";
    }
    if (isa<ArraySubscriptExpr>(s)) return "it subscripts an array";
    if (auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->getOpcode() == UO_Deref)
      return "it dereferences a pointer";
    if (isa<CallExpr>(s) || isa<CXXConstructExpr>(s)) {
      auto *method =
          dyn_cast_or_null<CXXMethodDecl>(isa<CallExpr>(s) ? cast<CallExpr>(s)->getDirectCallee() : nullptr);
      if (!method || !is_shared_type(method->getThisObjectType())) {
        const Effects effects = effects_.of_expr(s);
        if (!effects.traps.empty()) return "it calls something that " + effects.traps;
        if (!effects.opaque.empty()) return "it makes a call that cannot be analyzed: " + effects.opaque;
      }
    }
    for (const Stmt *child : s->children())
      if (std::string trap = first_trap(child, at); !trap.empty()) return trap;
    return {};
  }

  // A shared element read in `s` that the loop does not read for every iteration. (The same element
  // expression read unconditionally has the same index: the indices the inspector computes do not depend on
  // what the body assigns, or the loop is refused.)
  const Expr *shared_subscript(const Stmt *s) const {
    if (!s) return nullptr;
    if (auto *call = dyn_cast<CXXOperatorCallExpr>(s); call && call->getOperator() == OO_Subscript &&
                                                       is_shared_type(call->getArg(0)->getType()) &&
                                                       !among(always_read_, call))
      return call;
    for (const Stmt *child : s->children())
      if (const Expr *found = shared_subscript(child)) return found;
    return nullptr;
  }

  // Whether `e` is the same expression as one of `known`.
  bool among(const std::vector<const Expr *> &known, const Expr *e) const {
    return std::any_of(known.begin(), known.end(),
                       [&](const Expr *k) { return same_expression(k, e, ctx_); });
  }

  ASTContext &ctx_;
  const LoopModel &m_;
  CallEffects &effects_;
  std::vector<Refusal> &refusals_;
  std::set<const Stmt *> conditional_;
  std::vector<const Expr *> always_read_;        // shared elements read for every iteration
  std::vector<const Expr *> always_divides_by_;  // divisors of every iteration
};

}  // namespace

void check_speculation(ASTContext &ctx, const LoopModel &model, CallEffects &effects,
                       std::vector<Refusal> &refusals) {
  Speculation(ctx, model, effects, refusals).run();
}

}  // namespace pgas::refactor
