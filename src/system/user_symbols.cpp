#include "pipetop/system/user_symbols.hpp"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace pipetop {
namespace {

constexpr int kMaxReports = 4;               // the first, and three more for libraries loaded later
constexpr std::size_t kMaxCached = 1 << 14;  // addresses; the cache starts again past this

// No separate debug information is looked for: the module's own symbol table names functions.
int no_debuginfo(Dwfl_Module*, void**, const char*, Dwarf_Addr, const char*, const char*, GElf_Word, char**) {
  return -1;
}

const Dwfl_Callbacks kCallbacks = {dwfl_linux_proc_find_elf, no_debuginfo, nullptr, nullptr};

// dwfl_linux_proc_report: 0, an errno value, or -1 for a libdwfl error.
std::string report_error_text(int result) {
  return result > 0 ? errno_text(result) : std::string(dwfl_errmsg(-1));
}

std::string demangled(const char* name) {
  if (std::string_view(name).starts_with("_Z")) {
    int status = 0;
    char* readable = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    if (status == 0 && readable != nullptr) {
      std::string text = readable;
      std::free(readable);
      return text;
    }
    std::free(readable);
  }
  return name;
}

std::string module_offset(Dwfl_Module* module, std::uint64_t address) {
  Dwarf_Addr start = 0;
  const char* path = dwfl_module_info(module, nullptr, &start, nullptr, nullptr, nullptr, nullptr, nullptr);
  std::string_view name = path != nullptr ? path : "[module]";
  name = name.substr(name.rfind('/') + 1);
  char offset[32];
  std::snprintf(offset, sizeof offset, "+0x%llx", static_cast<unsigned long long>(address - start));
  return std::string(name) + offset;
}

}  // namespace

void UserSymbols::DwflEnd::operator()(Dwfl* dwfl) const {
  dwfl_end(dwfl);
}

UserSymbols::UserSymbols(pid_t pid, std::unique_ptr<Dwfl, DwflEnd> dwfl) : pid_(pid), dwfl_(std::move(dwfl)) {}
UserSymbols::UserSymbols(UserSymbols&&) noexcept = default;
UserSymbols& UserSymbols::operator=(UserSymbols&&) noexcept = default;
UserSymbols::~UserSymbols() = default;

Result<UserSymbols> UserSymbols::attach(pid_t pid) {
  std::unique_ptr<Dwfl, DwflEnd> dwfl(dwfl_begin(&kCallbacks));
  const std::string attempt = "dwfl_linux_proc_report(pid " + std::to_string(pid) + ")";
  if (!dwfl) return std::unexpected(runtime_error("dwfl_begin: " + std::string(dwfl_errmsg(-1))));
  dwfl_report_begin(dwfl.get());
  const int result = dwfl_linux_proc_report(dwfl.get(), pid);
  if (result != 0) {
    return std::unexpected(runtime_error(attempt + ": " + report_error_text(result),
                                         "the process has exited, or its /proc/PID/maps is not readable"));
  }
  if (dwfl_report_end(dwfl.get(), nullptr, nullptr) != 0) {
    return std::unexpected(runtime_error(attempt + ": " + std::string(dwfl_errmsg(-1))));
  }
  UserSymbols symbols(pid, std::move(dwfl));
  symbols.reports_ = 1;
  return symbols;
}

FrameName UserSymbols::name(std::uint64_t address) {
  if (const auto cached = cache_.find(address); cached != cache_.end()) return cached->second;
  if (cache_.size() >= kMaxCached) cache_.clear();
  return cache_.emplace(address, FrameName(look_up(address))).first->second;
}

std::string UserSymbols::look_up(std::uint64_t address) {
  Dwfl_Module* module = dwfl_addrmodule(dwfl_.get(), address);
  if (module == nullptr && reports_ < kMaxReports) {
    ++reports_;
    dwfl_report_begin_add(dwfl_.get());  // keeps the modules known so far if the process is gone
    const bool reported = dwfl_linux_proc_report(dwfl_.get(), pid_) == 0;
    if (dwfl_report_end(dwfl_.get(), nullptr, nullptr) == 0 && reported) module = dwfl_addrmodule(dwfl_.get(), address);
  }
  if (module == nullptr) return "[unknown]";
  GElf_Off offset = 0;
  GElf_Sym symbol{};
  if (const char* name = dwfl_module_addrinfo(module, address, &offset, &symbol, nullptr, nullptr, nullptr)) {
    return demangled(name);
  }
  return module_offset(module, address);
}

}  // namespace pipetop
