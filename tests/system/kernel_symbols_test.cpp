// Kernel symbols from kallsyms: a real excerpt of this machine's (fixture), addresses hidden by
// kptr_restrict, the lines that are not functions, and the live /proc/kallsyms where it is readable.

#include "pipetop/system/kernel_symbols.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <string>

#include "profile_machine_fixture.hpp"

namespace pipetop {
namespace {

using testing::profile_machine;

std::string name_at(const KernelSymbols& symbols, std::uint64_t address) {
  const std::optional<KernelSymbol> symbol = symbols.find(address);
  return symbol ? std::string(symbol->name) : "(none)";
}

TEST(KernelSymbols, NamesAddressesInsideFunctions) {
  const Result<KernelSymbols> symbols = KernelSymbols::load(profile_machine("root-vm"));
  ASSERT_TRUE(symbols.has_value()) << symbols.error().message;
  EXPECT_FALSE(symbols->hidden());
  EXPECT_EQ(symbols->size(), 28U);  // 30 lines, two of them data symbols
  EXPECT_EQ(name_at(*symbols, 0xffffffff816e4200), "anon_pipe_write");
  EXPECT_EQ(name_at(*symbols, 0xffffffff816e4321), "anon_pipe_write");
  EXPECT_EQ(name_at(*symbols, 0xffffffff816e41f8), "__pfx_anon_pipe_write");
  EXPECT_EQ(name_at(*symbols, 0xffffffff8226dbe5), "_raw_spin_unlock_irqrestore");
  EXPECT_EQ(name_at(*symbols, 0xffffffff813ae2ff), "finish_task_switch.isra.0");
  const std::optional<KernelSymbol> symbol = symbols->find(0xffffffff82259c71);
  ASSERT_TRUE(symbol.has_value());
  EXPECT_EQ(symbol->name, "do_syscall_64");
  EXPECT_EQ(symbol->module, "");
  EXPECT_EQ(symbol->offset, 0x21U);
}

TEST(KernelSymbols, ModulesAreNamedAndDataSymbolsLeftOut) {
  const Result<KernelSymbols> symbols = KernelSymbols::load(profile_machine("root-vm"));
  ASSERT_TRUE(symbols.has_value());
  const std::optional<KernelSymbol> trampoline = symbols->find(0xffffffffc0201010);
  ASSERT_TRUE(trampoline.has_value());
  EXPECT_EQ(trampoline->name, "ftrace_trampoline");
  EXPECT_EQ(trampoline->module, "__builtin__ftrace");
  // __start_rodata (D) is not a function: an address past the last text symbol before it stays there.
  EXPECT_EQ(name_at(*symbols, 0xffffffff82400010), "__pfx__raw_read_trylock");
}

TEST(KernelSymbols, NothingBelowTheFirstSymbol) {
  const KernelSymbols symbols = KernelSymbols::parse("ffffffff81000000 T _stext\nffffffff81000100 t next\n");
  EXPECT_FALSE(symbols.find(0xffffffff80ffffff).has_value());
  EXPECT_EQ(name_at(symbols, 0xffffffff81000000), "_stext");
  EXPECT_EQ(name_at(symbols, 0xffffffff81000100), "next");
}

TEST(KernelSymbols, ParsesInAnyOrderAndSkipsWhatIsNotASymbol) {
  const KernelSymbols symbols = KernelSymbols::parse(
      "ffffffff81000200 t later\n"
      "not a line\n"
      "ffffffff81000100 W weak_one\n"
      "ffffffff81000180 b some_bss\n"
      "ffffffff81000300 T\n"
      "\n"
      "ffffffff81000000 T first");  // no final newline
  EXPECT_EQ(symbols.size(), 3U);
  EXPECT_EQ(name_at(symbols, 0xffffffff81000050), "first");
  EXPECT_EQ(name_at(symbols, 0xffffffff81000190), "weak_one");
  EXPECT_EQ(name_at(symbols, 0xffffffff81000250), "later");
}

TEST(KernelSymbols, AllZeroAddressesAreHidden) {
  const Result<KernelSymbols> symbols = KernelSymbols::load(profile_machine("root-kptr2"));
  ASSERT_TRUE(symbols.has_value());
  EXPECT_TRUE(symbols->hidden());
  EXPECT_FALSE(symbols->find(0xffffffff816e4200).has_value());
  EXPECT_FALSE(symbols->find(0).has_value());
  // An empty table is not "hidden": there was nothing to hide.
  EXPECT_FALSE(KernelSymbols::parse("").hidden());
  EXPECT_EQ(KernelSymbols::parse("").size(), 0U);
}

TEST(KernelSymbols, AMissingFileIsAnErrorNamingIt) {
  const Result<KernelSymbols> symbols = KernelSymbols::load(SystemFiles("/nonexistent-root"));
  ASSERT_FALSE(symbols.has_value());
  EXPECT_NE(symbols.error().message.find("/proc/kallsyms"), std::string::npos) << symbols.error().message;
}

TEST(KernelSymbols, LiveKallsymsNamesItsOwnAddresses) {
  const Result<KernelSymbols> symbols = KernelSymbols::load(SystemFiles("/"));
  if (!symbols) GTEST_SKIP() << symbols.error().message;
  if (symbols->hidden()) GTEST_SKIP() << "/proc/kallsyms shows zeros here (kptr_restrict)";
  EXPECT_GT(symbols->size(), 1000U);
  // The address of a function every kernel has, as the file lists it, is named back.
  const Result<std::string> text = SystemFiles("/").read(kKallsymsPath);
  ASSERT_TRUE(text.has_value());
  const std::size_t at = text->find(" T do_syscall_64\n");
  if (at == std::string::npos || at < 16) GTEST_SKIP() << "no do_syscall_64 here (not x86-64?)";
  std::uint64_t address = 0;
  std::from_chars(text->data() + at - 16, text->data() + at, address, 16);
  EXPECT_EQ(name_at(*symbols, address + 1), "do_syscall_64");
}

}  // namespace
}  // namespace pipetop
