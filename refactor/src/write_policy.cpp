// The write policies of the cached arrays (--array NAME:POLICY, else --policy). A combining policy changes
// what a write means: under min the element becomes min(element, written value), under sum the written
// value is added. So a combining policy is applied only to writes whose meaning it keeps:
//   min:  A[k] = std::min(A[k], v), or A[k] = v under a condition that implies v < A[k] (or v <= A[k]),
//         such as `if (v < A[k])` or `if (v < x && x == A[k])`;
//   max:  the same with max and >;
//   sum:  A[k] += v, ++A[k], A[k]++, A[k] = A[k] + v (accesses.cpp reads the last as A[k] += v), and no
//         other read of A, whose cached value is not the element's while the threads' additions are apart.
// Under any (one of the racing writes wins) an array both read and written may be accessed only at the
// iteration's own element, and priority accepts every write.
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ParentMapContext.h>

#include <algorithm>
#include <map>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool reads_modified(const Stmt *s, const std::set<const ValueDecl *> &modified) {
  std::set<const ValueDecl *> refs;
  collect_refs(s, refs);
  return std::any_of(refs.begin(), refs.end(), [&](const ValueDecl *d) { return modified.count(d) != 0; });
}

// A comparison `lhs op rhs` of a condition, with op one of < <= > >= ==.
struct Fact {
  const Expr *lhs;
  std::string op;
  const Expr *rhs;
};

void conjuncts(const Expr *e, std::vector<Fact> &out) {
  e = bare(e);
  if (auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_LAnd) {
      conjuncts(bo->getLHS(), out);
      conjuncts(bo->getRHS(), out);
      return;
    }
    if (bo->isComparisonOp() && bo->getOpcode() != BO_NE && bo->getOpcode() != BO_Cmp)
      out.push_back({bo->getLHS(), bo->getOpcodeStr().str(), bo->getRHS()});
    return;
  }
  if (auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getNumArgs() == 2) {
    static const std::map<OverloadedOperatorKind, std::string> ops = {{OO_Less, "<"},
                                                                      {OO_LessEqual, "<="},
                                                                      {OO_Greater, ">"},
                                                                      {OO_GreaterEqual, ">="},
                                                                      {OO_EqualEqual, "=="}};
    if (auto it = ops.find(op->getOperator()); it != ops.end())
      out.push_back({op->getArg(0), it->second, op->getArg(1)});
  }
}

// The condition of the `if` whose then-branch holds the statement `e` (directly or in blocks), or null.
const Expr *guarding_condition(const Expr *e, ASTContext &ctx) {
  DynTypedNode node = DynTypedNode::create(*e);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty()) return nullptr;
    const DynTypedNode parent = parents[0];
    if (auto *i = parent.get<IfStmt>()) return i->getThen() == node.get<Stmt>() ? i->getCond() : nullptr;
    const Stmt *s = parent.get<Stmt>();
    if (!s || !(isa<CompoundStmt>(s) || isa<ExprWithCleanups>(s) || isa<ImplicitCastExpr>(s))) return nullptr;
    node = parent;
  }
}

class PolicyChecker {
 public:
  PolicyChecker(const Settings &s, ASTContext &ctx, const LoopModel &m,
                const std::set<const ValueDecl *> &modified, std::vector<Refusal> &r)
      : settings_(s), ctx_(ctx), m_(m), modified_(modified), refusals_(r) {}

  void run() {
    for (std::size_t k = 0; k < m_.arrays.size(); ++k) {
      const CachedArray &array = m_.arrays[k];
      if (!array.written) continue;  // a view only read is cached without a policy (a member view's array)
      const write_policy policy = settings_.policy_of(array.name);
      for (const Access &a : m_.accesses)
        if (static_cast<std::size_t>(a.array) == k && !accepts(policy, array, a)) break;
    }
  }

 private:
  bool refuse(const Access &a, const std::string &why, const std::string &note) {
    refusals_.push_back(refusal_at(m_, a.whole, why, note));
    return false;
  }

  bool accepts(write_policy policy, const CachedArray &array, const Access &a) {
    const std::string &name = array.name, spelled = policy_name(policy);
    // What is written, as the program spells it: `A[k]`, or `A[k].field(&S::m)` for a member view.
    const std::string element =
        name + "[k]" + (array.member.empty() ? "" : ".field(" + array.member_pointer + ")");
    const bool combining =
        policy == write_policy::min || policy == write_policy::max || policy == write_policy::sum;
    if (combining && a.kind != Access::kRead && !array.numeric)
      return refuse(a,
                    "policy '" + spelled + "' combines numbers: the " +
                        (array.member.empty() ? "elements of '" + name + "' are not"
                                              : "member '" + array.member + "' of '" + name + "' is not"),
                    "choose policy any or priority for '" + name + "' (--array " + name + ":any)");
    if (policy == write_policy::sum) {
      if (a.kind == Access::kRead)
        return refuse(a,
                      "policy 'sum' of '" + name + "' adds every thread's puts: '" + name +
                          "' cannot also be read in the loop",
                      "a cached element being summed does not hold the element's value");
      if (a.kind == Access::kWrite || a.op != "+")
        return refuse(a,
                      "policy 'sum' adds every thread's puts: only additions to '" + name + "' can be cached",
                      "this write is not an addition (" +
                          (array.member.empty() ? "`+=`, `++`, or `" + element + " = " + element + " + v`"
                                                : std::string("`+=` or `++`")) +
                          ")");
      return true;
    }
    if (policy == write_policy::min || policy == write_policy::max) {
      if (a.kind == Access::kRead || (a.kind == Access::kWrite && combines(a, policy))) return true;
      const std::string cmp = policy == write_policy::min ? "<" : ">";
      return refuse(a,
                    "policy '" + spelled + "' keeps the " +
                        (policy == write_policy::min ? "smaller" : "larger") +
                        " value: only writes of that form to '" + name + "' can be cached",
                    "write `" + element + " = std::" + spelled + "(" + element + ", v)` or `if (v " + cmp +
                        " " + element + ") " + element + " = v`; choose another policy for '" + name +
                        "' with --array " + name + ":POLICY");
    }
    if (policy == write_policy::any && array.read && array.written && !owner_computes(a, m_, ctx_))
      return refuse(a, "'" + name + "' is read and written in the same tile",
                    "with policy any, a read of an element another iteration writes is not well defined; "
                    "choose a policy for it (--array " +
                        name + ":min, max, sum or priority) if the algorithm allows it");
    return true;
  }

  // Whether a plain write `A[k] = v` has the combining policy's meaning.
  bool combines(const Access &a, write_policy policy) {
    const Expr *target = a.field_call ? a.field_call : a.subscript;  // the element, or its member
    if (!a.value || reads_modified(target, modified_)) return false;
    // A[k] = std::min(A[k], v)
    if (auto *call = dyn_cast<CallExpr>(bare(a.value)); call && call->getNumArgs() == 2) {
      const FunctionDecl *f = call->getDirectCallee();
      if (f && f->isInStdNamespace() && f->getName() == policy_name(policy) &&
          !reads_modified(call, modified_))
        return same_expression(call->getArg(0), target, ctx_) ||
               same_expression(call->getArg(1), target, ctx_);
    }
    // if (v < A[k]) A[k] = v, with A[k] also reached through an equality (v < x && x == A[k]).
    const Expr *cond = guarding_condition(a.whole, ctx_);
    if (!cond || reads_modified(cond, modified_) || reads_modified(a.value, modified_)) return false;
    std::vector<Fact> facts;
    conjuncts(cond, facts);
    std::vector<const Expr *> same = {target};  // the element, and what the condition equates with it
    for (const Fact &f : facts)
      if (f.op == "==") {
        if (same_expression(f.lhs, target, ctx_)) same.push_back(f.rhs);
        if (same_expression(f.rhs, target, ctx_)) same.push_back(f.lhs);
      }
    const auto is_element = [&](const Expr *e) {
      return std::any_of(same.begin(), same.end(),
                         [&](const Expr *s) { return same_expression(s, e, ctx_); });
    };
    const bool min = policy == write_policy::min;
    for (const Fact &f : facts) {
      const bool less = f.op == "<" || f.op == "<=", greater = f.op == ">" || f.op == ">=";
      // v < x, or x > v (min); v > x, or x < v (max)
      if (same_expression(f.lhs, a.value, ctx_) && is_element(f.rhs) && (min ? less : greater)) return true;
      if (same_expression(f.rhs, a.value, ctx_) && is_element(f.lhs) && (min ? greater : less)) return true;
    }
    return false;
  }

  const Settings &settings_;
  ASTContext &ctx_;
  const LoopModel &m_;
  const std::set<const ValueDecl *> &modified_;
  std::vector<Refusal> &refusals_;
};

}  // namespace

void check_write_policies(const Settings &settings, ASTContext &ctx, const LoopModel &model,
                          const std::set<const ValueDecl *> &modified, std::vector<Refusal> &refusals) {
  PolicyChecker(settings, ctx, model, modified, refusals).run();
}

}  // namespace pgas::refactor
