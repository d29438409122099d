#include "pipetop/core/machine/proc_sched.hpp"

#include <gtest/gtest.h>

namespace pipetop {
namespace {

// As a 6.1 kernel prints /proc/self/sched (abridged).
constexpr std::string_view kSched =
    "cat (4711, #threads: 1)\n"
    "-------------------------------------------------------------------\n"
    "se.exec_start                                :      74216378.219931\n"
    "se.nr_migrations_cold                        :                   12\n"
    "se.nr_migrations                             :                    3\n"
    "nr_switches                                  :                    7\n"
    "nr_voluntary_switches                        :                    5\n";

TEST(ProcSched, ReadsTheCountOfItsKey) {
  EXPECT_EQ(proc_sched_count(kSched, "se.nr_migrations"), 3U);
  EXPECT_EQ(proc_sched_count(kSched, "nr_switches"), 7U);
  EXPECT_EQ(proc_sched_count(kSched, "nr_voluntary_switches"), 5U);
}

TEST(ProcSched, ALongerKeyThatStartsAlikeIsNotIt) {
  EXPECT_EQ(proc_sched_count("se.nr_migrations_cold    :   12\n", "se.nr_migrations"), std::nullopt);
}

TEST(ProcSched, MissingKeysAndValuesThatAreNoCountAreNothing) {
  EXPECT_EQ(proc_sched_count(kSched, "nr_involuntary_switches"), std::nullopt);
  EXPECT_EQ(proc_sched_count(kSched, "se.exec_start"), std::nullopt) << "not a whole number";
  EXPECT_EQ(proc_sched_count("se.nr_migrations :\n", "se.nr_migrations"), std::nullopt);
  EXPECT_EQ(proc_sched_count("", "se.nr_migrations"), std::nullopt);
}

TEST(ProcSched, TheLastLineNeedsNoNewline) {
  EXPECT_EQ(proc_sched_count("se.nr_migrations : 42", "se.nr_migrations"), 42U);
}

}  // namespace
}  // namespace pipetop
