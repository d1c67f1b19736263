// The executor loop of a tile (rewrite.cpp): the body with the cached arrays' accesses through their caches
// and runs, and where it pays, a second copy for the tiles that allow plain indexing (executor.cpp).
#pragma once

#include <clang/AST/ASTContext.h>

#include <functional>
#include <string>
#include <vector>

#include "body_renderer.hpp"
#include "loop_model.hpp"

namespace pgas::refactor {

struct ExecutorParts {
  std::vector<std::string> run_of;  // per access: the index_run it reads through, or ""
  std::string owned;                // the vector of owned iterations, or "" (the loop keeps its header)
  std::string walk;                 // the header walking the owned iterations
  std::string views;                // declarations of the privatized rows, at the top of each iteration
  bool walks = false;               // the tiles are found from the layout (owned_iterations)
};

// The executor's text. When reads of runs provably stay inside their runs (their variables unchanged by the
// body, no calls; the trips of the body's loops for runs over them), it runs them without bounds checks in
// tiles their runs cover; when the tile's owned iterations are consecutive, it also runs as a counting loop
// with the privatized element through one base pointer (pgas::refactored::tile_base). Other tiles run the
// plain executor. `name` gives a fresh name from a base.
std::string executor_text(const LoopModel &m, Renderer &render, clang::ASTContext &ctx,
                          const ExecutorParts &parts,
                          const std::function<std::string(const std::string &)> &name);

}  // namespace pgas::refactor
