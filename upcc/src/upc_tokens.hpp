// The token pass: UPC's extra syntax, in the preprocessed token stream, turned into C that Clang parses.
// It decides nothing: every UPC rule is checked on the typed AST (translation.cpp), which recognizes what
// this pass wrote by the names in marker_names.hpp. Every token it inserts carries the location of the UPC
// token it stands for, so that diagnostics name the user's file, line and column.
//
//   shared [B] / [*] / [] / (none)  ->  __attribute__((address_space(kSharedAddressSpace)))
//                                       __attribute__((btf_type_tag("upc_shared:<layout>")))
//   strict, relaxed                 ->  __attribute__((btf_type_tag("upc_strict" | "upc_relaxed")))
//   upc_forall (a; b; c; d) body    ->  for (a; b; c) if (__upc_forall_affinity(d)) body
//                                       (d = continue: __upc_forall_continue())
//   upc_barrier / upc_notify / upc_wait [e];  ->  __upc_barrier([e]); ...
//   upc_fence                       ->  __upc_fence()
//   upc_localsizeof (x) ...         ->  (sizeof (x) + __upc_localsizeof)
//
// A layout whose block size is not a single number is evaluated by Clang from an enumeration constant the
// pass declares before the top-level declaration that uses it (`enum { __upc_layout_<n> = (B) };`).
#pragma once

#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/Token.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <vector>

namespace pgas::upcc {

// Whether a token takes part in the pass: UPC keywords are keywords in the user's files and in the UPC
// headers, never in the system's C headers (which may use `shared` or `strict` as names).
using UpcTokenFilter = llvm::function_ref<bool(const clang::Token &)>;

std::vector<clang::Token> translate_upc_tokens(clang::Preprocessor &pp, const std::vector<clang::Token> &in,
                                               UpcTokenFilter is_upc);

}  // namespace pgas::upcc
