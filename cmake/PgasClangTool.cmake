# The build of the tools written on Clang's libraries (pgas-upcc and its front end, pgas-refactor): Debian's
# Clang and LLVM 16, found once here (the root CMakeLists.txt includes this file when either tool is built).
# pgas_clang_tool(TARGET [NO_PRECOMPILED_HEADER]) gives a target their headers, flags and libraries, and a
# precompiled header of the Clang headers most of their files read (not for a target of one small file):
# without it each file spends most of its compile time parsing the same AST headers again, and those files
# were a fifth of the build's compile time.
find_package(LLVM 16 CONFIG QUIET)
if(LLVM_FOUND)
  find_package(Clang CONFIG QUIET HINTS ${LLVM_DIR}/../clang)
endif()
set(PGAS_CLANG_TOOLS_FOUND FALSE)
if(LLVM_FOUND AND TARGET clang-cpp)
  set(PGAS_CLANG_TOOLS_FOUND TRUE)
endif()

# The headers in the precompiled header: those that most of the tools' files include, directly or through
# the tools' own headers.
set(PGAS_CLANG_PRECOMPILED_HEADERS
  <clang/AST/ASTContext.h>
  <clang/AST/Expr.h>
  <clang/AST/ExprCXX.h>
  <clang/AST/ParentMapContext.h>
  <clang/AST/RecursiveASTVisitor.h>
  <clang/Basic/SourceManager.h>
  <clang/Lex/Lexer.h>
  <clang/Tooling/Tooling.h>
  <llvm/Support/raw_ostream.h>)

function(pgas_clang_tool target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_PRECOMPILED_HEADER" "" "")
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE
    PGAS_CLANG_RESOURCE_DIR="${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}")
  # Clang and LLVM are built without RTTI; Debian's libraries must be linked as shared libraries.
  target_compile_options(${target} PRIVATE -fno-rtti)
  target_link_libraries(${target} PRIVATE clang-cpp LLVM)
  if(NOT arg_NO_PRECOMPILED_HEADER)
    target_precompile_headers(${target} PRIVATE ${PGAS_CLANG_PRECOMPILED_HEADERS})
  endif()
endfunction()
