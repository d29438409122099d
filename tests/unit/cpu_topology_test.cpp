// The CPUs this process may use (online ∩ affinity ∩ cpuset, and what narrowed them), places of CPUs
// the topology does not know, and counting cores, threads and nodes.

#include "pipetop/core/machine/cpu_topology.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

using Cpus = std::vector<int>;

TEST(IntersectAllowedCpus, EverythingOnlineWhenNothingNarrows) {
  const AllowedCpus a = intersect_allowed_cpus({0, 1, 2, 3}, Cpus{0, 1, 2, 3}, Cpus{0, 1, 2, 3});
  EXPECT_EQ(a.cpus, (Cpus{0, 1, 2, 3}));
  EXPECT_TRUE(a.narrowed_by.empty());
  EXPECT_EQ(narrowed_by_text(a), "");
}

TEST(IntersectAllowedCpus, AffinityNarrows) {  // taskset -c 0
  const AllowedCpus a = intersect_allowed_cpus({0, 1}, Cpus{0}, Cpus{0, 1});
  EXPECT_EQ(a.cpus, Cpus{0});
  EXPECT_EQ(narrowed_by_text(a), "affinity");
}

TEST(IntersectAllowedCpus, CpusetNarrowsAndAnAffinityWithinItDoesNotCount) {
  // The kernel sets the affinity to the cpuset when a task joins it: the cpuset is the cause.
  const AllowedCpus a = intersect_allowed_cpus({0, 1, 2, 3}, Cpus{2, 3}, Cpus{2, 3});
  EXPECT_EQ(a.cpus, (Cpus{2, 3}));
  EXPECT_EQ(narrowed_by_text(a), "cpuset");
  const AllowedCpus both = intersect_allowed_cpus({0, 1, 2, 3}, Cpus{3}, Cpus{2, 3});
  EXPECT_EQ(both.cpus, Cpus{3});
  EXPECT_EQ(narrowed_by_text(both), "cpuset and affinity");
}

TEST(IntersectAllowedCpus, UnknownSourcesAreSkipped) {
  const AllowedCpus a = intersect_allowed_cpus({0, 1}, std::nullopt, std::nullopt);
  EXPECT_EQ(a.cpus, (Cpus{0, 1}));
  EXPECT_FALSE(a.affinity.has_value());
  EXPECT_FALSE(a.cpuset.has_value());
}

TEST(IntersectAllowedCpus, UnknownOnlineListIsTakenFromTheAffinityThenTheCpuset) {
  EXPECT_EQ(intersect_allowed_cpus({}, Cpus{1, 2}, Cpus{2}).online, (Cpus{1, 2}));
  EXPECT_EQ(intersect_allowed_cpus({}, Cpus{1, 2}, Cpus{2}).cpus, Cpus{2});
  EXPECT_EQ(intersect_allowed_cpus({}, std::nullopt, Cpus{2}).cpus, Cpus{2});
  EXPECT_TRUE(intersect_allowed_cpus({}, std::nullopt, std::nullopt).cpus.empty());
}

TEST(IntersectAllowedCpus, SortsAndDropsCpusThatAreNotOnline) {
  const AllowedCpus a = intersect_allowed_cpus({3, 1, 0, 1}, Cpus{7, 3, 1}, std::nullopt);
  EXPECT_EQ(a.online, (Cpus{0, 1, 3}));
  EXPECT_EQ(a.cpus, (Cpus{1, 3}));
}

TEST(PlacesOf, KnownCpusKeepTheirPlaceOthersAreCoresOfTheirOwn) {
  const std::vector<CpuPlace> topology = {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 1, 0, 1}};
  const std::vector<CpuPlace> places = places_of(topology, {2, 0, 9});
  ASSERT_EQ(places.size(), 3u);
  EXPECT_EQ(places[0], (CpuPlace{2, 1, 0, 1}));
  EXPECT_EQ(places[1], (CpuPlace{0, 0, 0, 0}));
  EXPECT_EQ(places[2], (CpuPlace{9, -1, 9, 0}));
}

TEST(CountTopology, CoresThreadsAndNodes) {
  const TopologyCounts hybrid = count_topology({{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 4, 0}, {3, 0, 8, 0}});
  EXPECT_EQ(hybrid.cpus, 4);
  EXPECT_EQ(hybrid.cores, 3);
  EXPECT_EQ(hybrid.threads_per_core, 2);  // the most on any core
  EXPECT_EQ(hybrid.nodes, 1);
  const TopologyCounts empty = count_topology({});
  EXPECT_EQ(empty.cpus, 0);
  EXPECT_EQ(empty.threads_per_core, 1);
  EXPECT_EQ(empty.nodes, 0);
}

}  // namespace
}  // namespace pipetop
