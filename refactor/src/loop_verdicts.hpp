// Step 2 of rewriting a translation unit: judging the candidates. Of nested candidates only the innermost is
// rewritten; a candidate nothing refused so far goes through the legality rules (check_legality). After
// judge_candidates, a candidate without refusals is ready to be rewritten.
#pragma once

#include <clang/AST/ASTContext.h>

#include <vector>

#include "loop_finding.hpp"
#include "options.hpp"

namespace pgas::refactor {

void judge_candidates(const Settings &settings, clang::ASTContext &ctx, std::vector<Candidate> &candidates);

}  // namespace pgas::refactor
