// --verify through the real binary: a clean run says nothing on stderr and exits 0, its JSON summary
// says it is ok. (A run with mismatches needs a broken kernel; run_verdict_test decides that case.)

#include <gtest/gtest.h>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

TEST(VerifyCli, CleanRunExitsZeroWithNothingOnStderr) {
  const testing::Ran ran =
      testing::run_binary({"run", "--verify", "--duration", "300ms", "--format", "json", "-q"}, 30s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.err, "");
  EXPECT_NE(ran.out.find("\"mismatches\":0,\"ok\":true}"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("\"ok\":true,\"problems\":[]"), std::string::npos) << ran.out;
}

}  // namespace
}  // namespace pipetop
