// Bulk reads of contiguous runs (issue 20 item 3): a read of an array the loop does not write, at an index
// that moves by one per iteration (`cur[i - 1][j]` in a loop over j), is read in a tile whose owned
// iterations are consecutive as one run of the array (pgas::refactored::index_run: one bulk transfer per
// owner, or the elements in place), which the executor indexes with plain loads and the inspector does not
// hint. Other tiles, and indices outside the run, read through the cache as before.
#pragma once

#include <clang/AST/ASTContext.h>

#include <functional>
#include <string>
#include <vector>

#include "loop_model.hpp"

namespace pgas::refactor {

// For each of the model's accesses, whether it is read as a run: a read of a whole element of an array the
// loop only reads, whose index (the column of a 2-D access, whose row does not depend on the loop variable)
// is an increasing affine function of the loop variable (`v + k`, `2 * v`: a tile in arithmetic
// progression reads it as a strided run), computed from the loop variable and
// variables declared before the loop alone (no declaration of the body, no inner loop, no cached read, no
// call that may throw). Only loops whose tiles are found from the layout (LoopModel::affinity_walks).
std::vector<bool> run_reads(const LoopModel &model);

// Reads inside counting loops of the body (`b[l][j]` in `for (j ...) for (l ...)`, matmul): a read of a whole
// element of an array the loop only reads, whose row and column do not depend on the loop variable and each
// move with one counting loop at most (its variable plus or minus terms free of those loops), computed before
// the body as above, in loops whose bounds trip_of knows and whose bodies do not change their variables.
// The indices then lie between the index at the loops' first values and at their last: one run for every
// tile (pgas::refactored::index_run's loop constructor, read once until close() when the caches are not
// hoisted). For each access, the constructor's arguments after the cache (whether the loops run, and the
// index at their first or last values), or "" when it is not read so. `index` renders an access's index.
std::vector<std::string> loop_runs(const LoopModel &model, const clang::ASTContext &ctx,
                                   const std::function<std::string(const Access &)> &index);

}  // namespace pgas::refactor
