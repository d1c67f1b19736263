// The legality rules of the rewrite. Tiling reorders nothing inside an iteration, but the inspector computes
// indices before the iterations run and the cache delays remote writes to the end of the tile, so a loop is
// rewritten only when neither can change what the program computes (beyond the chosen write policy).
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include <functional>
#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// Whether a class is a specialization of the dialect with consistency `strict` (its second template
// argument), or nested in one (shared_array2d<T, strict>::row).
bool is_strict_class(const CXXRecordDecl *r) {
  for (; r; r = dyn_cast<CXXRecordDecl>(r->getParent())) {
    auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(r);
    if (spec && spec->getTemplateArgs().size() >= 2 &&
        spec->getTemplateArgs()[1].getKind() == TemplateArgument::Integral)
      return spec->getTemplateArgs()[1].getAsIntegral() != 0;
  }
  return false;
}

// An element access through a strict shared array.
bool is_strict_access(const Stmt *s) {
  auto *call = dyn_cast<CXXOperatorCallExpr>(s);
  if (!call || call->getOperator() != OO_Subscript) return false;
  return is_strict_class(bare(call->getArg(0))->getType().getNonReferenceType()->getAsCXXRecordDecl());
}

// A call that neither synchronizes nor writes: a const member function (element reads, size queries) or a
// constexpr function.
bool is_pure_call(const CallExpr *call) {
  const FunctionDecl *f = call->getDirectCallee();
  if (!f) return false;
  if (auto *m = dyn_cast<CXXMethodDecl>(f); m && m->isConst()) return true;
  return f->isConstexpr();
}

// The dialect's element accessors: their members read or write one element, which the rules check apart.
bool is_accessor(const CXXRecordDecl *r) {
  static const std::set<std::string> accessors = {"shared_ref", "shared_array", "shared_array2d", "row",
                                                  "global_ptr"};
  return accessors.count(r->getNameAsString()) != 0;
}

bool is_runtime_call(const FunctionDecl *f) {
  const std::string name = f->getQualifiedNameAsString();
  if (name.rfind("pgas::", 0) != 0 && !f->getName().startswith("upc_")) return false;
  if (name == "pgas::detail::has_affinity") return false;
  auto *m = dyn_cast<CXXMethodDecl>(f);
  if (!m) return true;
  return !is_accessor(m->getParent());
}

}  // namespace

void scan_writes(const Stmt *s, std::set<const ValueDecl *> &modified,
                 std::set<const ValueDecl *> &written_arrays) {
  if (!s) return;
  auto mark = [&](const Expr *e) {
    if (const ValueDecl *d = named_decl(e)) modified.insert(d);
  };
  if (auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) mark(bo->getLHS());
  if (auto *uo = dyn_cast<UnaryOperator>(s);
      uo && (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf))
    mark(uo->getSubExpr());
  if (auto *op = dyn_cast<CXXOperatorCallExpr>(s); op && op->isAssignmentOp()) {
    mark(op->getArg(0));
    const CXXOperatorCallExpr *target = subscript_call(op->getArg(0));
    if (target && subscript_call(target->getArg(0))) target = subscript_call(target->getArg(0));
    if (target)
      if (const ValueDecl *array = named_decl(target->getArg(0))) written_arrays.insert(array);
  }
  if (auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *f = call->getDirectCallee())
      for (unsigned k = 0; k < call->getNumArgs() && k < f->getNumParams(); ++k) {
        QualType p = f->getParamDecl(k)->getType();
        if (p->isReferenceType() && !p.getNonReferenceType().isConstQualified()) mark(call->getArg(k));
      }
  for (const Stmt *child : s->children()) scan_writes(child, modified, written_arrays);
}

// Whether the access is to the element the affinity names (`&A[i]` with A[i]): always local, and never
// racing with another iteration.
bool owner_computes(const Access &a, const LoopModel &m, const ASTContext &ctx) {
  auto *amp = dyn_cast<CXXOperatorCallExpr>(bare(m.affinity_expr));
  const CXXOperatorCallExpr *own =
      amp && amp->getOperator() == OO_Amp ? subscript_call(amp->getArg(0)) : nullptr;
  if (!own || a.row || named_decl(own->getArg(0)) != m.arrays[static_cast<std::size_t>(a.array)].decl)
    return false;
  return spelled(own->getArg(1)->getSourceRange(), ctx) == spelled(a.index->getSourceRange(), ctx);
}

namespace {

class Checker {
 public:
  Checker(const Settings &s, ASTContext &ctx, const LoopModel &m, std::vector<Refusal> &r)
      : settings_(s), ctx_(ctx), m_(m), refusals_(r) {}

  void run() {
    scan_writes(m_.body, modified_, written_arrays_);
    check_header();
    check_body(m_.body, 0);
    check_side_effect_free(m_.affinity_expr, "the affinity expression has side effects");
    check_indices();
    check_races();
  }

 private:
  void refuse(const Stmt *at, const std::string &why, std::string note) {
    refusals_.push_back(
        {m_.loop->getBeginLoc(), "not rewritten: " + why, at->getBeginLoc(), std::move(note)});
  }

  void check_invariant(const Expr *e, const char *what) {
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s) return;
      if (auto *ref = dyn_cast<DeclRefExpr>(s); ref && modified_.count(ref->getDecl()))
        return refuse(ref, std::string("the loop ") + what + " is not loop-invariant",
                      "'" + ref->getDecl()->getName().str() + "' is assigned in the loop body");
      if (auto *call = dyn_cast<CallExpr>(s); call && !is_pure_call(call))
        return refuse(call, std::string("the loop ") + what + " is not provably loop-invariant",
                      "it calls a function that is neither const nor constexpr");
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

  // Control flow leaving the loop, synchronization, runtime calls and strict accesses.
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
    const bool nests = isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<SwitchStmt>(s) ||
                       isa<CXXForRangeStmt>(s);
    for (const Stmt *child : s->children()) check_body(child, breakable_depth + (nests ? 1 : 0));
  }

  // Objects of the runtime built in the body: upc_barrier, upc_notify and upc_wait are statements of a
  // synchronizing type; shared arrays are allocated collectively.
  void check_construction(const CXXConstructExpr *construct) {
    const CXXRecordDecl *r = construct->getConstructor()->getParent();
    const std::string name = r->getQualifiedNameAsString();
    if (name.rfind("pgas::", 0) != 0 || is_accessor(r)) return;
    refuse(
        construct,
        name == "pgas::detail::sync_statement" ? std::string("synchronization statement in the loop body")
                                               : "construction of a '" + name + "' in the loop body",
        "barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered with cached "
        "accesses");
  }

  void check_call(const CallExpr *call) {
    const FunctionDecl *f = call->getDirectCallee();
    if (!f)
      return refuse(call, "indirect call in the loop body",
                    "the callee is unknown and may touch a cached array");
    if (is_runtime_call(f))
      return refuse(call, "call to '" + f->getQualifiedNameAsString() + "' in the loop body",
                    "barriers, fences, locks, semaphores, collectives and bulk transfers cannot be reordered "
                    "with cached accesses");
    if (isa<CXXMethodDecl>(f) || f->isConstexpr() || f->isInStdNamespace()) return;
    for (const CachedArray &a : m_.arrays)
      if (auto *vd = dyn_cast<VarDecl>(a.decl); vd && vd->hasGlobalStorage())
        return refuse(call,
                      "call to '" + f->getNameAsString() + "' may access the cached array '" + a.name + "'",
                      "'" + a.name + "' is a global variable");
  }

  void check_side_effect_free(const Stmt *s, const char *why) {
    if (!s) return;
    const bool writes = (isa<BinaryOperator>(s) && cast<BinaryOperator>(s)->isAssignmentOp()) ||
                        (isa<UnaryOperator>(s) && cast<UnaryOperator>(s)->isIncrementDecrementOp()) ||
                        (isa<CallExpr>(s) && !is_pure_call(cast<CallExpr>(s)));
    if (writes)
      return refuse(s, why, "this expression writes or calls a function that is neither const nor constexpr");
    for (const Stmt *child : s->children()) check_side_effect_free(child, why);
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
    check_side_effect_free(s, why.c_str());
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
    for (const Access &a : m_.accesses) {
      const std::string &name = m_.arrays[static_cast<std::size_t>(a.array)].name;
      check_computable(a.row, name);
      check_computable(a.index, name);
    }
  }

  void check_races() {
    const bool combining = settings_.policy != "any";
    for (std::size_t k = 0; k < m_.arrays.size(); ++k) {
      const CachedArray &array = m_.arrays[k];
      for (const Access &a : m_.accesses) {
        if (static_cast<std::size_t>(a.array) != k) continue;
        if (settings_.policy == "sum" && a.kind != Access::kRead && (a.op != "+" || !a.value))
          return refuse(
              a.whole,
              "policy 'sum' adds every thread's puts: only `+=` writes of '" + array.name + "' can be cached",
              "this write is not an addition");
        if (array.read && array.written && !combining && !owner_computes(a, m_, ctx_))
          return refuse(
              a.whole, "'" + array.name + "' is read and written in the same tile",
              "with --policy any, a read of an element another iteration writes is not well defined; "
              "use --policy min, max, sum or priority if the algorithm allows it");
      }
    }
  }

  const Settings &settings_;
  ASTContext &ctx_;
  const LoopModel &m_;
  std::vector<Refusal> &refusals_;
  std::set<const ValueDecl *> modified_, written_arrays_;
  std::set<const VarDecl *> checked_;
};

}  // namespace

void check_legality(const Settings &settings, ASTContext &ctx, const LoopModel &model,
                    std::vector<Refusal> &refusals) {
  Checker(settings, ctx, model, refusals).run();
}

namespace {

bool declared_within(const ValueDecl *d, const Stmt *s, const SourceManager &sm) {
  return !sm.isBeforeInTranslationUnit(d->getLocation(), s->getBeginLoc()) &&
         !sm.isBeforeInTranslationUnit(s->getEndLoc(), d->getLocation());
}

}  // namespace

const Stmt *hoist_target(const LoopModel &m, ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  std::set<const ValueDecl *> used;  // what opening the caches reads: the arrays, the first value, the bound
  collect_refs(m.loop->getInit(), used);
  collect_refs(m.loop->getCond(), used);
  used.erase(m.var);
  for (const CachedArray &a : m.arrays) used.insert(a.decl);
  const Stmt *target = nullptr;
  DynTypedNode node = DynTypedNode::create(*m.loop);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty() || !parents[0].get<Stmt>()) break;
    node = parents[0];
    const Stmt *s = node.get<Stmt>();
    // Not past a try: a cache that outlived an exception caught inside the enclosing loop would keep the
    // interrupted tile's elements (its destructor ends the tile only when the exception leaves its scope).
    if (isa<DoStmt>(s) || isa<LambdaExpr>(s) || isa<CXXTryStmt>(s) || s->getBeginLoc().isMacroID()) break;
    if (auto *f = dyn_cast<ForStmt>(s); f && forall_spelling(f, ctx).is_forall) break;
    if (!isa<ForStmt>(s) && !isa<WhileStmt>(s) && !isa<CXXForRangeStmt>(s)) continue;
    std::set<const ValueDecl *> modified, written;
    scan_writes(s, modified, written);
    for (const ValueDecl *d : used)
      if (modified.count(d) || declared_within(d, s, sm)) return target;
    target = s;
  }
  return target;
}

}  // namespace pgas::refactor
