#include "pipetop/core/base/error.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

namespace pipetop {
namespace {

TEST(Error, ConstructorsSetTheKind) {
  EXPECT_EQ(usage_error("m").kind, ExitCode::usage);
  EXPECT_EQ(environment_error("m").kind, ExitCode::environment);
  EXPECT_EQ(runtime_error("m").kind, ExitCode::runtime);
  const Error e = usage_error("message", "hint");
  EXPECT_EQ(e.message, "message");
  EXPECT_EQ(e.hint, "hint");
}

TEST(Error, ExitCodesAreTheDocumentedNumbers) {
  EXPECT_EQ(static_cast<int>(ExitCode::ok), 0);
  EXPECT_EQ(static_cast<int>(ExitCode::runtime), 1);
  EXPECT_EQ(static_cast<int>(ExitCode::usage), 2);
  EXPECT_EQ(static_cast<int>(ExitCode::environment), 3);
}

TEST(FormatError, HintOnItsOwnLineWhenPresent) {
  EXPECT_EQ(format_error(usage_error("bad size", "use 64K")), "bad size\n  hint: use 64K");
  EXPECT_EQ(format_error(runtime_error("pipe failed")), "pipe failed");
}

TEST(ErrnoText, DescriptionAndName) {
  EXPECT_EQ(errno_text(EINVAL), "Invalid argument [EINVAL]");
  EXPECT_EQ(errno_text(EPERM), "Operation not permitted [EPERM]");
  const std::string eagain = errno_text(EAGAIN);
  EXPECT_NE(eagain.find("[EAGAIN]"), std::string::npos) << eagain;
}

TEST(ErrnoText, UnknownValuesPrintTheirNumber) {
  const std::string text = errno_text(98765);
  EXPECT_NE(text.find("98765"), std::string::npos) << text;
}

}  // namespace
}  // namespace pipetop
