# pgas_refactor(TARGET name SOURCE file.cpp (ARRAYS name... | TRACE db) [POLICY p] [CHUNK n]
#               [OUTPUT file] [REQUIRE_REWRITE] [FLAGS extra pgas-refactor flags...] [LIBS libs...])
#
# Builds executable TARGET from SOURCE rewritten by pgas-refactor at build time: the upc_forall loops
# touching the chosen arrays read and write them through the software cache. The rewritten source is
# generated in the build tree (OUTPUT, default <TARGET>.cpp) from the unmodified SOURCE, with SOURCE's
# directory on the include path, and regenerated when SOURCE, the tool or the TRACE database changes.
# REQUIRE_REWRITE fails the build when no loop of SOURCE is rewritten (pgas-refactor --require-rewrite).
# An array may carry its own write policy (ARRAYS D:min P: D combined by min, P by POLICY, else any); POLICY is the default of the others. LIBS are linked as well
# as the runtime and the cache. The tool parses SOURCE with TARGET's include directories and compile
# definitions, also those added to TARGET after this call. Usable on any program built against this
# project's targets, in-tree or from the installed package (find_package(pgas)): it needs no
# compile_commands.json, the flags are passed to the tool.
function(pgas_refactor)
  cmake_parse_arguments(ARG "REQUIRE_REWRITE" "TARGET;SOURCE;POLICY;CHUNK;OUTPUT;TRACE" "ARRAYS;FLAGS;LIBS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCE OR (NOT ARG_ARRAYS AND NOT ARG_TRACE AND NOT ARG_FLAGS))
    message(FATAL_ERROR "pgas_refactor: TARGET, SOURCE and ARRAYS or TRACE (or --array in FLAGS) are required")
  endif()
  if(NOT TARGET pgas::pgas-refactor)
    message(WARNING "pgas_refactor(${ARG_TARGET}): pgas-refactor is not built; ${ARG_TARGET} is skipped")
    return()
  endif()
  get_filename_component(source ${ARG_SOURCE} ABSOLUTE)
  get_filename_component(source_dir ${source} DIRECTORY)
  if(NOT ARG_OUTPUT)
    set(ARG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}.cpp)
  endif()
  set(flags ${ARG_FLAGS})
  foreach(array IN LISTS ARG_ARRAYS)
    list(APPEND flags --array ${array})
  endforeach()
  set(trace)
  if(ARG_TRACE)
    # A relative path is taken from the build directory, where the tool runs; a new trace regenerates the rewrite.
    get_filename_component(trace ${ARG_TRACE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
    list(APPEND flags --trace ${trace})
  endif()
  if(ARG_REQUIRE_REWRITE)
    list(APPEND flags --require-rewrite)
  endif()
  if(ARG_POLICY)
    list(APPEND flags --policy ${ARG_POLICY})
  endif()
  if(ARG_CHUNK)
    list(APPEND flags --chunk ${ARG_CHUNK})
  endif()
  # The tool parses with the flags the compiler gets for TARGET: its include directories and definitions,
  # with those its libraries bring and those set on it after this call (generator expressions are evaluated
  # when the build is generated), plus SOURCE's directory.
  set(dirs "$<TARGET_PROPERTY:${ARG_TARGET},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${ARG_TARGET},COMPILE_DEFINITIONS>")
  set(includes "-I${source_dir}" "$<$<BOOL:${dirs}>:-I$<JOIN:${dirs},$<SEMICOLON>-I>>"
               "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>")
  # In-tree the tool is a target to build first; from the package, an installed file.
  get_target_property(tool pgas::pgas-refactor ALIASED_TARGET)
  if(NOT tool)
    set(tool $<TARGET_FILE:pgas::pgas-refactor>)
  endif()
  add_custom_command(
    OUTPUT ${ARG_OUTPUT}
    COMMAND $<TARGET_FILE:pgas::pgas-refactor> ${flags} ${source} -o ${ARG_OUTPUT} -- -std=c++20 ${includes}
    DEPENDS ${source} ${tool} ${trace}
    COMMENT "pgas-refactor: ${ARG_SOURCE} -> ${ARG_OUTPUT}"
    COMMAND_EXPAND_LISTS VERBATIM)
  add_executable(${ARG_TARGET} ${ARG_OUTPUT})
  target_include_directories(${ARG_TARGET} PRIVATE ${source_dir})
  target_link_libraries(${ARG_TARGET} PRIVATE pgas::pgas pgas::refactored ${ARG_LIBS})
endfunction()
