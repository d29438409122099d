// --pass's read/write path through a scripted fake: every byte goes on whole across partial writes,
// EINTR and EAGAIN; EPIPE is a clean end; anything else is an error naming the call.

#include "pipetop/system/forward.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

namespace pipetop {
namespace {

// Each write takes at most the next scripted count, or fails with the next scripted errno (negative).
struct ScriptedCalls {
  explicit ScriptedCalls(std::initializer_list<long> steps) : script(steps) {}
  std::deque<long> script;  // >= 0: bytes accepted at most; < 0: -errno
  std::string written;
  int waits = 0;
  ssize_t write(int /*fd*/, const void* data, std::size_t length) {
    const long next = script.empty() ? static_cast<long>(length) : script.front();
    if (!script.empty()) script.pop_front();
    if (next < 0) {
      errno = static_cast<int>(-next);
      return -1;
    }
    const std::size_t n = std::min(length, static_cast<std::size_t>(next));
    written.append(static_cast<const char*>(data), n);
    return static_cast<ssize_t>(n);
  }
  void wait_writable(int /*fd*/) { ++waits; }
};

std::vector<std::byte> bytes_of(const std::string& text) {
  std::vector<std::byte> out;
  for (const char c : text) out.push_back(static_cast<std::byte>(c));
  return out;
}

TEST(ForwardAll, PartialWritesEintrAndEagainStillDeliverEveryByteInOrder) {
  const std::string text = "every byte unchanged, in order";
  ScriptedCalls calls{5, -EINTR, 3, -EAGAIN, 0, 7, -EAGAIN, -EINTR};
  TransferCounts counts;
  const Result<Forwarded> sent = forward_all(calls, 1, bytes_of(text), counts);
  ASSERT_TRUE(sent);
  EXPECT_EQ(*sent, Forwarded::all);
  EXPECT_EQ(calls.written, text);
  EXPECT_EQ(calls.waits, 2);
  EXPECT_EQ(counts.eagain, 2U);
  EXPECT_EQ(counts.syscalls, 9U);  // eight scripted calls and the last one that took the rest
}

TEST(ForwardAll, EpipeIsTheConsumerGoingAwayNotAnError) {
  ScriptedCalls calls{4, -EPIPE};
  TransferCounts counts;
  const Result<Forwarded> sent = forward_all(calls, 1, bytes_of("0123456789"), counts);
  ASSERT_TRUE(sent);
  EXPECT_EQ(*sent, Forwarded::consumer_gone);
  EXPECT_EQ(calls.written, "0123");
}

TEST(ForwardAll, AnyOtherErrnoIsAnErrorNamingWriteTheFdAndWhatWasLeft) {
  ScriptedCalls calls{2, -ENOSPC};
  TransferCounts counts;
  const Result<Forwarded> sent = forward_all(calls, 7, bytes_of("0123456789"), counts);
  ASSERT_FALSE(sent);
  EXPECT_NE(sent.error().message.find("write(fd=7"), std::string::npos) << sent.error().message;
  EXPECT_NE(sent.error().message.find("ENOSPC"), std::string::npos) << sent.error().message;
}

TEST(ForwardAll, NothingToSendMakesNoCall) {
  ScriptedCalls calls{-EIO};
  TransferCounts counts;
  EXPECT_TRUE(forward_all(calls, 1, {}, counts));
  EXPECT_EQ(counts.syscalls, 0U);
}

}  // namespace
}  // namespace pipetop
