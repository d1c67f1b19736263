// Not C++: pgas-refactor reports it and leaves it unchanged.
#include <pgas/upc.hpp>

void broken( {
