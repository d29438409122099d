// Text report: a line per second of the reader's throughput, then a summary a person reads.

#include <array>
#include <cstdarg>
#include <cstdio>
#include <optional>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/counters/counter_table.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/figures/interference.hpp"
#include "pipetop/core/figures/meter.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"
#include "pipetop/core/figures/throughput.hpp"
#include "pipetop/core/profile/profile_report.hpp"
#include "pipetop/core/report/buffer_setup_report.hpp"
#include "pipetop/core/report/comparison_report.hpp"
#include "pipetop/core/report/meter_line.hpp"
#include "report_formats.hpp"

namespace pipetop {
namespace {

std::string gib_per_s(std::optional<double> value) {
  return value ? printf_string("%.2f GiB/s", *value) : std::string("no rate (fewer than two samples)");
}

std::string percent_or_dash(std::optional<double> fraction) {
  return fraction ? printf_string("%.1f%%", *fraction * 100) : std::string("—");
}

// "  time         writer  user 12% · ... · 5.2 k voluntary/s · 3 involuntary/s", a line per worker
// with two /proc readings, then what the reader found in the pipe.
std::string time_lines(const RunSummary& s) {
  std::string text;
  for (const auto& [name, worker] : {std::pair{"writer", &s.writer}, std::pair{"reader", &s.reader}}) {
    if (!worker->time) continue;
    const std::string switches = switches_words(*worker->time);
    text += std::string(text.empty() ? "  time         " : "               ") + name + "  " +
            time_shares_words(*worker->time) + (switches.empty() ? "" : " · " + switches) + "\n";
  }
  if (const std::optional<std::string> words = bottleneck_words(s.pipe_fill)) text += "  pipe         " + *words + "\n";
  return text;
}

std::string describe(const RunOutcome& o) {
  std::string text =
      o.other_end ? o.other_end->words + " ↔ pipetop's " + std::string(to_string(other_role(o.other_end->role))) + ": "
                  : std::string();
  text += describe_config(o.config());
  text += " · " + describe_pipe(o.config(), o.segment.pipe_bytes(), o.pipe_bytes_asked);
  return text;
}

// What went through the pipe, and what each side moved. With the user's program at one end only
// pipetop's worker counts bytes: "writer 0 B" would say the producer wrote nothing.
std::string moved_line(const RunOutcome& o, const RunSummary& s) {
  const std::string head =
      printf_string("  moved        %s in %.2f s", format_size(s.throughput.bytes).c_str(), s.throughput.elapsed_s);
  if (o.other_end) {
    return head + " (through the pipe, as pipetop's " + std::string(to_string(other_role(o.other_end->role))) +
           " counted it)\n";
  }
  return head + printf_string(" (writer %s, reader %s)\n", format_size(s.writer.bytes).c_str(),
                              format_size(s.reader.bytes).c_str());
}

// The user's program at the other end: who, its CPU beside pipetop's worker, how it ended, --pass's path.
std::string other_end_lines(const RunOutcome& o, const RunSummary& s) {
  if (!o.other_end) return {};
  const OtherEnd& end = *o.other_end;
  std::string text = printf_string("  other end    %s: %s\n", end.words.c_str(), name_other_end(end).c_str());
  const WorkerSummary& theirs = end.role == WorkerRole::writer ? s.writer : s.reader;
  const WorkerSummary& ours = end.role == WorkerRole::writer ? s.reader : s.writer;
  const auto percent = [](std::optional<double> v) { return v ? printf_string("%.1f%%", *v) : std::string("—"); };
  text += "  cpu          " + std::string(to_string(end.role)) + " (theirs) " + percent(theirs.cpu_user_percent) +
          " user " + percent(theirs.cpu_system_percent) + " system · " + std::string(to_string(other_role(end.role))) +
          " (pipetop) " + percent(ours.cpu_user_percent) + " user " + percent(ours.cpu_system_percent) + " system\n";
  if (const std::string words = command_end_words(end); !words.empty()) text += "  command      " + words + "\n";
  if (!end.pass_path.empty()) text += "  pass         " + end.pass_path + "\n";
  return text;
}

class TextReport final : public Report {
 public:
  TextReport(const MeterPace& meter, PairTag pair)
      : paced_by_(meter.paced_by),
        prefix_(pair ? printf_string("pair %zu ", *pair) : std::string()),
        meter_(meter.expected_bytes) {}

  std::string header(const std::vector<CounterInfo>& /*counters*/) override { return {}; }

  std::string sample(WorkerRole role, const Sample& s) override {
    if (role != paced_by_) return {};
    const std::optional<MeterReading> reading = meter_.add(s);
    if (!reading) return {};
    const std::string done = done_text(*reading);
    return prefix_ + printf_string("%7.2fs  %s  %s total%s\n", reading->elapsed_s,
                                   reading->bytes_per_s
                                       ? printf_string("%8.2f GiB/s", bytes_to_gib(*reading->bytes_per_s)).c_str()
                                       : "       — GiB/s",
                                   format_size(reading->bytes).c_str(), done.empty() ? "" : ("  " + done).c_str());
  }

  std::string summary(const RunOutcome& o) override {
    const RunSummary s = summarize(o);
    std::string text = "\n" + describe(o) + "\n";
    text += "  throughput   " + gib_per_s(s.throughput.gib_per_s) + " (" + std::string(kHeadlineDefinition) +
            "), median " + gib_per_s(s.throughput.gib_per_s_median) + "\n";
    if (o.ceiling) {
      text += "  ceiling      " + ceiling_label(*o.ceiling) + " (" + format_size(o.ceiling->buffer_bytes) +
              (o.ceiling->cpu ? " on CPU " + std::to_string(*o.ceiling->cpu) : std::string(" unpinned")) +
              ", before the pair started): " + ceiling_words(o.config(), *o.ceiling, s.throughput.gib_per_s) + "\n";
    }
    text += moved_line(o, s);
    text += printf_string(
        "  syscalls     writer %llu (%llu EAGAIN) · reader %llu (%llu EAGAIN)\n",
        static_cast<unsigned long long>(s.writer.syscalls), static_cast<unsigned long long>(s.writer.eagain),
        static_cast<unsigned long long>(s.reader.syscalls), static_cast<unsigned long long>(s.reader.eagain));
    text += other_end_lines(o, s);
    text += printf_string("  samples      %llu writer + %llu reader, %llu dropped\n",
                          static_cast<unsigned long long>(o.segment.samples(WorkerRole::writer)),
                          static_cast<unsigned long long>(o.segment.samples(WorkerRole::reader)),
                          static_cast<unsigned long long>(o.dropped_samples));
    text += "  cpu wait     " + percent_or_dash(s.writer.cpu_wait_fraction) + " writer · " +
            percent_or_dash(s.reader.cpu_wait_fraction) + " reader (of the time runnable but waiting for a CPU)\n";
    text += time_lines(s);
    if (const std::optional<std::string> words = interference_words(s.cpu_waits(), o.config())) {
      text += "  disturbed    " + *words + "\n";
    }
    if (o.shared_cpus) {
      text +=
          "  observer     fewer than 3 CPUs: pipetop's own sampling and whatever reads this output share the "
          "workers' CPUs (write the output to a file)\n";
    }
    if (o.segment.huge_pages().requested) {
      const std::optional<double> checked = huge_pages_checked_s(o);
      text += std::string("  huge pages   ") + (o.segment.huge_pages().verified ? "verified" : "NOT verified") +
              (checked ? printf_string(" (checked at %.1f s)", *checked) : std::string()) + ": " +
              o.segment.huge_pages().detail + "\n";
    }
    text += buffer_setup_text(o);
    if (o.verify) {
      text += "  verify       " + format_size(o.verify->bytes_checked) + " checked, " +
              std::to_string(o.verify->mismatches) + " mismatches";
      if (o.verify->mismatches > 0)
        text += " (first at stream offset " + std::to_string(o.verify->first_mismatch) + ")";
      text += "\n";
    }
    if (o.zerocopy) {
      text += "  zerocopy     " + std::to_string(o.zerocopy->sends) + " send(MSG_ZEROCOPY), " +
              std::to_string(o.zerocopy->completed) + " completed, " + std::to_string(o.zerocopy->copied) +
              " of them copied by the kernel after all" +
              (o.zerocopy->copied > 0 ? " (over loopback the receiver is local: its pages are copied)" : "") + "\n";
    }
    if (!o.segment.counters(WorkerRole::writer).empty() || !o.segment.counters(WorkerRole::reader).empty())
      text += "\n" + counter_table(s, o.config(), o.other_end ? std::optional(o.other_end->role) : std::nullopt) + "\n";
    if (const std::string table = profile_table(s); !table.empty()) text += "\n" + table + "\n";
    text += "  ended        " + std::string(to_string(o.end));
    if (!o.failure.empty()) text += ": " + o.failure;
    text += "\n  rerun        " + run_command_line(o.config(), o.other_end ? &*o.other_end : nullptr) + "\n";
    return text;
  }

  std::string comparison(const Comparison& c) override { return comparison_text(c); }

 private:
  WorkerRole paced_by_;
  std::string prefix_;  // "pair 2 " before each line, for run --pairs
  Meter meter_;         // paces the line per second
};

}  // namespace

std::unique_ptr<Report> make_text_report(const MeterPace& meter, PairTag pair) {
  return std::make_unique<TextReport>(meter, pair);
}

}  // namespace pipetop
