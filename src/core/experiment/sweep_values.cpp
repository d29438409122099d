#include "pipetop/core/experiment/sweep_values.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <tuple>

#include "pipetop/core/base/close_matches.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/base/whole_number.hpp"

namespace pipetop {
namespace {

std::string choices() {
  std::string text;
  for (std::size_t i = 0; i < kSweepOptions.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == kSweepOptions.size() ? " or " : ", ") + std::string(kSweepOptions[i].name);
  }
  return text;
}

// One bound of the range: a size, or for an offset also 0.
Result<std::uint64_t> parse_bound(SweepOption option, std::string_view text) {
  if (!sweep_option_row(option).sizes && !text.empty() && text.find_first_not_of('0') == std::string_view::npos) {
    return 0;
  }
  return parse_size(text);
}

std::string bound_arg(SweepOption option, std::uint64_t value) {
  return sweep_option_row(option).sizes ? format_size_arg(value) : std::to_string(value);
}

std::vector<std::uint64_t> default_values(SweepOption option, const SweepRange& range) {
  std::vector<std::uint64_t> values{range.from};
  if (sweep_option_row(option).sizes) {
    for (std::uint64_t p = std::bit_ceil(range.from + 1); p < range.to && p != 0; p <<= 1) values.push_back(p);
  } else {
    for (const std::uint64_t offset : kSweepOffsets) {
      if (offset > range.from && offset < range.to) values.push_back(offset);
    }
  }
  values.push_back(range.to);
  return values;
}

// A size spread on a log scale, rounded to whole KiB from 1 KiB up.
std::uint64_t round_size(double value) {
  if (value < static_cast<double>(kKiB)) return static_cast<std::uint64_t>(std::llround(value));
  return static_cast<std::uint64_t>(std::llround(value / static_cast<double>(kKiB))) * kKiB;
}

std::vector<std::uint64_t> stepped_values(SweepOption option, const SweepRange& range, int steps) {
  std::vector<std::uint64_t> values{range.from};
  const auto from = static_cast<double>(range.from);
  const auto to = static_cast<double>(range.to);
  for (int i = 1; i + 1 < steps; ++i) {
    const double share = static_cast<double>(i) / static_cast<double>(steps - 1);
    values.push_back(sweep_option_row(option).sizes
                         ? round_size(from * std::pow(to / from, share))
                         : static_cast<std::uint64_t>(std::llround(from + (to - from) * share)));
  }
  values.push_back(range.to);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

}  // namespace

const SweepOptionRow& sweep_option_row(SweepOption option) {
  for (const SweepOptionRow& row : kSweepOptions) {
    if (row.option == option) return row;
  }
  return kSweepOptions.front();
}

Result<SweepOption> parse_sweep_option(std::string_view text) {
  std::vector<std::string> names;
  for (const SweepOptionRow& row : kSweepOptions) {
    if (row.name == text) return row.option;
    names.emplace_back(row.name);
  }
  const std::vector<std::string> close = suggest_close_matches(text, names, 1);
  return std::unexpected(usage_error("sweep cannot vary '" + std::string(text) + "'",
                                     (close.empty() ? "" : "did you mean " + close.front() + "? ") + "sweep varies " +
                                         choices() + ": pipetop sweep buffer-size 4KiB..4MiB"));
}

Result<SweepRange> parse_sweep_range(SweepOption option, std::string_view text) {
  const std::string name(sweep_option_row(option).name);
  const std::string example = "pipetop sweep " + name + (sweep_option_row(option).sizes ? " 4KiB..4MiB" : " 0..4095");
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) {
    return std::unexpected(usage_error("'" + std::string(text) + "' is not a range FROM..TO", example));
  }
  SweepRange range;
  for (const auto& [bound, part, target] :
       {std::tuple{"FROM", text.substr(0, dots), &range.from}, std::tuple{"TO", text.substr(dots + 2), &range.to}}) {
    Result<std::uint64_t> value = parse_bound(option, part);
    if (!value) {
      Error error = value.error();
      error.message = std::string(bound) + " of '" + std::string(text) + "': " + error.message;
      return std::unexpected(error);
    }
    *target = *value;
  }
  if (range.from > range.to) {
    return std::unexpected(usage_error("'" + std::string(text) + "' runs backwards: FROM is above TO",
                                       "write the smaller first: pipetop sweep " + name + " " +
                                           bound_arg(option, range.to) + ".." + bound_arg(option, range.from)));
  }
  return range;
}

Result<std::optional<int>> parse_sweep_steps(std::string_view text) {
  const std::optional<int> steps = parse_whole_number(text, 2, static_cast<int>(kMaxSweepValues));
  if (!steps) {
    return std::unexpected(usage_error("'" + std::string(text) + "' is not a number of values from 2 to " +
                                       std::to_string(kMaxSweepValues)));
  }
  return steps;
}

Result<std::vector<std::uint64_t>> sweep_values(SweepOption option, const SweepRange& range, std::optional<int> steps) {
  if (range.from >= range.to) {
    return std::unexpected(usage_error("the range " + sweep_value_text(option, range.from) + ".." +
                                           sweep_value_text(option, range.to) + " holds one value: a sweep needs two",
                                       "pipetop run --" + std::string(sweep_option_row(option).name) +
                                           " measures one value; a sweep runs a range such as 4KiB..4MiB"));
  }
  std::vector<std::uint64_t> values = steps ? stepped_values(option, range, *steps) : default_values(option, range);
  if (values.size() > kMaxSweepValues) {
    return std::unexpected(usage_error("the range holds " + std::to_string(values.size()) +
                                           " values and a sweep runs " + std::to_string(kMaxSweepValues) + " at most",
                                       "narrow the range, or choose how many values with --steps N"));
  }
  return values;
}

RunConfig with_sweep_value(RunConfig config, SweepOption option, std::uint64_t value) {
  switch (option) {
    case SweepOption::buffer_size:
      config.buffer_bytes = value;
      break;
    case SweepOption::pipe_size:
      config.pipe_bytes = value;
      break;
    case SweepOption::buffer_offset:
      config.buffer_offset = value;
      break;
  }
  return config;
}

std::string sweep_value_text(SweepOption option, std::uint64_t value) {
  return sweep_option_row(option).sizes ? format_size(value) : std::to_string(value) + " B";
}

}  // namespace pipetop
