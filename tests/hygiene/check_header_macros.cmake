# Compiles every public header of the toolkit (found by globbing the include roots when the test runs, so
# headers added later are checked too) with the macros a user's program commonly defines: every single
# capital letter and the usual names of sizes (a GWU benchmark's Makefile passes -DM=288 -DN=288 -DP=288).
# A public header must survive any macro that is not a reserved name, so its template parameters and local
# names must be reserved-style or long.
#
#   cmake -DCXX=<compiler> -DROOTS=<include root;...> -DWORK=<scratch dir> -P check_header_macros.cmake
foreach(var CXX ROOTS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_header_macros.cmake: -D${var}=... is required")
  endif()
endforeach()

set(headers)
foreach(root IN LISTS ROOTS)
  file(GLOB_RECURSE found RELATIVE ${root} ${root}/pgas/*.h ${root}/pgas/*.hpp)
  if(NOT found)
    message(FATAL_ERROR "no public header found under ${root}/pgas")
  endif()
  list(APPEND headers ${found})
endforeach()
list(SORT headers)

set(macros)
foreach(letter A B C D E F G H I J K L M N O P Q R S T U V W X Y Z)
  list(APPEND macros ${letter})
endforeach()
list(APPEND macros BLOCK SIZE BLOCKSIZE BS NB NITER ITER MAX MIN TYPE COUNT LEN DIM ROWS COLS TILE STEP DEBUG
     VERBOSE CHECK SUM ID NX NY NZ ERROR)
set(flags)
foreach(macro IN LISTS macros)
  list(APPEND flags -D${macro}=288)
endforeach()
set(includes)
foreach(root IN LISTS ROOTS)
  list(APPEND includes -I${root})
endforeach()

# The umbrella header first (what users include), then every header on its own line.
file(MAKE_DIRECTORY ${WORK})
set(source "#include <pgas/upc.hpp>\n")
foreach(header IN LISTS headers)
  string(APPEND source "#include <${header}>\n")
endforeach()
file(WRITE ${WORK}/every_public_header.cpp "${source}")
list(LENGTH headers count)
list(LENGTH macros defined)
message(STATUS "compiling ${count} public headers with ${defined} macros defined")
execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only ${includes} ${flags} ${WORK}/every_public_header.cpp
                RESULT_VARIABLE status ERROR_VARIABLE diagnostics OUTPUT_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "a public header does not survive a user's macro:\n${output}${diagnostics}")
endif()
message(STATUS "${count} public headers compile with every listed macro defined")
