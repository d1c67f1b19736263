// The identifiers a name the rewrite declares (a cache, a tile counter) must not take in a translation unit,
// found in the AST: every name the main file declares (in any scope), every declaration it refers to
// (variables, functions, members, types, templates, and the unresolved names of templates), and every macro.
// A generated declaration with another name can neither clash with a declaration in its scope, nor hide a
// name the copied loop body uses, nor be hidden by one of the body's own declarations.
#pragma once

#include <clang/AST/ASTContext.h>

#include <set>
#include <string>

namespace pgas::refactor {

class NamesInUse {
 public:
  explicit NamesInUse(clang::ASTContext &ctx);

  bool contains(const std::string &name) const;
  // A name given to generated code: later rewrites of the file avoid it too.
  void add(const std::string &name) { names_.insert(name); }

 private:
  clang::ASTContext &ctx_;
  std::set<std::string> names_;
};

}  // namespace pgas::refactor
