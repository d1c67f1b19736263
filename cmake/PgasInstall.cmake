# Everything `cmake --install` puts under the prefix, in one place (GNUInstallDirs layout, cmake/PgasLayout.cmake):
# the tools, the libraries, the public headers, the CMake package (pgasConfig.cmake: imported targets pgas::*,
# pgas_refactor(), components) and the pkg-config files. A part added later installs itself by joining the
# lists below.
include(CMakePackageConfigHelpers)

# Target -> name in the package (pgas::<name>). Libraries a program links, or preloads, or that libpgas loads.
set(PGAS_INSTALLED_LIBRARIES pgas:pgas pgas-cache:cache pgas_refactored:refactored pgas-trace:trace
                             pgas-mpi:mpi)
# Tools, under their own names (pgas::pgasrun, ...).
set(PGAS_INSTALLED_TOOLS pgasrun pgas-trace-import pgas-report pgas-refactor pgas-upcc pgas-viewer)
# Folders of public headers (each holds pgas/...).
set(PGAS_PUBLIC_HEADER_DIRS runtime/include cache/include refactor/include)
set(PGAS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pgas)

set(installed)
foreach(entry IN LISTS PGAS_INSTALLED_LIBRARIES)
  string(REPLACE ":" ";" entry ${entry})
  list(GET entry 0 target)
  list(GET entry 1 name)
  if(NOT TARGET ${target})
    continue()
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  get_target_property(type ${target} TYPE)
  if(NOT type STREQUAL "INTERFACE_LIBRARY")
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN")
    # Debug information (the tracer keeps it) names files relative to the tree, never the tree's path.
    # (also at link time: link-time optimization writes the debug information there).
    set(prefix_maps -ffile-prefix-map=${PROJECT_SOURCE_DIR}=. -ffile-prefix-map=${PROJECT_BINARY_DIR}=.)
    target_compile_options(${target} PRIVATE ${prefix_maps})
    target_link_options(${target} PRIVATE ${prefix_maps})
  endif()
  add_library(pgas::${name} ALIAS ${target})  # the same names in-tree as from the package
  list(APPEND installed ${target})
endforeach()
foreach(target IN LISTS PGAS_INSTALLED_TOOLS)
  if(TARGET ${target})
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${PGAS_LIBDIR_FROM_BINDIR}")
    add_executable(pgas::${target} ALIAS ${target})
    list(APPEND installed ${target})
  endif()
endforeach()

install(TARGETS ${installed} EXPORT pgasTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(dir IN LISTS PGAS_PUBLIC_HEADER_DIRS)
  install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The CMake package.
install(EXPORT pgasTargets NAMESPACE pgas:: DESTINATION ${PGAS_CMAKE_DIR})
configure_package_config_file(cmake/pgasConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/pgasConfig.cmake
                              INSTALL_DESTINATION ${PGAS_CMAKE_DIR} PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/pgasConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pgasConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/pgasConfigVersion.cmake
              cmake/PgasRefactor.cmake cmake/PgasUpc.cmake
        DESTINATION ${PGAS_CMAKE_DIR})

# pkg-config: pgas.pc (the runtime) and pgas-cache.pc (the software cache, with the runtime). Their prefix is
# found from where the .pc file is (${pcfiledir}), so the installed tree can move.
file(RELATIVE_PATH PGAS_PC_PREFIX_FROM_PCDIR ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" PGAS_PC_PREFIX_FROM_PCDIR "${PGAS_PC_PREFIX_FROM_PCDIR}")
foreach(pc pgas pgas-cache)
  configure_file(cmake/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
