// The pieces a generated program is made of (program.cpp assembles them): its arrays and the random
// expressions that read them (expressions.cpp).
#pragma once

#include <string>
#include <vector>

#include "program.hpp"

namespace pgas::gen {

struct Array {
  std::string name;
  std::string elem;        // int, long, double or Rec
  int size = 0;            // elements (rows * cols for a 2-d array)
  int rows = 0, cols = 0;  // a 2-d array when rows > 0
  std::string block;       // "1", "4", "pgas::indefinite", ...
  bool combining = false;  // only updated by combining writes (read by nothing but the checksum)
  bool indices = false;    // holds indices (values below 1009), read only after its initialization
  bool two_d() const { return rows > 0; }
};

// What a loop body may read, and the names it may use.
struct Scope {
  Rng &rng;
  const std::set<std::string> &features;
  std::set<std::string> &used;
  std::string prefix;                // "g3_"
  std::string var;                   // the loop's iteration variable
  std::vector<const Array *> reads;  // 1-d arrays the body may read anywhere
  const Array *indices = nullptr;    // the index array, for indirect reads
  int index_range = 0;               // the index array's values are below this (no larger than any 1-d array)
  std::vector<std::string> &before;  // declarations emitted before the loop (lambdas, aliases)
  std::vector<std::string> &start;   // statements at the start of every iteration
  int &counter;                      // to name what `before` declares
  bool has(const std::string &feature) const { return features.count(feature) > 0; }
  bool want(const std::string &feature, int percent) {
    if (!has(feature) || !rng.chance(percent)) return false;
    used.insert(feature);
    return true;
  }
  std::string fresh(const std::string &what) { return prefix + what + std::to_string(counter++); }
};

// `static_cast<long>(...)` of element k of a (a value, never negative, below 1009 unless combined).
std::string read_value(Rng &rng, const Array &a, const std::string &k);
// The element-type value of the long expression s (kept below 1009).
std::string element_value(const Array &a, const std::string &s);
// A non-negative index expression below `size`, in the loop variable, of one of the enabled forms.
std::string index_expression(Scope &scope, int size);
// Statements adding one random read to `sum` (may be guarded, looped, called or aliased).
std::vector<std::string> read_term(Scope &scope, const std::string &sum);

}  // namespace pgas::gen
