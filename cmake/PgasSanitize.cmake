# PGAS_SANITIZE: every target is built with AddressSanitizer and UndefinedBehaviorSanitizer, and only the
# parts whose memory safety the suite checks are built — the runtime, the tracer, the software cache, the
# trace database and their tests (scripts/test-sanitize.sh builds and runs them). The viewer, pgas-refactor,
# pgas-upcc, the samples and the benchmarks are turned off: they add build time, not coverage of those parts.
if(NOT PGAS_SANITIZE)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  message(FATAL_ERROR "PGAS_SANITIZE needs GCC or Clang")
endif()
foreach(part VIEWER REFACTOR UPCC SAMPLES BENCH)
  set(PGAS_BUILD_${part} OFF)  # for this configuration only: the cache keeps the user's choice
endforeach()
# Frame pointers for ASan's fast unwinder; an undefined behaviour is an error, never a warning to scroll by.
set(PGAS_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
add_compile_options(${PGAS_SANITIZER_FLAGS})
# -O1 after the build type's -O2 (the last one counts): the level AddressSanitizer's documentation advises,
# and half the compile time of -O2 with its instrumentation (a large test file: 27 s against 64).
add_compile_options(-O1)
add_link_options(${PGAS_SANITIZER_FLAGS})
message(STATUS "PGAS_SANITIZE: AddressSanitizer and UndefinedBehaviorSanitizer; viewer, refactor, upcc, samples and "
               "benchmarks are not built")
