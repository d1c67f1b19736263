// Generates the rewritten loop:
//   {
//     const T v_first = first;                     // only when the init value may have effects
//     const T v_chunk = C;                         // at most T's largest value
//     pgas::cache<E> A_cache(A, pgas::refactored::tile_capacity(first, bound, v_chunk, sites of A));
//     std::vector<T> v_owned;                      // the tile's iterations that this thread runs
//     for (T v_tile = first; v_tile < bound; v_tile = tile_end(v_tile, v_chunk * stride)) {  // no wrap
//       v_owned.clear();
//       upc_forall(T v = v_tile, v < bound && v < tile_end(v_tile, v_chunk * stride), step, affinity) {
//         v_owned.push_back(v); hints }
//     -- or, when the affinity walks by layout (LoopModel::affinity_walks), v_chunk iterations this thread
//     owns: for (T v_tile = first; v_tile < bound;) {
//       v_owned.clear();
//       v_tile = pgas::refactored::owned_iterations(v_tile, [&](T v) { return v < bound; },
//                                                   [&](T v) { return affinity; }, v_owned, v_chunk);
//       if (v_owned.empty()) continue;                                 // nothing of this thread's
//       if (A_cache.wants_hints()) for (T v : v_owned) { hints }     // skipped when A is all in place,
//                                         // or when every hint is of a run and every run covers the tile
//       A_cache.download();
//       if (...) for (T v : v_owned) { hints of the next level }  A_cache.download();   // if any
//       for (T v : v_owned) { body, A's reads and writes through A_cache.get / put }
//       -- with a second copy of the body for tiles that index plain pointers (executor.cpp)
//       A_cache.upload();
//     }
// Only the first loop tests the affinity: the others walk the iterations it found. A loop whose header
// assigns a variable declared before it keeps upc_forall headers throughout (the variable's final value),
// after `v = first;` (its value after an empty range). Hints of indices that may throw are inside try.
//     A_cache.close();
//   }
// The body is copied from the source text with only the accesses replaced, so comments and formatting stay.
#include "rewrite.hpp"

#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "body_renderer.hpp"
#include "executor.hpp"
#include "index_runs.hpp"
#include "inner_trips.hpp"
#include "line_mapping.hpp"
#include "pgas/hpcstpf.h"

namespace pgas::refactor {

using namespace clang;

namespace {

// The largest value of the variable's integer type (as a size: at most SIZE_MAX).
std::size_t max_value(const ValueDecl *v, const ASTContext &ctx) {
  const QualType t = v->getType();
  const unsigned bits = ctx.getIntWidth(t) - (t->isSignedIntegerType() ? 1 : 0);
  return bits >= 64 ? SIZE_MAX : (std::size_t{1} << bits) - 1;
}

// Whether one of the variables a declaration statement declares (or one of a structured binding's names) is
// missing from `used`.
bool declares_unused(const DeclStmt *ds, const std::set<const ValueDecl *> &used) {
  for (const Decl *d : ds->decls()) {
    if (auto *dd = dyn_cast<DecompositionDecl>(d)) {
      if (std::none_of(dd->bindings().begin(), dd->bindings().end(),
                       [&](const BindingDecl *b) { return used.count(b); }))
        return true;
    } else if (auto *vd = dyn_cast<VarDecl>(d); vd && !used.count(vd)) {
      return true;
    }
  }
  return false;
}

std::string fresh(const std::string &base, const std::function<bool(const std::string &)> &taken) {
  std::string name = base;
  for (int k = 2; taken(name); ++k) name = base + std::to_string(k);
  return name;
}

}  // namespace

std::size_t default_chunk(const LoopModel &m, std::size_t cache_memory) {
  std::size_t per_iteration = 0, fixed = 0;
  for (const CachedArray &a : m.arrays) {
    per_iteration += a.sites * HPCSTPF_BYTES_PER_ELEMENT(a.element_size);
    fixed += 64 + 16 * 1024;
  }
  if (per_iteration == 0 || cache_memory <= fixed) return 1;
  return std::max<std::size_t>(1, (cache_memory - fixed) / per_iteration);
}

namespace {

// The characters of a statement that ends with a body: through its `}` or its `;`.
CharSourceRange statement_range(const Stmt *s, const Stmt *body, const ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  SourceLocation begin = sm.getExpansionLoc(s->getBeginLoc()), end = sm.getExpansionLoc(body->getEndLoc());
  if (isa<CompoundStmt>(body)) return CharSourceRange::getTokenRange(begin, end);
  return CharSourceRange::getCharRange(
      begin, Lexer::findLocationAfterToken(end, tok::semi, sm, ctx.getLangOpts(), false));
}

const Stmt *body_of(const Stmt *loop) {
  if (auto *f = dyn_cast<ForStmt>(loop)) return f->getBody();
  if (auto *w = dyn_cast<WhileStmt>(loop)) return w->getBody();
  return cast<CXXForRangeStmt>(loop)->getBody();
}

}  // namespace

std::pair<CharSourceRange, CharSourceRange> hoist_ranges(const Stmt *target, const ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  CharSourceRange r = statement_range(target, body_of(target), ctx);
  const SourceLocation after =
      r.isTokenRange() ? Lexer::getLocForEndOfToken(r.getEnd(), 0, sm, ctx.getLangOpts()) : r.getEnd();
  return {CharSourceRange::getCharRange(r.getBegin(), r.getBegin()),
          CharSourceRange::getCharRange(after, after)};
}

bool first_has_effects(const LoopModel &m, const ASTContext &ctx) {
  return m.first_expr && m.first_expr->HasSideEffects(ctx, /*IncludePossibleEffects=*/true);
}

LoopRewrite rewrite_loop(const LoopModel &model, const Settings &settings, ASTContext &ctx,
                         const std::function<bool(const std::string &)> &taken, const Stmt *hoist_to) {
  LoopModel m = model;
  std::set<std::string> caches;  // names given so far (array P_y and P's member y would both be P_y_cache)
  for (CachedArray &a : m.arrays) {
    a.cache_var = fresh(a.name + (a.member.empty() ? "" : "_" + a.member) + "_cache",
                        [&](const std::string &name) { return caches.count(name) || taken(name); });
    caches.insert(a.cache_var);
  }
  // Privatized rows: one local_row per array, declared at the top of every loop that renders the body's
  // expressions (privatize.cpp).
  std::string views;
  for (LoopModel::RowView &v : m.row_views) {
    v.name =
        fresh(v.array + "_row", [&](const std::string &name) { return caches.count(name) || taken(name); });
    caches.insert(v.name);
    views += "const pgas::refactored::local_row " + v.name + "(" + v.array + ", " + v.row + ");\n";
  }
  Renderer render(m, ctx, settings);
  LoopRewrite out;
  const std::string chunk = fresh(m.var_name + "_chunk", taken), tile = fresh(m.var_name + "_tile", taken);
  const std::string owned = m.declares_var ? fresh(m.var_name + "_owned", taken) : std::string();
  // The original evaluates the init value once: one that may have effects (a call) is evaluated once into a
  // variable, which the caches' sizing and the tiles then read (such a loop is never hoisted).
  std::string first_value;
  if (first_has_effects(m, ctx)) {
    const std::string first = fresh(m.var_name + "_first", taken);
    first_value = "const " + m.var_type + " " + first + " = " + m.first + ";\n";
    m.first = first;
  }
  // A tile counts iterations in the variable's own type: the chunk must be a value of that type.
  const std::size_t chunk_value = std::min(
      settings.chunk ? settings.chunk : default_chunk(m, settings.cache_memory), max_value(m.var, ctx));
  const std::string span = m.stride == "1" ? chunk : chunk + " * (" + m.stride + ")";
  // The end of a tile, tile + span, saturates at the type's largest value instead of wrapping.
  const std::string tile_end = "pgas::refactored::tile_end(" + tile + ", " + span + ")";
  const std::string in_tile =
      m.var_name + " " + m.compare + " " + m.bound + " && " + m.var_name + " < " + tile_end;
  const std::string header = "upc_forall(" + (m.declares_var ? m.var_type + " " : std::string()) +
                             m.var_name + " = " + tile + ", " + in_tile + ", " + m.step + ", " + m.affinity +
                             ")";
  // The first value the loop does not reach, for sizing the caches.
  const bool simple = std::all_of(m.bound.begin(), m.bound.end(),
                                  [](unsigned char c) { return std::isalnum(c) || c == '_'; });
  const std::string past = m.compare == "<" ? m.bound : (simple ? m.bound : "(" + m.bound + ")") + " + 1";
  // The header of the loops after the first: over the owned iterations, or the upc_forall again.
  const std::string walk =
      owned.empty() ? header : "for (" + m.var_type + " " + m.var_name + " : " + owned + ")";
  std::string opening =
      first_value + "const " + m.var_type + " " + chunk + " = " + std::to_string(chunk_value) + ";\n";
  if (!owned.empty()) opening += "std::vector<" + m.var_type + "> " + owned + ";\n";
  for (std::size_t k = 0; k < m.arrays.size(); ++k) {
    const CachedArray &a = m.arrays[k];
    const std::string source =
        (a.two_d ? a.name + ".flat()" : a.name) + (a.member.empty() ? "" : ", " + a.member_pointer);
    const write_policy policy = settings.policy_of(a.name);
    opening +=
        "pgas::cache<" + a.element_type + "> " + a.cache_var + "(" + source +
        ", pgas::refactored::tile_capacity(" + m.first + ", " + past + ", " + chunk + ", " +
        elements_per_iteration(m, static_cast<int>(k), ctx) + ")" +
        // a write policy says how racing writes combine: an array only read has none
        (policy == write_policy::any || !a.written ? "" : ", pgas::write_policy::" + policy_name(policy)) +
        ");\n";
  }
  // A tile found from the layout holds `chunk` iterations of this thread's, and the walk says where the
  // next tile starts; a tile found by testing holds `chunk` iterations of the loop's.
  const bool walks = m.affinity_walks && !owned.empty();
  // Reads at an index that moves by one per iteration, as runs of their arrays (index_runs.hpp): one
  // index_run per array and index, declared once the tile's iterations are known.
  std::vector<std::string> run_of(m.accesses.size());
  std::map<std::string, std::string> run_names;  // cache and the run's arguments -> the run's name
  // Reads access k through the run of `arguments`, declared into `decls` the first time it is named.
  const auto read_through_run = [&](std::size_t k, const std::string &arguments, std::string &decls) {
    const CachedArray &a = m.arrays[static_cast<std::size_t>(m.accesses[k].array)];
    auto [at, added] = run_names.try_emplace(a.cache_var + "\n" + arguments);
    if (added) {
      at->second =
          fresh(a.name + "_run", [&](const std::string &name) { return caches.count(name) || taken(name); });
      caches.insert(at->second);
      out.names.push_back(at->second);
      decls += "const pgas::refactored::index_run<" + a.element_type + "> " + at->second + "(" + a.cache_var +
               ", " + arguments + ");\n";
    }
    run_of[k] = at->second;
  };
  std::string runs;
  if (walks) {
    const std::vector<bool> as_run = run_reads(m);
    for (std::size_t k = 0; k < m.accesses.size(); ++k)
      if (as_run[k])
        read_through_run(k,
                         owned + ", [&](" + m.var_type + " " + m.var_name + ") { return " +
                             render.index(m.accesses[k]) + "; }",
                         runs);
  }
  // Reads inside counting loops of the body, as one run for every tile (index_runs.hpp), declared at the top
  // of each tile: kept until close() (fetched once), unless the caches are hoisted past the loop (other code
  // may write the array between its executions).
  std::string loop_run_decls;
  const std::vector<std::string> loop_run_args =
      loop_runs(m, ctx, [&](const Access &a) { return render.index(a); });
  for (std::size_t k = 0; k < m.accesses.size(); ++k)
    if (!loop_run_args[k].empty() && run_of[k].empty())
      read_through_run(k, loop_run_args[k] + ", pgas::run_lifetime::" + (hoist_to ? "tile" : "until_close"),
                       loop_run_decls);
  render.read_runs(run_of);
  // A variable declared before the loop keeps the init value when the range is empty, as in the original.
  std::string text = m.declares_var ? "" : m.var_name + " = " + m.first + ";\n";
  text += "for (" + m.var_type + " " + tile + " = " + (m.declares_var ? m.first : m.var_name) + "; " + tile +
          " " + m.compare + " " + m.bound + ";" + (walks ? "" : " " + tile + " = " + tile_end) + ") {\n";
  if (!owned.empty()) text += owned + ".clear();\n";
  text += loop_run_decls;
  int levels = 1;
  for (const Access &a : m.accesses)
    if (a.kind != Access::kWrite)
      levels = std::max(levels, std::min(a.depth + (a.chases ? 1 : 0), settings.inspector_levels));
  for (int level = 1; level <= levels; ++level) {
    std::vector<std::string> hints;
    std::set<const DeclStmt *> decls;
    std::set<int> hinted;
    std::set<const ValueDecl *> used;  // what the hints and the copied declarations read
    std::vector<std::string> guards;   // the runs whose hints these are, when every hint is a run's
    bool all_guarded = true;
    for (const Access &a : m.accesses) {
      // A read that chases its array is hinted at its level, and its value one level later.
      const bool chased = a.chases && a.depth + 1 == level;
      if (a.kind == Access::kWrite || (a.depth != level && !chased)) continue;
      std::vector<const Expr *> computed = {a.row, a.index};
      for (const ForStmt *f : a.loops) computed.insert(computed.end(), {f->getCond(), f->getInc()});
      for (const ForStmt *f : a.loops)
        computed.push_back(cast<VarDecl>(cast<DeclStmt>(f->getInit())->getSingleDecl())->getInit());
      for (const Expr *e : computed)
        if (e) {
          collect_refs(e, used);
          for (const DeclStmt *d : needed_decls(e, m)) decls.insert(d);
        }
      const std::string &cache_var = m.arrays[static_cast<std::size_t>(a.array)].cache_var;
      std::string hint =
          chased ? "pgas::refactored::hint_element_at(" + cache_var + ", " + render.index(a) + ");\n"
                 : cache_var + ".hint_speculative(" + render.index(a) + ");\n";
      // A read as a run is hinted only in a tile the run does not cover.
      if (const std::string &run = run_of[static_cast<std::size_t>(&a - m.accesses.data())]; !run.empty()) {
        hint = "if (!" + run + ".covers()) " + hint;
        if (std::find(guards.begin(), guards.end(), run) == guards.end()) guards.push_back(run);
      } else {
        all_guarded = false;
      }
      // An index that depends on ordinary loops of the body is hinted inside copies of their headers.
      for (auto f = a.loops.rbegin(); f != a.loops.rend(); ++f)
        hint = "for (" + render.node((*f)->getInit()) + " " + render.node((*f)->getCond()) + "; " +
               render.node((*f)->getInc()) + ") {\n" + hint + "}\n";
      if (std::find(hints.begin(), hints.end(), hint) == hints.end()) hints.push_back(hint);
      hinted.insert(a.array);
    }
    // The first loop finds the owned iterations: from the layout, or by a upc_forall that records them.
    const bool first_loop = level == 1 && !owned.empty();
    const bool from_layout = first_loop && walks, records = first_loop && !walks;
    if (from_layout) {
      const std::string parameter = "[&](" + m.var_type + " " + m.var_name + ") { return ";
      // A built-in comparison holds for a prefix of ascending values of one sign: the walk may bisect.
      std::string in_range = parameter + m.var_name + " " + m.compare + " " + m.bound + "; }";
      if (m.arithmetic_compare) in_range = "pgas::refactored::loop_condition(" + in_range + ")";
      text += tile + " = pgas::refactored::owned_iterations(" + tile + ", " + in_range + ", " + parameter +
              m.affinity + "; }, " + owned + ", " + chunk + ");\n" + "if (" + owned +
              ".empty()) continue;\n" + runs;
    }
    // An index may throw where the original computes it later (a call not declared noexcept): the hints
    // then stop at the exception, the rest of the tile misses at get, and the executor throws it again at
    // its iteration, after the ones before it. The iterations are then recorded in a loop of their own.
    bool throws = false;
    for (const Access &a : m.accesses)
      if (a.kind != Access::kWrite && (a.depth == level || (a.chases && a.depth + 1 == level)))
        throws = throws || may_throw(a.row) || may_throw(a.index);
    for (const DeclStmt *d : decls) throws = throws || may_throw(d);
    const bool guarded = throws && !hints.empty(), records_with_hints = records && !guarded;
    if (records && guarded) text += header + " {\n" + owned + ".push_back(" + m.var_name + ");\n}\n";
    if (!hints.empty() || records_with_hints) {
      // A loop that only hints runs when some of its caches copies elements (not when every element is
      // accessed in place).
      std::string wanted;
      for (int k : hinted)
        wanted += (wanted.empty() ? "" : " || ") + m.arrays[static_cast<std::size_t>(k)].cache_var +
                  ".wants_hints()";
      // Where every hint is of a run, a tile all of whose runs cover it hints nothing: the loop is skipped
      // (the declarations it copies compute indices only, without effects), or in a loop that records the
      // owned iterations, the hints and their declarations are (not tested once per hint and iteration).
      std::string not_covered;
      if (all_guarded && !guards.empty()) {
        std::string covered;
        for (const std::string &run : guards) covered += (covered.empty() ? "" : " && ") + run + ".covers()";
        not_covered = guards.size() > 1 ? "!(" + covered + ")" : "!" + covered;
        if (hinted.size() > 1) wanted = "(" + wanted + ")";
        wanted += " && " + not_covered;
      }
      if (guarded) text += "try {\n";
      if (!records_with_hints) text += "if (" + wanted + ") {\n";
      for (const DeclStmt *d : decls)
        for (const Decl *v : d->decls())
          if (auto *vd = dyn_cast<VarDecl>(v)) collect_refs(vd->getInit(), used);
      // The inspector adds no warning to the program: what it declares and does not read is marked so.
      const bool reads_var = records_with_hints || used.count(m.var);
      std::string loop = records_with_hints ? header : walk;
      if (!reads_var && !owned.empty()) loop = "for ([[maybe_unused]] " + loop.substr(5);
      text += loop + " {\n";
      if (records_with_hints) text += owned + ".push_back(" + m.var_name + ");\n";
      std::string inner;
      for (const DeclStmt *d : m.body_decls)
        if (decls.count(d))
          inner += (declares_unused(d, used) ? "[[maybe_unused]] " : "") + render.node(d) + "\n";
      for (const std::string &h : hints) inner += h;
      if (records_with_hints && !not_covered.empty()) inner = "if (" + not_covered + ") {\n" + inner + "}\n";
      // The privatized rows the hints' indices and declarations read.
      for (const LoopModel::RowView &v : m.row_views)
        if (inner.find(v.name + "[") != std::string::npos)
          text += "const pgas::refactored::local_row " + v.name + "(" + v.array + ", " + v.row + ");\n";
      text += inner + (records_with_hints ? "}\n" : "}\n}\n");
      if (guarded) text += "} catch (...) {\n// thrown again by its iteration below\n}\n";
    }
    for (std::size_t k = 0; k < m.arrays.size(); ++k)
      if (level == 1 || hinted.count(static_cast<int>(k))) text += m.arrays[k].cache_var + ".download();\n";
  }
  const bool block = isa<CompoundStmt>(m.body);
  const SourceManager &sm = ctx.getSourceManager();
  // --line-directives: the added code stands for the loop's line, the body's statements for their own.
  const unsigned loop_line = sm.getExpansionLineNumber(m.loop->getBeginLoc());
  const unsigned end_line = sm.getExpansionLineNumber(m.body->getEndLoc());
  const std::string fixed = settings.line_directives ? fixed_marker(loop_line) : "";
  ExecutorParts parts{run_of, owned, walk, views, walks};
  text += executor_text(m, render, ctx, parts,
                        [&](const std::string &base) {
                          std::string n =
                              fresh(base, [&](const std::string &x) { return caches.count(x) || taken(x); });
                          caches.insert(n);
                          out.names.push_back(n);
                          return n;
                        }) +
          fixed;
  for (const CachedArray &a : m.arrays) text += a.cache_var + ".upload();\n";
  text += "}";
  std::string closing;
  for (const CachedArray &a : m.arrays) closing += a.cache_var + ".close();\n";
  if (!render.error().empty()) {
    out.error = render.error();
    return out;
  }
  SourceLocation begin = sm.getExpansionLoc(m.loop->getBeginLoc());
  SourceLocation end = sm.getExpansionLoc(m.body->getEndLoc());
  if (!block) end = Lexer::findLocationAfterToken(end, tok::semi, sm, ctx.getLangOpts(), false);
  out.range = block ? CharSourceRange::getTokenRange(begin, end) : CharSourceRange::getCharRange(begin, end);
  out.names.insert(out.names.end(), {chunk, tile});
  if (!owned.empty()) out.names.push_back(owned);
  for (const CachedArray &a : m.arrays) out.names.push_back(a.cache_var);
  out.opening = opening;
  out.closing = closing;
  out.text = hoist_to ? text : "{\n" + opening + text + "\n" + closing + "}";
  if (!m.distinct.empty() || !m.row_conditions.empty()) {
    // Names that may alias a cached array (aliases.cpp), and privatized rows whose arrays are not laid out
    // alike (privatize.cpp): the original loop runs when they do, or are not.
    std::string differ;
    for (const auto &[a, b] : m.distinct)
      differ += (differ.empty() ? "" : " && ") + std::string("pgas::refactored::distinct_objects(") + a +
                ", " + b + ")";
    for (const std::string &c : m.row_conditions) differ += (differ.empty() ? "" : " && ") + c;
    const std::string original = Lexer::getSourceText(out.range, sm, ctx.getLangOpts()).str();
    const std::string rewritten = hoist_to ? text : opening + text + "\n" + closing;
    out.text = "if (" + differ + ") {\n" + rewritten + "} else {\n" +
               (settings.line_directives ? line_marker(loop_line) : "") + original + "\n}";
  }
  // The code after the loop keeps its lines: the next line is the one after the loop's last.
  if (settings.line_directives) out.text = fixed + out.text + line_marker(end_line + 1);
  return out;
}

}  // namespace pgas::refactor
