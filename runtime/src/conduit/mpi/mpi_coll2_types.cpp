// The MPI types and operations of the combining calls (see mpi_coll2.hpp): MPI's own where MPI defines the
// operation for the type and the type's layout is the C struct's, else a contiguous type of the element's
// bytes and an operation made by MPI_Op_create whose function calls the library's combiner.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "conduit/mpi/mpi_coll2.hpp"

namespace pgas::rt {
namespace {

void (*g_fatal)(const char *message) = nullptr;

enum class Family { kInteger, kReal, kComplex, kPair };

struct Native {
  MPI_Datatype type;
  Family family;
};

Native native(upccoll_dtype_t dt) {
  switch (dt) {
    case UPC_BYTE:
    case UPC_UCHAR:
      return {MPI_UNSIGNED_CHAR, Family::kInteger};  // MPI_BYTE has no arithmetic
    case UPC_CHAR:
      return {CHAR_MIN < 0 ? MPI_SIGNED_CHAR : MPI_UNSIGNED_CHAR, Family::kInteger};  // MPI_CHAR has none
    case UPC_SHORT:
      return {MPI_SHORT, Family::kInteger};
    case UPC_USHORT:
      return {MPI_UNSIGNED_SHORT, Family::kInteger};
    case UPC_INT:
      return {MPI_INT, Family::kInteger};
    case UPC_UINT:
      return {MPI_UNSIGNED, Family::kInteger};
    case UPC_LONG:
      return {MPI_LONG, Family::kInteger};
    case UPC_ULONG:
      return {MPI_UNSIGNED_LONG, Family::kInteger};
    case UPC_LONGLONG:
      return {MPI_LONG_LONG, Family::kInteger};
    case UPC_ULONGLONG:
      return {MPI_UNSIGNED_LONG_LONG, Family::kInteger};
    case UPC_FLOAT:
      return {MPI_FLOAT, Family::kReal};
    case UPC_DOUBLE:
      return {MPI_DOUBLE, Family::kReal};
    case UPC_LONGDOUBLE:
      return {MPI_LONG_DOUBLE, Family::kReal};
    case UPC_CPLX:
      return {MPI_C_FLOAT_COMPLEX, Family::kComplex};
    case UPC_DBLCPLX:
      return {MPI_C_DOUBLE_COMPLEX, Family::kComplex};
    case UPC_LONGDBLCPLX:
      return {MPI_C_LONG_DOUBLE_COMPLEX, Family::kComplex};
    case UPC_FLOAT_INT:
      return {MPI_FLOAT_INT, Family::kPair};
    case UPC_DOUBLE_INT:
      return {MPI_DOUBLE_INT, Family::kPair};
    case UPC_LONG_INT:
      return {MPI_LONG_INT, Family::kPair};
    case UPC_2INT:
      return {MPI_2INT, Family::kPair};
    case UPC_SHORT_INT:
      return {MPI_SHORT_INT, Family::kPair};
    default:  // UPC_LONG_DOUBLE_INT
      return {MPI_LONG_DOUBLE_INT, Family::kPair};
  }
}

// MPI's operation for a predefined one on the family, MPI_OP_NULL where MPI does not define it.
MPI_Op native_op(upccoll_op_t op, Family family) {
  switch (op) {
    case UPC_ADD:
      return family != Family::kPair ? MPI_SUM : MPI_OP_NULL;
    case UPC_MULT:
      return family != Family::kPair ? MPI_PROD : MPI_OP_NULL;
    case UPC_AND:
      return family == Family::kInteger ? MPI_BAND : MPI_OP_NULL;
    case UPC_OR:
      return family == Family::kInteger ? MPI_BOR : MPI_OP_NULL;
    case UPC_XOR:
      return family == Family::kInteger ? MPI_BXOR : MPI_OP_NULL;
    case UPC_LOGAND:  // MPI defines the logical operations on integers only
      return family == Family::kInteger ? MPI_LAND : MPI_OP_NULL;
    case UPC_LOGOR:
      return family == Family::kInteger ? MPI_LOR : MPI_OP_NULL;
    case UPC_MIN:
      return family == Family::kInteger || family == Family::kReal ? MPI_MIN : MPI_OP_NULL;
    case UPC_MAX:
      return family == Family::kInteger || family == Family::kReal ? MPI_MAX : MPI_OP_NULL;
    case UPC_MINLOC:
      return family == Family::kPair ? MPI_MINLOC : MPI_OP_NULL;
    case UPC_MAXLOC:
      return family == Family::kPair ? MPI_MAXLOC : MPI_OP_NULL;
    default:
      return MPI_OP_NULL;
  }
}

// Whether MPI's operation gives UPC's result for the type. Open MPI 4.1 (its vectorized op component, on
// 16 or more elements) saturates sums of 8- and 16-bit integers instead of wrapping them and compares
// unsigned long as signed: the library combines those itself (all products and comparisons of narrow and
// unsigned integers with them, not only the cases seen to fail, since the results may not depend on which
// vector width or element count a peer's library happens to take).
bool trusted(upccoll_dtype_t dt, upccoll_op_t op, Family family) {
  if (family != Family::kInteger) return true;
  const bool arithmetic = op == UPC_ADD || op == UPC_MULT, comparison = op == UPC_MIN || op == UPC_MAX;
  const bool narrow =
      dt == UPC_BYTE || dt == UPC_CHAR || dt == UPC_UCHAR || dt == UPC_SHORT || dt == UPC_USHORT;
  const bool is_unsigned = dt == UPC_BYTE || dt == UPC_UCHAR || dt == UPC_USHORT || dt == UPC_UINT ||
                           dt == UPC_ULONG || dt == UPC_ULONGLONG || (dt == UPC_CHAR && CHAR_MIN == 0);
  return !(narrow && arithmetic) && !(is_unsigned && comparison);
}

// A type made for combining by the library: MPI passes it to the operation's function, which finds here
// what to apply (a user function may not call MPI, so the type's identity is the key, not an attribute).
struct Combined {
  MPI_Datatype type;
  upccoll_dtype_t dt;
  upccoll_op_t op;
  CombineFunction combine;
};
// Never destroyed: the conduit finishes after the destructors of globals.
std::vector<Combined> &g_combined = *new std::vector<Combined>;
MPI_Op g_commutative = MPI_OP_NULL, g_ordered = MPI_OP_NULL;

void combine_elements(void *in, void *inout, int *len, MPI_Datatype *type) {
  for (const Combined &c : g_combined)
    if (c.type == *type) return c.combine(c.op, c.dt, in, inout, static_cast<std::size_t>(*len));
  mpi_coll2_fatal("the MPI collective engine: MPI combined elements of a type it was not given");
}

MpiReduction combined(const EngineCall &call) {
  if (g_commutative == MPI_OP_NULL) {
    MPI_Op_create(combine_elements, 1, &g_commutative);
    MPI_Op_create(combine_elements, 0, &g_ordered);
  }
  const MPI_Op op = call.commutative ? g_commutative : g_ordered;
  for (const Combined &c : g_combined)
    if (c.dt == call.dt && c.op == call.op && c.combine == call.combine) return {c.type, op};
  MPI_Datatype type;
  MPI_Type_contiguous(static_cast<int>(call.type_size), MPI_BYTE, &type);
  MPI_Type_commit(&type);
  g_combined.push_back({type, call.dt, call.op, call.combine});
  return {type, op};
}

// Whether MPI's type has the layout of the library's C type (the pair types' padding).
bool same_layout(MPI_Datatype type, std::size_t bytes) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  return lb == 0 && static_cast<std::size_t>(extent) == bytes;
}

}  // namespace

void mpi_coll2_set_fatal(void (*fatal)(const char *message)) { g_fatal = fatal; }

void mpi_coll2_fatal(const char *message) {
  if (g_fatal != nullptr) g_fatal(message);
  std::fprintf(stderr, "error: %s\n", message);
  std::abort();
}

MpiReduction mpi_reduction(const EngineCall &call) {
  if (call.predefined) {
    const Native n = native(call.dt);
    const MPI_Op op = native_op(call.op, n.family);
    if (op != MPI_OP_NULL && trusted(call.dt, call.op, n.family) && same_layout(n.type, call.type_size))
      return {n.type, op};
  }
  return combined(call);
}

void finish_reductions() {
  for (Combined &c : g_combined) MPI_Type_free(&c.type);
  g_combined.clear();
  if (g_commutative != MPI_OP_NULL) {
    MPI_Op_free(&g_commutative);
    MPI_Op_free(&g_ordered);
  }
}

}  // namespace pgas::rt
