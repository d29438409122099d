#pragma once
// Names for the user-space addresses of one process, through elfutils' libdwfl: the modules mapped
// into it (its /proc/PID/maps) and their ELF symbol tables. No debug-info search (so no disk scan and
// no debuginfod request while a dashboard runs): the names are those of .symtab, or of .dynsym where
// a library was stripped.

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/profile/frame_name.hpp"

struct Dwfl;

namespace pipetop {

class UserSymbols {
 public:
  // Reports the modules mapped into `pid` to libdwfl. Errors: a runtime error naming the pid and the
  // cause, with a hint, when the process is gone or its maps cannot be read.
  [[nodiscard]] static Result<UserSymbols> attach(pid_t pid);

  UserSymbols(UserSymbols&&) noexcept;
  UserSymbols& operator=(UserSymbols&&) noexcept;
  ~UserSymbols();

  // The function containing `address`, demangled ("pipetop::Session::drain(...)"); "libc.so.6+0x1a2b"
  // inside a module without a symbol there; "[unknown]" outside every module. Never fails. Answers
  // are cached per address, so they stay once the process is gone; an address outside every module
  // has the process's maps read again (a few times at most: a library loaded since).
  [[nodiscard]] FrameName name(std::uint64_t address);

 private:
  struct DwflEnd {
    void operator()(Dwfl* dwfl) const;
  };
  UserSymbols(pid_t pid, std::unique_ptr<Dwfl, DwflEnd> dwfl);
  [[nodiscard]] std::string look_up(std::uint64_t address);

  pid_t pid_ = -1;
  std::unique_ptr<Dwfl, DwflEnd> dwfl_;
  // Each address met, to its name (interned: one copy however many addresses fall in its function).
  // Cleared past kMaxCached addresses.
  std::unordered_map<std::uint64_t, FrameName> cache_;
  int reports_ = 0;
};

}  // namespace pipetop
