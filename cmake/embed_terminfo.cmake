# Writes OUT, a header holding the compiled terminfo entries of TERMS (a list: xterm-256color;linux)
# as this machine's terminfo database has them, for the dashboard to fall back on where the machine it
# runs on has none (src/terminal/built_in_terminfo.cpp). Run at configure time: the entries come from
# ncurses-base, which every Debian system has.
function(pipetop_embed_terminfo OUT)
  set(arrays "")
  set(rows "")
  foreach(term IN LISTS ARGN)
    string(SUBSTRING ${term} 0 1 letter)
    find_file(terminfo_${term} NAMES ${letter}/${term} PATHS /etc/terminfo /lib/terminfo /usr/share/terminfo
              NO_DEFAULT_PATH NO_CACHE)
    if(NOT terminfo_${term})
      message(FATAL_ERROR "no compiled terminfo entry for ${term} in /etc/terminfo, /lib/terminfo or "
                          "/usr/share/terminfo (Debian: ncurses-base)")
    endif()
    file(READ ${terminfo_${term}} hex HEX)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    string(MAKE_C_IDENTIFIER ${term} id)
    string(APPEND arrays "inline constexpr unsigned char kTerminfo_${id}[] = {${bytes}};\n")
    string(APPEND rows "    {\"${term}\", kTerminfo_${id}},\n")
  endforeach()
  list(LENGTH ARGN count)
  string(CONCAT text "#pragma once\n// Written by cmake/embed_terminfo.cmake at configure time from the build machine's terminfo.\n"
           "// clang-format off\n#include <array>\n#include <span>\n#include <string_view>\n\nnamespace pipetop {\n\n"
           "${arrays}\nstruct BuiltInTerminfoEntry {\n  std::string_view name;\n  std::span<const unsigned char> compiled;\n};\n\n"
           "inline constexpr std::array<BuiltInTerminfoEntry, ${count}> kBuiltInTerminfo{{\n${rows}}};\n\n}  // namespace pipetop\n")
  # Rewritten (and its users recompiled) only when the entries change.
  file(CONFIGURE OUTPUT ${OUT} CONTENT "${text}" @ONLY)
endfunction()
