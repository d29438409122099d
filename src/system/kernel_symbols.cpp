#include "pipetop/system/kernel_symbols.hpp"

#include <algorithm>
#include <charconv>

namespace pipetop {
namespace {

bool is_function_type(char type) {
  return type == 't' || type == 'T' || type == 'w' || type == 'W';
}

struct Line {
  std::uint64_t address = 0;
  char type = 0;
  std::string_view name;
  std::string_view module;
};

// "ffffffff816e4200 t anon_pipe_write" or "... t name\t[module]"; nullopt for anything else.
std::optional<Line> parse_line(std::string_view line) {
  Line parsed;
  const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), parsed.address, 16);
  const std::size_t after = static_cast<std::size_t>(end - line.data());
  if (ec != std::errc{} || after + 3 > line.size() || line[after] != ' ' || line[after + 2] != ' ') return std::nullopt;
  parsed.type = line[after + 1];
  std::string_view rest = line.substr(after + 3);
  const std::size_t tab = rest.find('\t');
  if (tab != std::string_view::npos) {
    std::string_view module = rest.substr(tab + 1);
    if (module.size() >= 2 && module.front() == '[' && module.back() == ']') {
      parsed.module = module.substr(1, module.size() - 2);
    }
    rest = rest.substr(0, tab);
  }
  if (rest.empty()) return std::nullopt;
  parsed.name = rest;
  return parsed;
}

}  // namespace

Result<KernelSymbols> KernelSymbols::load(const SystemFiles& files) {
  const Result<std::string> text = files.read(kKallsymsPath);
  if (!text) return std::unexpected(text.error());
  return parse(*text);
}

KernelSymbols KernelSymbols::parse(std::string_view kallsyms) {
  KernelSymbols symbols;
  bool any_address = false;
  bool any_symbol = false;
  while (!kallsyms.empty()) {
    const std::size_t newline = kallsyms.find('\n');
    const std::string_view line = kallsyms.substr(0, newline);
    kallsyms = newline == std::string_view::npos ? std::string_view{} : kallsyms.substr(newline + 1);
    const std::optional<Line> parsed = parse_line(line);
    if (!parsed || !is_function_type(parsed->type)) continue;
    any_symbol = true;
    any_address |= parsed->address != 0;
    Entry entry;
    entry.address = parsed->address;
    entry.name_offset = static_cast<std::uint32_t>(symbols.names_.size());
    entry.name_length = static_cast<std::uint32_t>(parsed->name.size());
    symbols.names_.append(parsed->name);
    entry.module_offset = static_cast<std::uint32_t>(symbols.names_.size());
    entry.module_length = static_cast<std::uint32_t>(parsed->module.size());
    symbols.names_.append(parsed->module);
    symbols.entries_.push_back(entry);
  }
  symbols.hidden_ = any_symbol && !any_address;
  std::stable_sort(symbols.entries_.begin(), symbols.entries_.end(),
                   [](const Entry& a, const Entry& b) { return a.address < b.address; });
  return symbols;
}

std::string_view KernelSymbols::text(std::uint32_t offset, std::uint32_t length) const {
  return std::string_view(names_).substr(offset, length);
}

std::optional<KernelSymbol> KernelSymbols::find(std::uint64_t address) const {
  if (hidden_) return std::nullopt;
  const auto after = std::upper_bound(entries_.begin(), entries_.end(), address,
                                      [](std::uint64_t a, const Entry& e) { return a < e.address; });
  if (after == entries_.begin()) return std::nullopt;
  const Entry& entry = *std::prev(after);
  return KernelSymbol{text(entry.name_offset, entry.name_length), text(entry.module_offset, entry.module_length),
                      address - entry.address};
}

}  // namespace pipetop
