// The legality rules of the rewrite. Tiling reorders nothing inside an iteration, but the inspector computes
// indices before the iterations run and the cache delays remote writes to the end of the tile, so a loop is
// rewritten only when neither can change what the program computes (beyond the chosen write policy).
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include <algorithm>
#include <functional>
#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "call_effects.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// An element access through a strict shared array.
bool is_strict_access(const Stmt *s) {
  auto *call = dyn_cast<CXXOperatorCallExpr>(s);
  if (!call || call->getOperator() != OO_Subscript) return false;
  return is_strict_class(bare(call->getArg(0))->getType().getNonReferenceType()->getAsCXXRecordDecl());
}

// The dialect's element accessors: their members read or write one element, which the rules check apart.
bool is_accessor(const CXXRecordDecl *r) {
  static const std::set<std::string> accessors = {"shared_ref", "shared_array", "shared_array2d",
                                                  "row",        "global_ptr",   "shared_var"};
  return accessors.count(r->getNameAsString()) != 0;
}

bool is_runtime_call(const FunctionDecl *f) {
  const std::string name = f->getQualifiedNameAsString();
  if (name.rfind("pgas::", 0) != 0 && !f->getName().startswith("upc_")) return false;
  if (is_pure_runtime(f)) return false;
  auto *m = dyn_cast<CXXMethodDecl>(f);
  if (!m) return true;
  return !is_accessor(m->getParent());
}

// How a call is named in a diagnostic.
std::string call_name(const Expr *call) {
  if (auto *c = dyn_cast<CallExpr>(call)) {
    const FunctionDecl *f = c->getDirectCallee();
    if (!f) return "an indirect call";
    if (auto *m = dyn_cast<CXXMethodDecl>(f); m && m->getParent()->isLambda()) return "a lambda";
    return "'" + f->getNameAsString() + "'";
  }
  if (auto *c = dyn_cast<CXXConstructExpr>(call))
    return "the constructor of '" + c->getConstructor()->getParent()->getNameAsString() + "'";
  return "a call";
}

// The first reason an effect makes a call unfit where it must be pure.
std::string impurity(const Effects &e) {
  for (const std::string *reason : {&e.opaque, &e.sync, &e.state, &e.writes})
    if (!reason->empty()) return *reason;
  if (!e.written.empty()) return "it writes '" + (*e.written.begin())->getName().str() + "'";
  return "it has side effects";
}

}  // namespace

Refusal refusal_at(const LoopModel &m, const Stmt *at, const std::string &why, std::string note) {
  return {m.loop->getBeginLoc(), "not rewritten: " + why, at->getBeginLoc(), std::move(note)};
}

// Whether the access is to the element the affinity names (`&A[i]` with A[i]): always local, and never
// racing with another iteration.
bool owner_computes(const Access &a, const LoopModel &m, const ASTContext &ctx) {
  const std::optional<AffinityElement> own = affinity_element(m.affinity_expr);
  if (!own || a.row || named_decl(own->array) != m.arrays[static_cast<std::size_t>(a.array)].decl)
    return false;
  return same_expression(own->index, a.index, ctx);
}

namespace {

class Checker {
 public:
  Checker(const Settings &s, ASTContext &ctx, LoopModel &m, std::vector<Refusal> &r)
      : settings_(s), ctx_(ctx), m_(m), refusals_(r), effects_(ctx) {}

  void run() {
    body_ = effects_.of_expr(m_.body);
    scan_writes(m_.body, modified_, written_arrays_);
    modified_.insert(body_.written.begin(), body_.written.end());
    if (auto *f = dyn_cast_or_null<FunctionDecl>(m_.var->getParentFunctionOrMethod()))
      escaping(f->getBody(), escaped_);
    check_header();
    check_body(m_.body, 0);
    check_pure(m_.affinity_expr, "the affinity expression has side effects");
    check_indices();
    check_write_policies(settings_, ctx_, m_, modified_, refusals_);
    check_member_views(settings_, ctx_, m_, refusals_);
    check_aliases(ctx_, m_, modified_, refusals_);
    check_speculation(ctx_, m_, effects_, refusals_);
  }

 private:
  void refuse(const Stmt *at, const std::string &why, std::string note) {
    refusals_.push_back(refusal_at(m_, at, why, std::move(note)));
  }

  // A variable only this function's own code can change: the body's writes through pointers and references
  // and its calls cannot reach it.
  bool private_local(const ValueDecl *d) const {
    auto *vd = dyn_cast<VarDecl>(d);
    return vd && !vd->hasGlobalStorage() && !vd->getType()->isReferenceType() && !escaped_.count(vd);
  }

  void check_invariant(const Expr *e, const char *what) {
    const std::string why = std::string("the loop ") + what + " is not provably loop-invariant";
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s) return;
      if (auto *ref = dyn_cast<DeclRefExpr>(s)) {
        const ValueDecl *d = ref->getDecl();
        if (modified_.count(d))
          return refuse(ref, std::string("the loop ") + what + " is not loop-invariant",
                        "'" + d->getName().str() + "' is assigned in the loop body");
        if (isa<VarDecl>(d) && !private_local(d))
          for (QualType t : body_.written_types)
            if (may_change(t, d->getType(), ctx_))
              return refuse(ref, why,
                            "'" + d->getName().str() + "' may change: the loop body " + body_.writes);
      }
      if (auto *call = dyn_cast<CallExpr>(s)) {
        auto *method = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
        static const std::set<std::string> queries = {"size", "rows", "cols", "block", "flat", "handle"};
        if (method && is_shared_type(method->getThisObjectType()) &&
            !queries.count(method->getNameAsString()))
          return refuse(call, why, "it reads shared memory, which other threads may write meanwhile");
        Effects e = effects_.of_expr(call);
        if (!e.pure()) return refuse(call, why, "it calls " + call_name(call) + ": " + impurity(e));
      }
      for (const Stmt *child : s->children()) walk(child);
    };
    walk(e);
  }

  void check_header() {
    auto *cond = cast<BinaryOperator>(bare(m_.loop->getCond()));
    check_invariant(cond->getRHS(), "bound");
    if (auto *ca = dyn_cast<CompoundAssignOperator>(bare(m_.loop->getInc())))
      check_invariant(ca->getRHS(), "step");
    if (modified_.count(m_.var))
      refuse(m_.loop, "the loop body assigns the iteration variable",
             "'" + m_.var_name + "' changes inside the body");
  }

  // Control flow leaving the loop, synchronization, calls and strict accesses. A lambda's body is checked
  // where it is called (its return leaves only the lambda).
  void check_body(const Stmt *s, int breakable_depth) {
    if (!s) return;
    if (isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) || isa<CXXThrowExpr>(s) ||
        isa<CoreturnStmt>(s) || (isa<BreakStmt>(s) && breakable_depth == 0))
      return refuse(s, "control leaves the loop from its body",
                    "break, return, goto and throw cannot be split across the tiles of a rewritten loop");
    if (auto *call = dyn_cast<CallExpr>(s)) check_call(call);
    if (auto *construct = dyn_cast<CXXConstructExpr>(s)) check_construction(construct);
    if (is_strict_access(s))
      return refuse(s, "strict shared access in the loop body",
                    "a strict access orders every access around it; caching would break that order");
    if (auto *lambda = dyn_cast<LambdaExpr>(s)) {
      for (const Expr *init : lambda->capture_inits()) check_body(init, breakable_depth);
      return;
    }
    const bool nests = isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<SwitchStmt>(s) ||
                       isa<CXXForRangeStmt>(s);
    for (const Stmt *child : s->children()) check_body(child, breakable_depth + (nests ? 1 : 0));
  }

  // Objects of the runtime built in the body: upc_barrier, upc_notify and upc_wait are statements of a
  // synchronizing type; shared arrays are allocated collectively. Other constructors are calls.
  void check_construction(const CXXConstructExpr *construct) {
    const CXXRecordDecl *r = construct->getConstructor()->getParent();
    const std::string name = r->getQualifiedNameAsString();
    if (name.rfind("pgas::", 0) != 0) return check_effects(construct);
    if (is_accessor(r)) return;
    refuse(
        construct,
        name == "pgas::detail::sync_statement" ? std::string("synchronization statement in the loop body")
                                               : "construction of a '" + name + "' in the loop body",
        "barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached "
        "accesses");
  }

  void check_call(const CallExpr *call) {
    const FunctionDecl *f = call->getDirectCallee();
    if (f && is_runtime_call(f))
      return refuse(call, "call to '" + f->getQualifiedNameAsString() + "' in the loop body",
                    "barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered "
                    "with cached accesses");
    if (f && (f->getBuiltinID() || is_pure_runtime(f))) return;
    if (auto *m = dyn_cast_or_null<CXXMethodDecl>(f); m && is_accessor(m->getParent())) return;
    check_effects(call);
  }

  // A call in the body: it must not synchronize, nor touch a cached array behind the cache's back.
  void check_effects(const Expr *call) {
    const Effects e = effects_.of_expr(call);
    const std::string name = call_name(call);
    if (!e.opaque.empty())
      return refuse(call, "call to " + name + " in the loop body cannot be analyzed", e.opaque);
    if (!e.sync.empty()) return refuse(call, "call to " + name + " may synchronize", e.sync);
    for (const CachedArray &a : m_.arrays) {
      if (!e.shared.empty())
        return refuse(call, "call to " + name + " may access the cached array '" + a.name + "'", e.shared);
      for (const ValueDecl *d : e.shared_names) {
        if (d == a.decl) {
          auto *vd = dyn_cast<VarDecl>(d);
          return refuse(call, "call to " + name + " may access the cached array '" + a.name + "'",
                        "'" + a.name + "' is " +
                            (vd && vd->hasGlobalStorage() ? "a global variable" : "captured by it"));
        }
        if (may_alias(d, a.decl))
          return refuse(call, "call to " + name + " may access the cached array '" + a.name + "'",
                        "it accesses '" + d->getName().str() + "', which may name the same shared memory");
      }
    }
  }

  void check_pure(const Stmt *s, const std::string &why) {
    const Effects e = effects_.of_expr(s);
    if (!e.pure())
      refuse(s, why, "this expression writes or calls a function that is not pure: " + impurity(e));
  }

  // Whether the inspector can compute an index before the tile's iterations run.
  void check_computable(const Stmt *s, const std::string &array) {
    if (!s) return;
    const std::string why = "an index of '" + array + "' cannot be computed ahead of the tile";
    if (auto *ref = dyn_cast<DeclRefExpr>(s)) {
      auto *vd = dyn_cast<VarDecl>(ref->getDecl());
      if (auto *binding = dyn_cast<BindingDecl>(ref->getDecl())) {  // a name of `auto [a, b] = e`
        if (modified_.count(binding))
          return refuse(ref, why,
                        "it depends on '" + binding->getName().str() + "', which the loop body assigns");
        vd = dyn_cast_or_null<VarDecl>(binding->getDecomposedDecl());
      }
      if (const ForStmt *counting = vd ? counting_loop(vd) : nullptr) {
        if (std::find(current_->loops.begin(), current_->loops.end(), counting) == current_->loops.end())
          current_->loops.push_back(counting);
        if (checked_.insert(vd).second) {
          check_computable(vd->getInit(), array);
          check_computable(counting->getCond(), array);
        }
        return;
      }
      if (vd && modified_.count(vd))
        return refuse(ref, why, "it depends on '" + vd->getName().str() + "', which the loop body assigns");
      if (vd && vd->getParentFunctionOrMethod() && inside_body(vd) && !top_level_decl(vd))
        return refuse(ref, why,
                      "it depends on '" + vd->getName().str() + "', declared in a nested statement");
      if (vd && top_level_decl(vd) && checked_.insert(vd).second) check_computable(vd->getInit(), array);
    }
    if (auto *sub = subscript_call(dyn_cast<Expr>(s) ? cast<Expr>(s) : nullptr))
      if (const ValueDecl *d = named_decl(sub->getArg(0)); d && written_arrays_.count(d) && !is_cached(d))
        return refuse(sub, why, "it reads '" + d->getName().str() + "', which the loop body writes");
    if (auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->getOpcode() == UO_Deref)
      return refuse(s, why, "it dereferences a pointer, which the inspector cannot do speculatively");
    if (auto *me = dyn_cast<MemberExpr>(s); me && me->isArrow())
      return refuse(s, why, "it dereferences a pointer, which the inspector cannot do speculatively");
    if (isa<CallExpr>(s) || isa<CXXConstructExpr>(s)) {
      const Effects e = effects_.of_expr(s);
      if (!e.pure())
        return refuse(s, why,
                      "it calls " + call_name(cast<Expr>(s)) +
                          ", which the inspector would call once more: " + impurity(e));
    } else if (auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) {
      return refuse(s, why, "this expression writes a variable");
    } else if (auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) {
      return refuse(s, why, "this expression writes a variable");
    }
    for (const Stmt *child : s->children()) check_computable(child, array);
  }

  bool inside_body(const VarDecl *vd) const {
    const SourceManager &sm = ctx_.getSourceManager();
    SourceRange r = m_.body->getSourceRange();
    return !sm.isBeforeInTranslationUnit(vd->getLocation(), r.getBegin()) &&
           !sm.isBeforeInTranslationUnit(r.getEnd(), vd->getLocation());
  }
  bool top_level_decl(const VarDecl *vd) const {
    for (const DeclStmt *ds : m_.body_decls)
      for (const Decl *d : ds->decls())
        if (d == vd) return true;
    return false;
  }
  bool is_cached(const ValueDecl *d) const {
    for (const CachedArray &a : m_.arrays)
      if (a.decl == d) return true;
    return false;
  }

  void check_indices() {
    const SourceManager &sm = ctx_.getSourceManager();
    for (Access &a : m_.accesses) {
      const std::string &name = m_.arrays[static_cast<std::size_t>(a.array)].name;
      current_ = &a;
      check_computable(a.row, name);
      check_computable(a.index, name);
      std::sort(a.loops.begin(), a.loops.end(), [&](const ForStmt *x, const ForStmt *y) {
        return sm.isBeforeInTranslationUnit(x->getBeginLoc(), y->getBeginLoc());
      });
    }
  }

  // The ordinary for loop of the body that declares `vd` in its init and changes it only in its increment
  // (a stencil's radius loop), with a header free of side effects and traps: the inspector repeats the loop
  // around the hint of an index that depends on `vd`. Null otherwise.
  const ForStmt *counting_loop(const VarDecl *vd) {
    if (!inside_body(vd) || top_level_decl(vd)) return nullptr;
    auto decl_parents = ctx_.getParents(*vd);
    const DeclStmt *ds = decl_parents.empty() ? nullptr : decl_parents[0].get<DeclStmt>();
    if (!ds || !ds->isSingleDecl()) return nullptr;
    auto parents = ctx_.getParents(*ds);
    const ForStmt *f = parents.empty() ? nullptr : parents[0].get<ForStmt>();
    if (!f || f->getInit() != ds || !f->getCond() || !f->getInc() || forall_spelling(f, ctx_).is_forall)
      return nullptr;
    std::set<const ValueDecl *> in_loop, in_inc, arrays;
    scan_writes(f->getBody(), in_loop, arrays);
    scan_writes(f->getCond(), in_loop, arrays);
    scan_writes(f->getInc(), in_inc, arrays);
    if (in_loop.count(vd) || in_inc != std::set<const ValueDecl *>{vd}) return nullptr;
    for (const Stmt *part :
         {static_cast<const Stmt *>(vd->getInit()), static_cast<const Stmt *>(f->getCond())}) {
      const Effects e = effects_.of_expr(part);
      if (!e.pure() || !e.traps.empty()) return nullptr;
    }
    const Effects inc = effects_.of_expr(f->getInc());
    if (!inc.traps.empty() || !inc.opaque.empty() || !inc.sync.empty()) return nullptr;
    return f;
  }

  const Settings &settings_;
  ASTContext &ctx_;
  LoopModel &m_;
  std::vector<Refusal> &refusals_;
  CallEffects effects_;
  Effects body_;
  std::set<const ValueDecl *> modified_, written_arrays_, escaped_;
  std::set<const VarDecl *> checked_;
  Access *current_ = nullptr;  // the access whose index check_computable checks
};

}  // namespace

void check_legality(const Settings &settings, ASTContext &ctx, LoopModel &model,
                    std::vector<Refusal> &refusals) {
  Checker(settings, ctx, model, refusals).run();
}

}  // namespace pgas::refactor
