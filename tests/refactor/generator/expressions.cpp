// Random reads of shared arrays inside a loop body: index expressions (affine, modulo, indirect, through
// helpers and lambdas) and the statements around a read (guards, inner loops, calls, aliases).
#include <string>
#include <vector>

#include "program_parts.hpp"

namespace pgas::gen {

namespace {

std::string str(long v) { return std::to_string(v); }

// The loop variable as a long, for arithmetic that may go below zero or mix types.
std::string as_long(const Scope &s) { return "static_cast<long>(" + s.var + ")"; }

}  // namespace

std::string read_value(Rng &rng, const Array &a, const std::string &k) {
  if (a.elem == "Rec")
    return rng.chance(50) ? "static_cast<long>(static_cast<Rec>(" + a.name + "[" + k + "]).a)"
                          : "static_cast<long>(" + a.name + "[" + k + "].field(&Rec::b))";
  return "static_cast<long>(" + a.name + "[" + k + "])";
}

std::string element_value(const Array &a, const std::string &s) {
  if (a.elem == "Rec") return "Rec{static_cast<int>((" + s + ") % 1009), static_cast<int>((" + s + ") % 7)}";
  if (a.elem == "long") return "(" + s + ") % 1009";
  return "static_cast<" + a.elem + ">((" + s + ") % 1009)";
}

std::string index_expression(Scope &s, int size) {
  const std::string n = str(size);
  if (s.indices && s.want("indirect", 30)) {
    const std::string p = s.indices->name, np = str(s.indices->size);
    if (s.rng.chance(25))  // two levels: P[P[i]]
      return "static_cast<long>(" + p + "[static_cast<long>(" + p + "[" + s.var + " % " + np + "]) % " + np +
             "]) % " + n;
    if (size >= s.index_range && s.want("gather", 70))  // X[P[i]]: the index is a shared_ref
      return p + "[(" + s.var + " + " + str(s.rng.range(0, 5)) + ") % " + np + "]";
    if (s.rng.chance(50))  // the element itself (a shared_ref) in the index expression
      return p + "[(" + s.var + " + " + str(s.rng.range(0, 5)) + ") % " + np + "] % " + n;
    return "static_cast<long>(" + p + "[(" + s.var + " + " + str(s.rng.range(0, 5)) + ") % " + np + "]) % " +
           n;
  }
  if (s.want("calls", 20))
    return s.rng.chance(50) ? s.prefix + "mix(" + as_long(s) + ") % " + n
                            : s.prefix + "opaque(" + as_long(s) + ") % " + n;
  if (s.want("lambdas", 20)) {
    const std::string name = s.fresh("lam");
    if (s.rng.chance(25)) {  // pure, declared in the loop body
      s.start.push_back("auto " + name + " = [](long v) { return (v * " + str(s.rng.range(1, 5)) + " + " +
                        str(s.rng.range(0, 9)) + ") % " + n + "; };");
    } else if (s.rng.chance(50)) {  // pure
      s.before.push_back("auto " + name + " = [](long v) { return (v * " + str(s.rng.range(1, 5)) + " + " +
                         str(s.rng.range(0, 9)) + ") % " + n + "; };");
    } else {  // stateful: counts its calls, reset at the start of every iteration
      const std::string state = s.fresh("calls");
      s.before.push_back("long " + state + " = 0;");
      s.before.push_back("auto " + name + " = [&" + state + "](long v) { " + state + " = " + state +
                         " + 1; return (v + " + state + ") % " + n + "; };");
      s.start.push_back(state + " = 0;");
    }
    return name + "(" + as_long(s) + ")";
  }
  switch (s.rng.range(0, 2)) {
    case 0:
      return "(" + s.var + " * " + str(s.rng.range(1, 4)) + " + " + str(s.rng.range(0, size)) + ") % " + n;
    case 1:
      return "(" + s.var + " + " + str(s.rng.range(0, 3)) + ") % " + n;
    default:
      return s.var + " % " + n;
  }
}

std::vector<std::string> read_term(Scope &s, const std::string &sum) {
  const Array &x = *s.reads[static_cast<std::size_t>(s.rng.range(0, static_cast<int>(s.reads.size()) - 1))];
  const std::string n = str(x.size), i = as_long(s);
  if (s.want("guards", 25)) {
    const std::string d = str(s.rng.range(1, 3));
    switch (s.rng.range(0, 3)) {
      case 0:  // an index in range only where the guard holds
        return {"if (" + i + " + " + d + " < " + n + ") " + sum +
                " += " + read_value(s.rng, x, i + " + " + d) + ";"};
      case 1:
        return {"if (" + i + " >= " + d + " && " + i + " - " + d + " < " + n + ") " + sum +
                " += " + read_value(s.rng, x, i + " - " + d) + ";"};
      case 2:  // a division only where the guard holds
        return {"if (" + i + " % 3 != 0) " + sum +
                " += " + read_value(s.rng, x, "(" + i + " * 5 / (" + i + " % 3)) % " + n) + ";"};
      default: {  // a condition on a value read from an array
        const std::string condition = read_value(s.rng, x, index_expression(s, x.size));
        return {"if (" + condition + " > 500) " + sum +
                " += " + read_value(s.rng, x, index_expression(s, x.size)) + ";"};
      }
    }
  }
  if (s.want("inner", 20)) {
    if (s.rng.chance(50))
      return {"for (int r = 0; r < " + str(s.rng.range(1, 3)) + "; ++r) " + sum +
              " += " + read_value(s.rng, x, "(" + i + " + r) % " + n) + ";"};
    return {"for (long r = -1; r <= 1; ++r)", "  if (" + i + " + r >= 0 && " + i + " + r < " + n + ") " +
                                                  sum + " += " + read_value(s.rng, x, i + " + r") + ";"};
  }
  if (x.elem != "Rec" && s.want("calls", 15)) {  // a visible helper that reads the array itself
    return {sum + " += " + s.prefix + "peek(" + x.name + ", " + i + " * " + str(s.rng.range(1, 3)) + ");"};
  }
  if (x.elem != "Rec" && s.want("lambdas", 15)) {  // a lambda that captures the array
    const std::string name = s.fresh("get");
    s.before.push_back("auto " + name + " = [&" + x.name + "](long k) { return static_cast<long>(" + x.name +
                       "[k % " + n + "]); };");
    return {sum + " += " + name + "(" + i + " + " + str(s.rng.range(0, 4)) + ");"};
  }
  if (s.want("locals", 20)) {  // the index evaluated once, into a local or a structured binding
    const std::string k = "const long k = " + index_expression(s, x.size) + ";";
    if (s.rng.chance(50)) return {"{", "  " + k, "  " + sum + " += " + read_value(s.rng, x, "k") + ";", "}"};
    return {"{", "  " + k, "  const auto [q, r] = std::pair<long, long>(k / 2, k % 2);",
            "  " + sum + " += " + read_value(s.rng, x, "q * 2 + r") + ";", "}"};
  }
  if (x.elem != "Rec" && s.want("aliases", 10)) {  // a pointer-to-shared past the start: negative offsets
    const std::string name = s.fresh("from"), offset = str(s.rng.range(1, x.size));
    s.before.push_back("const pgas::global_ptr<" + x.elem + "> " + name + " = " + x.name + ".ptr() + " +
                       offset + ";");
    return {sum + " += static_cast<long>(" + name + "[static_cast<long>(" + index_expression(s, x.size) +
            ") - " + offset + "]);"};
  }
  if (s.want("aliases", 20)) {
    const std::string name = s.fresh("alias");
    if (x.elem != "Rec" && s.rng.chance(50)) {
      s.before.push_back("pgas::global_ptr<" + x.elem + "> " + name + " = " + x.name + ";");
      return {sum + " += static_cast<long>(" + name + "[" + index_expression(s, x.size) + "]);"};
    }
    s.before.push_back("const auto &" + name + " = " + x.name + ";");
    Array alias = x;
    alias.name = name;
    return {sum + " += " + read_value(s.rng, alias, index_expression(s, x.size)) + ";"};
  }
  return {sum + " += " + read_value(s.rng, x, index_expression(s, x.size)) + ";"};
}

}  // namespace pgas::gen
