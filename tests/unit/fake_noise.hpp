#pragma once
// Test helper: small multiplicative noise, ±`amount`, from a fixed sequence, for fake figures whose
// round ratios differ (so that intervals have a width) the same way on every run.

#include <cstdint>

namespace pipetop::testing {

class Noise {
 public:
  explicit Noise(double amount) : amount_(amount) {}
  double next() {
    state_ = state_ * 1103515245u + 12345u;
    return 1.0 + amount_ * (static_cast<double>((state_ >> 8) % 2001u) / 1000.0 - 1.0);
  }

 private:
  double amount_;
  std::uint32_t state_ = 1;
};

}  // namespace pipetop::testing
