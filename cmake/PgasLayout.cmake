# The install layout (GNUInstallDirs) and the relative paths by which the installed tools find each other,
# whatever the prefix: pgasrun finds the tracing library in <bindir>/PGAS_LIBDIR_FROM_BINDIR, pgas-refactor
# the dialect headers in <bindir>/PGAS_INCLUDEDIR_FROM_BINDIR. The build tree uses the same bin/ and lib/.
include(GNUInstallDirs)
file(RELATIVE_PATH PGAS_LIBDIR_FROM_BINDIR ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
file(RELATIVE_PATH PGAS_INCLUDEDIR_FROM_BINDIR ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_INCLUDEDIR})

# Installed programs and libraries load ours by $ORIGIN-relative run paths, and the others (LLVM, Qt, MPI)
# from where they were linked.
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

# The version every tool prints with --version: the project's.
add_library(pgas_version INTERFACE)
target_compile_definitions(pgas_version INTERFACE PGAS_VERSION="${PROJECT_VERSION}")
