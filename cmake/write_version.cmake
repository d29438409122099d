# Writes OUT, a header with pipetop's VERSION and the `git describe` of SOURCE_DIR, at every build,
# touching it only when either changed (so a commit rebuilds one file, and nothing else does).
# Outside a git checkout (a source tarball) the description says so.
execute_process(COMMAND git describe --always --dirty --tags
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE describe OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR describe STREQUAL "")
  set(describe "no git description: not built from a git checkout")
endif()
string(CONCAT text "#pragma once\n// Written by cmake/write_version.cmake at build time.\n"
       "#define PIPETOP_VERSION \"${VERSION}\"\n#define PIPETOP_GIT_DESCRIBE \"${describe}\"\n")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
