# pgas_upc_executable(TARGET name SOURCES file.upc... [other sources or objects...] [FLAGS pgas-upcc flags...]
#                     [DEPENDS headers...])
#
# Builds the program TARGET (in CMAKE_RUNTIME_OUTPUT_DIRECTORY, else in upc-programs/ of the current binary
# directory: a custom target cannot share its name with a file beside it) from UPC sources with pgas-upcc, which
# translates each .upc file to the C++ dialect and links everything with libpgas: `add_executable` for UPC.
# FLAGS are pgas-upcc's (-T N for static THREADS, -O2, -g, -I, -D, -l...). The program is rebuilt when a
# source, a file in DEPENDS (the program's own headers), the driver or the UPC headers change. TARGET is a custom target; its property PGAS_UPC_PROGRAM is
# the program's path. Usable in-tree and from the installed package (find_package(pgas)).
function(pgas_upc_executable)
  cmake_parse_arguments(ARG "" "TARGET" "SOURCES;FLAGS;DEPENDS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "pgas_upc_executable: TARGET and SOURCES are required")
  endif()
  if(NOT TARGET pgas::pgas-upcc)
    message(WARNING "pgas_upc_executable(${ARG_TARGET}): pgas-upcc is not built; ${ARG_TARGET} is skipped")
    return()
  endif()
  set(sources)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source ${source} ABSOLUTE)
    list(APPEND sources ${source})
  endforeach()
  if(CMAKE_RUNTIME_OUTPUT_DIRECTORY)
    set(program ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${ARG_TARGET})
  else()
    set(program ${CMAKE_CURRENT_BINARY_DIR}/upc-programs/${ARG_TARGET})
  endif()
  get_target_property(tool pgas::pgas-upcc ALIASED_TARGET)
  if(NOT tool)
    set(tool $<TARGET_FILE:pgas::pgas-upcc>)
  endif()
  file(GLOB headers ${PGAS_UPCC_HEADER_DIR}/*.h ${PGAS_UPCC_HEADER_DIR}/*.hpp)
  add_custom_command(
    OUTPUT ${program}
    COMMAND $<TARGET_FILE:pgas::pgas-upcc> ${ARG_FLAGS} ${sources} -o ${program}
    DEPENDS ${sources} ${ARG_DEPENDS} ${tool} pgas::pgas ${headers}
    COMMENT "pgas-upcc: ${ARG_TARGET}"
    COMMAND_EXPAND_LISTS VERBATIM)
  add_custom_target(${ARG_TARGET} ALL DEPENDS ${program})
  set_target_properties(${ARG_TARGET} PROPERTIES PGAS_UPC_PROGRAM ${program})
endfunction()
