# Every tool's --version prints "TOOL VERSION" with the project's version (project(... VERSION)).
# Usage: cmake -DVERSION=x.y.z -DTOOLS="path;path..." -P tool_versions.cmake
set(failures 0)
foreach(tool IN LISTS TOOLS)
  get_filename_component(name ${tool} NAME)
  execute_process(COMMAND ${tool} --version OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  string(STRIP "${out}" out)
  if(NOT status EQUAL 0 OR NOT out STREQUAL "${name} ${VERSION}")
    message(SEND_ERROR "${name} --version: exit status ${status}, printed '${out}' (stderr '${err}'), "
                       "expected '${name} ${VERSION}'")
  else()
    message(STATUS "${out}")
  endif()
endforeach()
