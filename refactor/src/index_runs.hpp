// Bulk reads of contiguous runs (issue 20 item 3): a read of an array the loop does not write, at an index
// that moves by one per iteration (`cur[i - 1][j]` in a loop over j), is read in a tile whose owned
// iterations are consecutive as one run of the array (pgas::refactored::index_run: one bulk transfer per
// owner, or the elements in place), which the executor indexes with plain loads and the inspector does not
// hint. Other tiles, and indices outside the run, read through the cache as before.
#pragma once

#include <clang/AST/ASTContext.h>

#include <vector>

#include "loop_model.hpp"

namespace pgas::refactor {

// For each of the model's accesses, whether it is read as a run: a read of a whole element of an array the
// loop only reads, whose index (the column of a 2-D access, whose row does not depend on the loop variable)
// is the loop variable plus or minus terms that do not depend on it, computed from the loop variable and
// variables declared before the loop alone (no declaration of the body, no inner loop, no cached read, no
// call that may throw). Only loops whose tiles are found from the layout (LoopModel::affinity_walks).
std::vector<bool> run_reads(const LoopModel &model);

}  // namespace pgas::refactor
