#include "pipetop/core/profile/frame_name.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace pipetop {
namespace {

TEST(FrameName, TheSameTextIsOneStoredName) {
  const std::string built = std::string("anon_pipe_") + "write";
  const FrameName a("anon_pipe_write");
  const FrameName b(built);
  EXPECT_EQ(a, b);
  EXPECT_EQ(&a.str(), &b.str()) << "stored once";
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a, FrameName("anon_pipe_read"));
  EXPECT_EQ(std::string_view(a), "anon_pipe_write");
  EXPECT_EQ(FrameName().str(), "");
}

TEST(FrameName, OrdersByTextWhateverOrderTheyWereStoredIn) {
  // Stored in the reverse of their text order: the order must not follow where they were stored.
  std::vector<FrameName> names{FrameName("zz_frame_name_test"), FrameName("mm_frame_name_test"),
                               FrameName("aa_frame_name_test")};
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names[0].str(), "aa_frame_name_test");
  EXPECT_EQ(names[1].str(), "mm_frame_name_test");
  EXPECT_EQ(names[2].str(), "zz_frame_name_test");
  EXPECT_TRUE(FrameName("a_frame") < FrameName("b_frame"));
  EXPECT_TRUE(FrameName("b_frame") > FrameName("a_frame"));
}

TEST(FrameName, NamedFromSeveralThreadsStillOneStoredName) {
  std::vector<const std::string*> seen(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&seen, i] {
      for (int n = 0; n < 1000; ++n) FrameName("thread_frame_" + std::to_string(n));
      seen[i] = &FrameName("thread_frame_999").str();
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::string* s : seen) EXPECT_EQ(s, seen[0]);
}

}  // namespace
}  // namespace pipetop
