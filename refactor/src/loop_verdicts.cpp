#include "loop_verdicts.hpp"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

#include "analysis.hpp"
#include "privatize.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool contains(const ForStmt *outer, const ForStmt *inner, const SourceManager &sm) {
  SourceRange o = outer->getSourceRange(), i = inner->getSourceRange();
  return outer != inner && !sm.isBeforeInTranslationUnit(i.getBegin(), o.getBegin()) &&
         !sm.isBeforeInTranslationUnit(o.getEnd(), i.getEnd());
}

}  // namespace

void judge_candidates(const Settings &settings, ASTContext &ctx, std::vector<Candidate> &candidates) {
  const SourceManager &sm = ctx.getSourceManager();
  for (Candidate &c : candidates) {
    auto inner = std::find_if(candidates.begin(), candidates.end(), [&](const Candidate &other) {
      return contains(c.model.loop, other.model.loop, sm);
    });
    if (inner != candidates.end()) {
      // Only this reason is given: the loop is not a rewrite target whatever else holds.
      c.refusals = {{c.model.loop->getBeginLoc(),
                     "not rewritten: a nested upc_forall loop accesses the chosen arrays",
                     inner->model.loop->getBeginLoc(), "the innermost loop is rewritten instead"}};
      continue;
    }
    if (c.refusals.empty() && !c.opted_out) check_legality(settings, ctx, c.model, c.refusals);
    if (c.refusals.empty() && !c.opted_out && settings.privatize)
      privatize_owned_accesses(settings, ctx, c.model, c.notes);
  }
}

}  // namespace pgas::refactor
