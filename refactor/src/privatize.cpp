// Privatization: in a loop whose affinity is `&X[e]` the iteration runs on the thread that owns X[e], so its
// accesses of X[e] need neither a proxy nor an affinity test: they become plain loads and stores through
// pgas::refactored::local_element (the local part plus the element's local index). Only what the loop's own
// test proves is privatized: the same array and the same index expression (same_expression: naming the same
// variables), whose variables the body leaves unchanged (so the index is the one the affinity test saw); X
// not strict (a strict access orders memory, a plain load does not), not cached and not rebound; and no write
// in the body through another name that may reach X's memory (a second pointer, a reference) that the
// analysis cannot tell apart from X.
#include "privatize.hpp"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The array and index expressions of the affinity `&X[e]` or `&X[r][e]`.
struct OwnedElement {
  const ValueDecl *array = nullptr;
  const Expr *row = nullptr, *index = nullptr;
};

std::optional<OwnedElement> owned_element(const LoopModel &m) {
  auto *amp = dyn_cast_or_null<CXXOperatorCallExpr>(bare(m.affinity_expr));
  if (!amp || amp->getOperator() != OO_Amp) return std::nullopt;
  const CXXOperatorCallExpr *outer = subscript_call(amp->getArg(0));
  if (!outer) return std::nullopt;
  if (const ValueDecl *d = named_decl(outer->getArg(0))) return OwnedElement{d, nullptr, outer->getArg(1)};
  const CXXOperatorCallExpr *inner = subscript_call(outer->getArg(0));
  const ValueDecl *d = inner ? named_decl(inner->getArg(0)) : nullptr;
  if (!d) return std::nullopt;
  return OwnedElement{d, inner->getArg(1), outer->getArg(1)};
}

bool strict_array(const ValueDecl *d) {
  auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      d->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec) return true;
  for (const TemplateArgument &arg : spec->getTemplateArgs().asArray())
    if (arg.getKind() == TemplateArgument::Integral && arg.getIntegralType()->isEnumeralType() &&
        arg.getIntegralType().getAsString().find("consistency") != std::string::npos &&
        arg.getAsIntegral() != 0)
      return true;
  return false;
}

Refusal note(const LoopModel &m, const Stmt *at, const std::string &array, const std::string &why) {
  return {m.loop->getBeginLoc(),
          "accesses of '" + array + "' at the affinity's element are not privatized: " + why,
          at->getBeginLoc(), "they keep their proxies"};
}

}  // namespace

void privatize_owned_accesses(ASTContext &ctx, LoopModel &m, std::vector<Refusal> &notes) {
  const std::optional<OwnedElement> own = owned_element(m);
  if (!own) return;
  for (const CachedArray &a : m.arrays)
    if (a.decl == own->array) return;  // its accesses go through its cache, which reads local ones in place
  // The accesses of X in the body, classified as the cache's are (reads, writes, updates).
  LoopModel probe = m;
  probe.arrays.clear();
  probe.accesses.clear();
  std::vector<Refusal> unusable;
  const std::string name = own->array->getName().str();
  if (!find_accesses({name}, ctx, probe, unusable) || probe.arrays.size() != 1) return;
  std::vector<Access> owned;
  for (const Access &a : probe.accesses)
    if (a.member.empty() && same_expression(a.row, own->row, ctx) &&
        same_expression(a.index, own->index, ctx))
      owned.push_back(a);
  if (owned.empty()) return;
  const Stmt *first = owned.front().whole;
  if (!unusable.empty())
    return notes.push_back(note(m, first, name,
                                "an element of '" + name +
                                    "' is used in a way a plain "
                                    "reference would change (" +
                                    unusable.front().message.substr(15) + ")"));
  if (strict_array(own->array))
    return notes.push_back(note(m, first, name,
                                "'" + name +
                                    "' is strict, and a plain access would not order "
                                    "memory as a strict one does"));
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  if (modified.count(own->array))
    return notes.push_back(note(m, first, name, "the loop body changes '" + name + "'"));
  std::set<const ValueDecl *> index_refs;
  collect_refs(own->row, index_refs);
  collect_refs(own->index, index_refs);
  for (const ValueDecl *d : index_refs)
    if (modified.count(d))
      return notes.push_back(note(
          m, first, name, "the index depends on '" + d->getName().str() + "', which the loop body changes"));
  for (const ValueDecl *d : written)
    if (d != own->array && may_alias(d, own->array))
      return notes.push_back(
          note(m, first, name,
               "the loop body writes '" + d->getName().str() + "', which may name the same shared memory"));
  for (Access &a : owned) a.array = 0;
  m.private_array = probe.arrays.front();
  m.private_accesses = std::move(owned);
}

}  // namespace pgas::refactor
