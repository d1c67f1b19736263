// The declaration of global_ptr, for headers that name it before its definition (shared_ref.hpp).
#pragma once

#include <cstddef>

namespace pgas {

// The blocking factor of a pointer whose factor is a run-time value it carries (global_ptr<T>), as opposed
// to one that is part of its type (global_ptr<T, 17>, UPC's shared [17] T *).
inline constexpr std::size_t dynamic_block = static_cast<std::size_t>(-1);

template <class Element, std::size_t Block = dynamic_block>
class global_ptr;

}  // namespace pgas
