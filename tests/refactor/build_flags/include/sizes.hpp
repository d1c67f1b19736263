// Found only through the include directory the test adds to the rewritten target.
#pragma once

constexpr int kCols = 9;
