// The data types and operations of Collectives 2.0 (pgas/upccoll.h 3.1.3-3.1.5): sizes, which operation is
// defined for which type, and applying one (inout[i] = in[i] op inout[i], MPI's order of operands).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "pgas/upccoll.h"

namespace pgas::rt::coll2 {

// sizeof the type, or 0 when `dt` is not a data type of the library.
std::size_t type_size(upccoll_dtype_t dt);

// "UPC_DOUBLE", "UPC_ADD", "user operation #2": for messages.
const char *type_name(upccoll_dtype_t dt);
std::string op_name(upccoll_op_t op);
// A small number naming `op` (a predefined operation's bit position + 1, 32 + a user operation's index).
std::uint64_t op_number(upccoll_op_t op);

// Whether `op` (predefined or a live user operation) is defined for `dt`.
bool op_defined(upccoll_op_t op, upccoll_dtype_t dt);

// inout[i] = in[i] op inout[i] for i < count.
void apply(upccoll_op_t op, upccoll_dtype_t dt, const void *in, void *inout, std::size_t count);

// The same for a predefined `op` on `dt`, as a function of that type (chosen once, not per call), or nullptr
// for a user operation.
using Combiner = void (*)(upccoll_op_t op, const void *in, void *inout, std::size_t count);
Combiner combiner(upccoll_op_t op, upccoll_dtype_t dt);

// User operations: a value of upccoll_op_t naming the function (every thread numbers them alike).
upccoll_op_t add_user_op(upccoll_user_fun *function, bool commutative);
// Whether `op` names a user operation (live or freed), and whether it is commutative (predefined: yes).
bool user_op(upccoll_op_t op);
bool op_commutative(upccoll_op_t op);
bool remove_user_op(upccoll_op_t op);

}  // namespace pgas::rt::coll2
