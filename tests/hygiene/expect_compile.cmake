# Compiles one source file and checks the outcome: without FAILS_WITH it must compile; with it, it must fail
# with a diagnostic matching the regular expression FAILS_WITH (a misuse the dialect turns into an error).
#
#   cmake -DCXX=<compiler> -DINCLUDES=<dir;...> -DSOURCE=<file> [-DDEFINE=<macro>] [-DFAILS_WITH=<regex>]
#         -P expect_compile.cmake
foreach(var CXX INCLUDES SOURCE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "expect_compile.cmake: -D${var}=... is required")
  endif()
endforeach()
set(flags -std=c++20 -fsyntax-only)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags -I${dir})
endforeach()
if(DEFINE)
  list(APPEND flags -D${DEFINE})
endif()
execute_process(COMMAND ${CXX} ${flags} ${SOURCE} RESULT_VARIABLE status OUTPUT_VARIABLE output
                ERROR_VARIABLE diagnostics)
if(NOT FAILS_WITH)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${SOURCE} (${DEFINE}) should compile with ${CXX}:\n${output}${diagnostics}")
  endif()
  message(STATUS "${SOURCE} compiles with ${CXX}")
elseif(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} with ${DEFINE} compiled with ${CXX}; it must be an error matching '${FAILS_WITH}'")
elseif(NOT diagnostics MATCHES "${FAILS_WITH}")
  message(FATAL_ERROR "${SOURCE} with ${DEFINE} failed with ${CXX}, but not with '${FAILS_WITH}':\n${diagnostics}")
else()
  message(STATUS "${SOURCE} with ${DEFINE} is rejected by ${CXX} as expected")
endif()
