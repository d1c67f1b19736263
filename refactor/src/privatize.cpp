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

#include <algorithm>
#include <optional>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "same_expression.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The array and index expressions of the affinity `&X[e]`, `X + e` or `&X[r][e]`.
struct OwnedElement {
  const ValueDecl *array = nullptr;
  const Expr *row = nullptr, *index = nullptr;
};

std::optional<OwnedElement> owned_element(const LoopModel &m) {
  const std::optional<AffinityElement> outer = affinity_element(m.affinity_expr);
  if (!outer) return std::nullopt;
  if (const ValueDecl *d = named_decl(outer->array)) return OwnedElement{d, nullptr, outer->index};
  const CXXOperatorCallExpr *inner = subscript_call(outer->array);
  const ValueDecl *d = inner ? named_decl(inner->getArg(0)) : nullptr;
  if (!d) return std::nullopt;
  return OwnedElement{d, inner->getArg(1), outer->index};
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

// `part`: "element" (privatize_element) or "row" (privatize_rows).
Refusal note(const LoopModel &m, const Stmt *at, const std::string &array, const std::string &why,
             const char *part = "element") {
  return {m.loop->getBeginLoc(),
          "accesses of '" + array + "' at the affinity's " + part + " are not privatized: " + why,
          at->getBeginLoc(), "they keep their proxies"};
}

}  // namespace

namespace {

std::string record_name(const ValueDecl *d) {
  const CXXRecordDecl *r = d->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return r ? r->getQualifiedNameAsString() : "";
}

bool is_array2d(const ValueDecl *d) { return record_name(d) == "pgas::shared_array2d"; }

// Whether pgas::refactored::distinct_objects takes the name (a whole shared object or a pointer-to-shared).
bool checkable(const ValueDecl *d) {
  const std::string r = record_name(d);
  return r == "pgas::shared_array" || r == "pgas::shared_array2d" || r == "pgas::global_ptr" ||
         r == "pgas::shared_var";
}

// Accesses of `x` the rewrite would make plain, checked: why they cannot be (a note), or nothing. The body's
// writes through other names that may reach x's memory are allowed when `distinct` may collect run-time
// checks for them (names declared before the loop that the body does not rebind).
std::optional<Refusal> obstacle(const LoopModel &m, const ValueDecl *x,
                                const std::vector<const Expr *> &index, const Stmt *first,
                                const std::vector<Refusal> &unusable,
                                const std::set<const ValueDecl *> &modified,
                                const std::set<const ValueDecl *> &written, const SourceManager &sm,
                                std::vector<std::string> *distinct, const char *part) {
  const std::string name = x->getName().str();
  if (!unusable.empty())
    return note(m, first, name,
                "an element of '" + name + "' is used in a way a plain reference would change (" +
                    unusable.front().message.substr(15) + ")",
                part);
  if (strict_array(x))
    return note(m, first, name,
                "'" + name + "' is strict, and a plain access would not order memory as a strict one does",
                part);
  if (modified.count(x)) return note(m, first, name, "the loop body changes '" + name + "'", part);
  std::set<const ValueDecl *> index_refs;
  for (const Expr *e : index) collect_refs(e, index_refs);
  for (const ValueDecl *d : index_refs)
    if (modified.count(d))
      return note(m, first, name,
                  "the index depends on '" + d->getName().str() + "', which the loop body changes", part);
  for (const ValueDecl *d : written) {
    if (d == x || !may_alias(d, x)) continue;
    if (distinct && checkable(d) && !modified.count(d) &&
        sm.isBeforeInTranslationUnit(d->getLocation(), m.loop->getBeginLoc())) {
      distinct->push_back("pgas::refactored::distinct_objects(" + name + ", " + d->getName().str() + ")");
      continue;
    }
    return note(m, first, name,
                "the loop body writes '" + d->getName().str() + "', which may name the same shared memory",
                part);
  }
  return std::nullopt;
}

// The element: `X[e]` under `&X[e]` (`X[r][e]` under `&X[r][e]`).
void privatize_element(ASTContext &ctx, LoopModel &m, const OwnedElement &own, std::vector<Refusal> &notes,
                       const std::set<const ValueDecl *> &modified,
                       const std::set<const ValueDecl *> &written) {
  for (const CachedArray &a : m.arrays)
    if (a.decl == own.array) return;  // its accesses go through its cache, which reads local ones in place
  // The accesses of X in the body, classified as the cache's are (reads, writes, updates).
  LoopModel probe = m;
  probe.arrays.clear();
  probe.accesses.clear();
  std::vector<Refusal> unusable;
  const std::string name = own.array->getName().str();
  if (!find_accesses({name}, ctx, probe, unusable) || probe.arrays.size() != 1) return;
  std::vector<Access> owned;
  for (const Access &a : probe.accesses)
    if (a.member.empty() && same_expression(a.row, own.row, ctx) && same_expression(a.index, own.index, ctx))
      owned.push_back(a);
  if (owned.empty()) return;
  // A 2-D array's other names are checked at run time, as for its rows (privatize_rows).
  std::vector<std::string> distinct;
  if (std::optional<Refusal> why =
          obstacle(m, own.array, {own.row, own.index}, owned.front().whole, unusable, modified, written,
                   ctx.getSourceManager(), own.row ? &distinct : nullptr, "element"))
    return notes.push_back(*why);
  m.row_conditions.insert(m.row_conditions.end(), distinct.begin(), distinct.end());
  for (Access &a : owned) a.array = 0;
  m.private_array = probe.arrays.front();
  m.private_accesses = std::move(owned);
}

// The cached array of the affinity's element `&X[e]` (1-D, the whole element cached): its index in m.arrays,
// or -1.
int owned_cached_array(const LoopModel &m, const OwnedElement &own) {
  if (own.row) return -1;
  auto cached = std::find_if(m.arrays.begin(), m.arrays.end(),
                             [&](const CachedArray &a) { return a.decl == own.array; });
  if (cached == m.arrays.end() || !cached->member.empty()) return -1;
  return static_cast<int>(cached - m.arrays.begin());
}

// Whether the accesses of the cached array `array` at the affinity's element (the first at `first`) are
// provably the thread's own element: obstacle() finds nothing.
bool provably_owned(ASTContext &ctx, const LoopModel &m, const OwnedElement &own, int array,
                    const Stmt *first, const std::set<const ValueDecl *> &modified,
                    const std::set<const ValueDecl *> &written) {
  LoopModel probe = m;
  probe.arrays.clear();
  probe.accesses.clear();
  std::vector<Refusal> unusable;
  if (!find_accesses({m.arrays[static_cast<std::size_t>(array)].name}, ctx, probe, unusable) ||
      probe.arrays.size() != 1)
    return false;
  return !obstacle(m, own.array, {own.index}, first, unusable, modified, written, ctx.getSourceManager(),
                   nullptr, "element");
}

// Writes `X[e] = v` of a cached 1-D X under the affinity `&X[e]`, when the body writes X nowhere else and X's
// policy is min or max: each element is then written only by its owner (the iteration runs on the thread
// the affinity test found local, and the index's variables do not change), so the policy has no racing
// writes to combine and its atomic min (max) is a plain store of the same value: the policy's form makes v
// no larger (smaller) than the element as the thread read it, which no other thread changes. The reads
// are privatize_owned_reads'. Nothing is noted when this does not hold: the writes keep their puts.
void privatize_owned_writes(const Settings &settings, ASTContext &ctx, LoopModel &m, const OwnedElement &own,
                            const std::set<const ValueDecl *> &modified,
                            const std::set<const ValueDecl *> &written) {
  const int array = owned_cached_array(m, own);
  if (array < 0) return;
  const write_policy policy = settings.policy_of(m.arrays[static_cast<std::size_t>(array)].name);
  if (policy != write_policy::min && policy != write_policy::max) return;
  std::vector<Access *> writes;
  for (Access &a : m.accesses) {
    if (a.array != array || a.kind == Access::kRead) continue;
    if (a.kind != Access::kWrite || a.row || !a.member.empty() || !same_expression(a.index, own.index, ctx))
      return;  // another element, or an update: other threads may write the same elements
    writes.push_back(&a);
  }
  if (writes.empty() || !provably_owned(ctx, m, own, array, writes.front()->whole, modified, written)) return;
  for (Access *a : writes) a->owned_store = true;
}

// Reads `X[e]` of a cached 1-D X under the affinity `&X[e]`: the element is this thread's, and a cache reads
// its thread's own elements in place whatever its policy (its own part is always in place, and its puts of
// them land there), so a plain load of the local element reads what the get would, without the get's tests
// and the owner's division. Nothing is noted when this does not hold: the reads keep their gets.
void privatize_owned_reads(ASTContext &ctx, LoopModel &m, const OwnedElement &own,
                           const std::set<const ValueDecl *> &modified,
                           const std::set<const ValueDecl *> &written) {
  const int array = owned_cached_array(m, own);
  if (array < 0) return;
  std::vector<Access *> reads;
  for (Access &a : m.accesses)
    if (a.array == array && a.kind == Access::kRead && !a.row && a.member.empty() &&
        same_expression(a.index, own.index, ctx))
      reads.push_back(&a);
  if (reads.empty() || !provably_owned(ctx, m, own, array, reads.front()->whole, modified, written)) return;
  for (Access *a : reads) a->owned_load = true;
}

// Rows: `X[r][k]` under the affinity `&Y[r][e]`, for 2-D arrays X the loop does not cache, when r is the
// affinity's row (same_expression), free of effects and of variables the body changes: X's row r is local
// when X and Y place their rows alike, which the rewritten code checks before it runs (rows_alike).
void privatize_rows(ASTContext &ctx, LoopModel &m, const OwnedElement &own, std::vector<Refusal> &notes,
                    const std::set<const ValueDecl *> &modified, const std::set<const ValueDecl *> &written) {
  std::set<const ValueDecl *> named;
  collect_refs(m.body, named);
  // Arrays named before the loop: the rows are found before the body runs.
  const SourceManager &sm = ctx.getSourceManager();
  std::vector<const ValueDecl *> candidates;
  for (const ValueDecl *d : named)
    if (isa<VarDecl>(d) && is_array2d(d) &&
        sm.isBeforeInTranslationUnit(d->getLocation(), m.loop->getBeginLoc()) &&
        std::none_of(m.arrays.begin(), m.arrays.end(), [&](const CachedArray &a) { return a.decl == d; }))
      candidates.push_back(d);
  // In the order of the source, so that the views and checks come out in a stable order.
  std::sort(candidates.begin(), candidates.end(), [&](const ValueDecl *a, const ValueDecl *b) {
    return sm.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
  });
  const std::string affinity_array = own.array->getName().str();
  for (const ValueDecl *x : candidates) {
    LoopModel probe = m;
    probe.arrays.clear();
    probe.accesses.clear();
    std::vector<Refusal> unusable;
    const std::string name = x->getName().str();
    if (!find_accesses({name}, ctx, probe, unusable) || probe.arrays.size() != 1 || probe.arrays[0].decl != x)
      continue;
    std::vector<Access> rows;
    for (const Access &a : probe.accesses)
      if (a.member.empty() && a.row && same_expression(a.row, own.row, ctx) &&
          std::none_of(m.private_accesses.begin(), m.private_accesses.end(),
                       [&](const Access &p) { return p.whole == a.whole; }))
        rows.push_back(a);
    if (rows.empty()) continue;
    const Stmt *first = rows.front().whole;
    if (own.row->HasSideEffects(ctx, /*IncludePossibleEffects=*/true)) {
      notes.push_back(note(m, first, name, "the affinity's row index may have effects", "row"));
      continue;
    }
    if (modified.count(own.array)) {
      notes.push_back(note(m, first, name, "the loop body changes '" + affinity_array + "'", "row"));
      continue;
    }
    std::vector<std::string> distinct;
    if (std::optional<Refusal> why =
            obstacle(m, x, {own.row}, first, unusable, modified, written, sm, &distinct, "row")) {
      notes.push_back(*why);
      continue;
    }
    const int view = static_cast<int>(m.row_views.size());
    m.row_views.push_back({name, spelled(own.row->getSourceRange(), ctx), ""});
    m.row_conditions.push_back("pgas::refactored::rows_alike(" + name + ", " + affinity_array + ")");
    m.row_conditions.insert(m.row_conditions.end(), distinct.begin(), distinct.end());
    for (Access &a : rows) {
      a.array = view;
      m.row_accesses.push_back(a);
    }
  }
}

}  // namespace

void privatize_owned_accesses(const Settings &settings, ASTContext &ctx, LoopModel &m,
                              std::vector<Refusal> &notes) {
  const std::optional<OwnedElement> own = owned_element(m);
  if (!own) return;
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  privatize_element(ctx, m, *own, notes, modified, written);
  privatize_owned_writes(settings, ctx, m, *own, modified, written);
  privatize_owned_reads(ctx, m, *own, modified, written);
  if (own->row) privatize_rows(ctx, m, *own, notes, modified, written);
}

}  // namespace pgas::refactor
