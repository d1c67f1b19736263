// Assembles one generated program: helpers, arrays, their initialization, random loops and the checksums.
#include "program.hpp"

#include <string>
#include <vector>

#include "program_parts.hpp"

namespace pgas::gen {

namespace {

std::string str(long v) { return std::to_string(v); }

struct Builder {
  Rng rng;
  const std::string policy;
  const std::set<std::string> &features;
  std::string prefix;
  GeneratedProgram out;
  std::vector<std::string> lines;  // the body of run()
  std::vector<Array> arrays;
  std::vector<std::string> scalars;  // longs declared at the top of run() and printed at the end
  int index_range = 1009;            // the index array's values are below this
  int counter = 0;

  bool has(const std::string &f) const { return features.count(f) > 0; }
  bool want(const std::string &f, int percent) {
    if (!has(f) || !rng.chance(percent)) return false;
    out.used.insert(f);
    return true;
  }
  void emit(const std::vector<std::string> &block, const std::string &indent = "  ") {
    for (const std::string &l : block) lines.push_back(indent + l);
  }

  Array make_array(int index, bool combining) {
    Array a;
    a.name = prefix + "a" + str(index);
    a.combining = combining;
    a.elem = "int";
    if (want("types", 50))
      a.elem = rng.pick<std::string>(combining ? std::vector<std::string>{"long", "double"}
                                               : std::vector<std::string>{"long", "double", "Rec"});
    a.size = rng.chance(10) ? rng.range(1, 4) : rng.range(5, 60);
    a.block = "1";
    if (want("layouts", 50)) a.block = rng.pick<std::string>({"2", "3", "4", "7", "16", "pgas::indefinite"});
    if (!combining && want("layouts", 20)) {
      a.rows = rng.range(2, 9);
      a.cols = rng.range(1, 8);
      a.size = a.rows * a.cols;
      if (rng.chance(50)) a.block = str(a.cols);  // one row per block
    }
    return a;
  }

  std::string declare(const Array &a) const {
    if (a.two_d())
      return "pgas::shared_array2d<" + a.elem + "> " + a.name + "(" + str(a.rows) + ", " + str(a.cols) +
             ", " + a.block + ", \"" + a.name + "\");";
    return "pgas::shared_array<" + a.elem + "> " + a.name + "(" + str(a.size) + ", " + a.block + ", \"" +
           a.name + "\");";
  }

  void initialize(const Array &a) {
    const std::string m = str(rng.range(1, 13)), c = str(rng.range(0, 100));
    std::string value = "k * " + m + " + " + c;
    if (a.indices) value = "(k * " + m + " + " + c + ") % " + str(index_range);
    if (a.combining) value = policy == "min" ? "1008 - k % 50" : policy == "max" ? "k % 50" : "k % 5";
    if (a.two_d()) {
      emit({"upc_forall(int r = 0, r < " + str(a.rows) + ", r++, &" + a.name + "[r][0]) {",
            "  for (int k = r * " + str(a.cols) + ", c = 0; c < " + str(a.cols) + "; ++c, ++k) " + a.name +
                "[r][c] = " + element_value(a, value) + ";",
            "}"});
    } else {
      emit({"upc_forall(int k = 0, k < " + str(a.size) + ", k++, &" + a.name + "[k]) { " + a.name +
            "[k] = " + element_value(a, value) + "; }"});
    }
  }

  // A combining write of `value` to c under the batch's policy, or (rarely) one of a form the policy does not
  // combine, which must be refused.
  std::string combine(const Array &c, const std::string &k, const std::string &value) {
    const std::string e = c.name + "[" + k + "]", v = "static_cast<" + c.elem + ">((" + value + ") % 1009)";
    if (rng.chance(10)) {
      return policy == "sum" ? e + " = " + v + ";" : "++" + e + ";";
    }
    if (policy == "sum") {
      switch (rng.range(0, 3)) {
        case 0:
          return "++" + e + ";";
        case 1:
          return e + "++;";
        case 2:
          return e + " = " + e + " + " + v + ";";
        default:
          return e + " += " + v + ";";
      }
    }
    const std::string op = policy == "min" ? "<" : ">";
    if (rng.chance(50)) return "if (" + v + " " + op + " " + e + ") " + e + " = " + v + ";";
    return e + " = std::" + policy + "<" + c.elem + ">(" + e + ", " + v + ");";
  }

  void loop(const std::vector<const Array *> &data, const Array *indices, const Array *combined) {
    const Array &owner = *data[static_cast<std::size_t>(rng.range(0, static_cast<int>(data.size()) - 1))];
    std::vector<std::string> before, start;
    std::string var = prefix + "i" + str(counter++);
    Scope scope{rng, features, out.used, prefix, var, {}, indices, index_range, before, start, counter};
    for (const Array *a : data)
      if (a != &owner && !a->two_d()) scope.reads.push_back(a);
    if (indices) scope.reads.push_back(indices);
    std::string type = "int";
    if (want("types", 40))
      type = rng.pick<std::string>({"long", "unsigned", "std::size_t", "std::size_t", "short",
                                    "unsigned short", "signed char", "unsigned char"});
    const bool is_unsigned = type.find("unsigned") != std::string::npos || type == "std::size_t";
    const int extent = owner.two_d() ? owner.rows : owner.size;
    int lo = rng.pick<int>({0, 0, 0, 1, 2}), hi = extent - rng.pick<int>({0, 0, 0, 1});
    if (want("empty", 10)) lo = hi + rng.range(0, 2);
    lo = std::min(lo, extent);
    const int shift = lo >= 1 && rng.chance(30) ? 1 : 0;  // the iteration's own element is i - 1
    const std::string own = shift ? var + " - 1" : var;
    std::string affinity =
        owner.two_d() ? "&" + owner.name + "[" + own + "][0]" : "&" + owner.name + "[" + own + "]";
    if (rng.chance(50)) affinity = own;  // an integer: the own element is often another thread's
    if (is_unsigned && shift == 0 && rng.chance(50)) affinity = var + " - 1";  // wraps at 0
    std::string cond = var + " < " + str(hi);
    if (rng.chance(25)) cond = var + " < " + owner.name + (owner.two_d() ? ".rows()" : ".size()");
    const std::string step = rng.pick<std::string>({var + "++", "++" + var, var + " += 2", var + " += 3"});
    std::string init = str(lo);
    std::vector<std::string> clause_body;
    if (want("clauses", 30)) {
      const std::string scalar = prefix + "v" + str(counter++);
      scalars.push_back(scalar);
      if (lo >= hi) {  // assigned only by iterations that never run: keeps its value
        clause_body.push_back(scalar + " = static_cast<long>(" + var + ");");
      } else if (rng.chance(50)) {  // every thread evaluates the init clause once
        init = "(" + scalar + " += 1, " + str(lo) + ")";
      } else {
        cond = var + " < " + prefix + "mix(0) * 0 + " + str(hi);  // a bound through a visible pure call
        scalars.pop_back();
      }
    }

    const std::string sum = prefix + "s" + str(counter++);
    std::vector<std::string> body = {"long " + sum + " = " + str(rng.range(0, 9)) + ";"};
    if (!scope.reads.empty())
      for (int t = rng.range(1, 3); t > 0; --t)
        for (const std::string &l : read_term(scope, sum)) body.push_back(l);
    if (owner.two_d()) {
      const std::string j = prefix + "j" + str(counter++);
      body.push_back("for (int " + j + " = 0; " + j + " < " + str(owner.cols) + "; ++" + j + ")");
      body.push_back("  " + owner.name + "[" + own + "][" + j +
                     "] = " + element_value(owner, sum + " + " + j) + ";");
      out.used.insert("inner");
    } else if (want("calls", 15) && owner.elem != "Rec") {
      body.push_back(prefix + "store(" + owner.name + ", static_cast<long>(" + own + "), " +
                     element_value(owner, sum) + ");");
    } else if (want("aliases", 20)) {  // the element just written, read back through another name
      const std::string alias = scope.fresh("view");
      before.push_back("const auto &" + alias + " = " + owner.name + ";");
      Array view = owner;
      view.name = alias;
      body.push_back(owner.name + "[" + own + "] = " + element_value(owner, sum) + ";");
      body.push_back(sum + " += " + read_value(rng, view, own) + ";");
      body.push_back(owner.name + "[" + own + "] = " + element_value(owner, sum) + ";");
    } else if (owner.elem == "Rec" && !owner.two_d() && want("members", 40)) {
      const std::string a = owner.name + "[" + own + "].field(&Rec::a)";
      if (rng.chance(50)) {  // both members of the own element
        if (rng.chance(30)) body.push_back(sum + " += " + read_value(rng, owner, own) + ";");
        body.push_back(a + " = static_cast<int>(" + sum + " % 1009);");
        body.push_back(owner.name + "[" + own + "].field(&Rec::b) " + rng.pick<std::string>({"+=", "-="}) +
                       " static_cast<int>(" + sum + " % 7);");
      } else {  // b of the next element, whose a its own iteration writes: not read in this loop
        body.push_back(a + " = static_cast<int>(" + sum + " % 1009);");
        body.push_back(owner.name + "[(" + own + " + 1) % " + str(owner.size) +
                       "].field(&Rec::b) = static_cast<int>(" + sum + " % 7);");
      }
    } else {
      if (rng.chance(30)) body.push_back(sum + " += " + read_value(rng, owner, own) + ";");
      body.push_back(owner.name + "[" + own + "] = " + element_value(owner, sum) + ";");
    }
    if (want("calls", 10)) body.push_back(prefix + "sync(" + sum + ");");
    body.insert(body.end(), clause_body.begin(), clause_body.end());
    if (combined) body.push_back(combine(*combined, index_expression(scope, combined->size), sum));
    // Start of every iteration (a stateful lambda's reset) before the rest.
    body.insert(body.begin(), start.begin(), start.end());

    lines.push_back("  {");
    emit(before, "    ");
    if (combined) out.racy_lines.push_back(static_cast<int>(lines.size()) + 1);
    lines.push_back("    upc_forall(" + type + " " + var + " = " + init + ", " + cond + ", " + step + ", " +
                    affinity + ") {");
    emit(body, "      ");
    lines.push_back("    }");
    lines.push_back("  }");
    lines.push_back("  upc_barrier;");
    if (is_unsigned || type != "int") out.used.insert("types");
  }
};

}  // namespace

GeneratedProgram generate_program(std::uint64_t seed, int index, const std::string &policy,
                                  const std::set<std::string> &features) {
  Builder b{Rng(seed * 1000003u + static_cast<std::uint64_t>(index)),
            policy,
            features,
            "g" + str(index) + "_",
            {},
            {},
            {},
            {}};
  const std::string p = b.prefix;
  std::vector<std::string> head = {
      "namespace g" + str(index) + " {",
      "long " + p + "mix(long x) { return (x * 7 + 3) % 101; }",
      "long " + p + "opaque(long x);  // defined in another translation unit",
      "template <class T>",
      "long " + p + "peek(const pgas::shared_array<T> &a, long k) {",
      "  return static_cast<long>(static_cast<T>(a[k % static_cast<long>(a.size())]));",
      "}",
      "template <class T>",
      "void " + p + "store(const pgas::shared_array<T> &a, long k, T v) { a[k] = v; }",
      "void " + p + "sync(long k) {",
      "  if (k < 0) upc_barrier;  // never: the values are not negative",
      "}",
      "",
      "void run() {"};
  b.out.opaque =
      "namespace g" + str(index) + " {\nlong " + p + "opaque(long x) { return (x * 5 + 1) % 97; }\n}\n";

  const int count = b.rng.range(1, 4);
  for (int a = 0; a < count; ++a) b.arrays.push_back(b.make_array(a, false));
  const bool indirect = b.has("indirect") && b.rng.chance(50);
  if (indirect) {
    Array p_array;
    p_array.name = p + "p";
    p_array.elem = "int";
    p_array.size = b.rng.range(3, 40);
    p_array.block = "1";
    p_array.indices = true;
    b.arrays.push_back(p_array);
  }
  const bool combining = policy != "any" && b.want("combining", 60);
  if (combining) b.arrays.push_back(b.make_array(count + 1, true));
  for (const Array &a : b.arrays)
    if (!a.indices && !a.two_d()) b.index_range = std::min(b.index_range, a.size);

  for (const Array &a : b.arrays) b.lines.push_back("  " + b.declare(a));
  const std::size_t scalars_at = b.lines.size();
  for (const Array &a : b.arrays) b.initialize(a);
  b.lines.push_back("  upc_barrier;");
  std::vector<const Array *> data;
  const Array *indices = nullptr, *combined = nullptr;
  for (const Array &a : b.arrays) {
    if (a.indices)
      indices = &a;
    else if (a.combining)
      combined = &a;
    else
      data.push_back(&a);
  }
  for (int l = b.rng.range(1, 3); l > 0; --l)
    b.loop(data, indices, combined && b.rng.chance(70) ? combined : nullptr);

  b.lines.push_back("  if (MYTHREAD == 0) {");
  for (const Array &a : b.arrays) {
    b.lines.push_back("    std::printf(\"" + a.name + " %lu\\n\", checksum_of(" + a.name +
                      (a.two_d() ? ".flat()" : "") + "));");
    if (a.combining || b.rng.chance(60)) b.out.cached.push_back(a.name);
    if (a.combining) b.out.combining.push_back(a.name);
  }
  for (const std::string &v : b.scalars)
    b.lines.push_back("    std::printf(\"" + v + " %ld\\n\", " + v + ");");
  b.lines.push_back("    std::fflush(stdout);");
  b.lines.push_back("  }");
  b.lines.push_back("  upc_barrier;");
  b.lines.push_back("}");
  b.lines.push_back("}  // namespace g" + str(index));
  for (const std::string &v : b.scalars) {  // declared before the loops that use them
    b.lines.insert(b.lines.begin() + static_cast<long>(scalars_at), "  long " + v + " = 7;");
    for (int &line : b.out.racy_lines) ++line;
  }
  for (int &line : b.out.racy_lines) line += static_cast<int>(head.size());
  for (const std::string &l : head) b.out.text += l + "\n";
  for (const std::string &l : b.lines) b.out.text += l + "\n";
  return b.out;
}

}  // namespace pgas::gen
