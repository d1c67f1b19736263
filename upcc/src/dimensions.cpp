// THREADS in array dimensions (UPC 1.3 §6.5.2): in the dynamic THREADS environment a shared array's
// dimension holds THREADS at most once, alone or multiplied by a positive integer constant expression,
// never in an array with indefinite block size; a private array with static storage cannot use it.
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/TypeLoc.h>

#include "marker_names.hpp"
#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {

void factors(const Expr *e, std::vector<const Expr *> &out) {
  e = e->IgnoreParenImpCasts();
  if (const auto *mul = dyn_cast<BinaryOperator>(e); mul && mul->getOpcode() == BO_Mul) {
    factors(mul->getLHS(), out);
    factors(mul->getRHS(), out);
  } else {
    out.push_back(e);
  }
}

// THREADS alone, or a product of THREADS once and positive integer constant expressions (2 * THREADS * N).
bool threads_well_formed(const Expr *e, const ASTContext &ctx) {
  std::vector<const Expr *> product;
  factors(e, product);
  int threads = 0;
  for (const Expr *factor : product) {
    if (is_threads(factor)) {
      ++threads;
      continue;
    }
    Expr::EvalResult value;
    if (threads_uses(factor) != 0 || !factor->EvaluateAsInt(value, ctx) ||
        !value.Val.getInt().isStrictlyPositive())
      return false;
  }
  return threads == 1;
}

}  // namespace

void Translator::check_dimensions(const VarDecl *d) {
  const TypeSourceInfo *info = d->getTypeSourceInfo();
  if (info == nullptr || !d->getType()->isArrayType()) return;
  const bool shared = is_shared(d->getType());
  const SharedLevel level =
      shared ? shared_shape(types_, d->getType(), written_type(d)).level : SharedLevel{};
  const std::string name = "'" + d->getName().str() + "'";
  int dimensions_with_threads = 0;
  for (TypeLoc tl = info->getTypeLoc(); !tl.isNull();) {
    auto a = tl.getAsAdjusted<ArrayTypeLoc>();
    if (a.isNull()) break;
    tl = a.getElementLoc();
    const Expr *size = a.getSizeExpr();
    const int uses = threads_uses(size);
    if (uses == 0 || !types_.dynamic_threads()) continue;
    ++dimensions_with_threads;
    if (!shared) {
      if (d->hasGlobalStorage())
        error(size->getBeginLoc(),
              "THREADS is not a constant in the dynamic THREADS environment, so the private "
              "array " +
                  name +
                  " with static storage cannot use it (UPC 1.3 §6.3.1): "
                  "compile with -T N, or allocate it");
    } else if (level.layout == Layout::Indefinite) {
      error(size->getBeginLoc(), "THREADS cannot appear in a dimension of " + name +
                                     ", whose block size is "
                                     "indefinite, in the dynamic THREADS environment (UPC 1.3 §6.5.2)");
    } else if (uses > 1 || !threads_well_formed(size, ctx_)) {
      error(size->getBeginLoc(),
            "in the dynamic THREADS environment a dimension of a shared array holds THREADS "
            "once, alone or multiplied by a positive integer constant expression "
            "(UPC 1.3 §6.5.2); compile with -T N for other uses");
    }
  }
  if (shared && dimensions_with_threads > 1)
    error(d->getLocation(),
          "in the dynamic THREADS environment THREADS appears in one dimension of a shared "
          "array only (UPC 1.3 §6.5.2); " +
              name + " has it in " + std::to_string(dimensions_with_threads));
}

}  // namespace pgas::upcc
