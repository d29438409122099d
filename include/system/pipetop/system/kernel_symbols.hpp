#pragma once
// The kernel's function symbols from /proc/kallsyms, read once and sorted, for naming the kernel
// addresses of a profile. When kptr_restrict (or a missing CAP_SYSLOG) hides the addresses, every
// one reads as zero: the table then says it is hidden and names nothing.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

inline constexpr const char* kKallsymsPath = "/proc/kallsyms";

struct KernelSymbol {
  std::string_view name;     // "anon_pipe_write"
  std::string_view module;   // "" for the kernel image, else the module ("ext4")
  std::uint64_t offset = 0;  // of the address from the symbol's start
};

class KernelSymbols {
 public:
  // Reads kKallsymsPath under `files`' root. Errors: the read's own ("open(/proc/kallsyms): ...").
  [[nodiscard]] static Result<KernelSymbols> load(const SystemFiles& files);
  // The function symbols (types t, T, w, W) of kallsyms text; lines that are not symbols are skipped.
  [[nodiscard]] static KernelSymbols parse(std::string_view kallsyms);

  KernelSymbols() = default;

  // Function symbols known (0 when nothing was read).
  [[nodiscard]] std::size_t size() const { return entries_.size(); }
  // Symbols were listed but every address was zero: kptr_restrict hides them from this process.
  [[nodiscard]] bool hidden() const { return hidden_; }
  // The symbol whose start is the closest at or below `address`; nullopt below the first symbol and
  // when the addresses are hidden. The views live as long as this table.
  [[nodiscard]] std::optional<KernelSymbol> find(std::uint64_t address) const;

 private:
  struct Entry {
    std::uint64_t address = 0;
    std::uint32_t name_offset = 0;  // into names_
    std::uint32_t name_length = 0;
    std::uint32_t module_offset = 0;
    std::uint32_t module_length = 0;
  };
  [[nodiscard]] std::string_view text(std::uint32_t offset, std::uint32_t length) const;

  std::vector<Entry> entries_;  // sorted by address
  std::string names_;           // every name and module, back to back
  bool hidden_ = false;
};

}  // namespace pipetop
