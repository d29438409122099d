// User-space names through libdwfl, on this test process and on a child that exits: functions of
// the test binary (demangled) and of libc, addresses outside every module, the cache, and a process
// that is gone.

#include "pipetop/system/user_symbols.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <string>

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

[[gnu::noinline]] int user_symbols_probe(int x) {
  asm volatile("" ::: "memory");  // keeps the body (and so the symbol) apart from its callers
  return x * 3 + 1;
}

std::uint64_t address_of(int (*function)(int)) {
  return reinterpret_cast<std::uintptr_t>(function);
}
std::uint64_t address_of(pid_t (*function)()) {
  return reinterpret_cast<std::uintptr_t>(function);
}

TEST(UserSymbols, NamesFunctionsOfThisBinaryDemangled) {
  ASSERT_EQ(user_symbols_probe(1), 4);
  Result<UserSymbols> symbols = UserSymbols::attach(getpid());
  ASSERT_TRUE(symbols.has_value()) << symbols.error().message;
  const FrameName name = symbols->name(address_of(&user_symbols_probe) + 2);
  EXPECT_EQ(name.str(), "pipetop::(anonymous namespace)::user_symbols_probe(int)");
  EXPECT_EQ(symbols->name(address_of(&user_symbols_probe) + 2), name);  // from the cache
}

TEST(UserSymbols, NamesLibcFunctionsFromTheirSymbolTable) {
  Result<UserSymbols> symbols = UserSymbols::attach(getpid());
  ASSERT_TRUE(symbols.has_value()) << symbols.error().message;
  EXPECT_TRUE(contains(symbols->name(address_of(&getpid)).str(), "getpid")) << symbols->name(address_of(&getpid)).str();
}

TEST(UserSymbols, AnAddressOutsideEveryModuleIsUnknown) {
  Result<UserSymbols> symbols = UserSymbols::attach(getpid());
  ASSERT_TRUE(symbols.has_value());
  EXPECT_EQ(symbols->name(0x10).str(), "[unknown]");
  EXPECT_EQ(symbols->name(0x20).str(), "[unknown]");  // past the re-reading budget: still an answer
}

TEST(UserSymbols, AProcessThatIsGoneCannotBeAttached) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(0);
  ASSERT_EQ(waitpid(child, nullptr, 0), child);
  const Result<UserSymbols> symbols = UserSymbols::attach(child);
  ASSERT_FALSE(symbols.has_value());
  EXPECT_TRUE(contains(symbols.error().message, "dwfl_linux_proc_report(pid " + std::to_string(child) + ")"))
      << symbols.error().message;
  EXPECT_FALSE(symbols.error().hint.empty());
}

TEST(UserSymbols, NamesStayAvailableOnceTheProcessHasExited) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    pause();
    _exit(0);
  }
  Result<UserSymbols> symbols = UserSymbols::attach(child);
  const FrameName cached = symbols ? symbols->name(address_of(&getpid)) : FrameName();
  kill(child, SIGKILL);
  ASSERT_EQ(waitpid(child, nullptr, 0), child);
  ASSERT_TRUE(symbols.has_value()) << symbols.error().message;
  EXPECT_EQ(symbols->name(address_of(&getpid)), cached);
  // Never asked before the exit: the module list and its file are still there to read.
  EXPECT_EQ(symbols->name(address_of(&user_symbols_probe)), "pipetop::(anonymous namespace)::user_symbols_probe(int)");
  EXPECT_EQ(symbols->name(0x10), "[unknown]");
}

}  // namespace
}  // namespace pipetop
