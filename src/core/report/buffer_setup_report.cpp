#include "pipetop/core/report/buffer_setup_report.hpp"

#include <optional>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"

namespace pipetop {
namespace {

std::string faults_text(const PageFaults& f) {
  std::string text = std::to_string(f.minor + f.major) + (f.minor + f.major == 1 ? " fault" : " faults");
  if (f.major > 0) text += " (" + std::to_string(f.major) + " major)";
  return text;
}

std::string both(const RunOutcome& o, std::string (*one)(const BufferSetup&)) {
  const auto side = [one](const char* who, const std::optional<BufferSetup>& b) {
    return std::string(who) + " " + (b ? one(*b) : std::string("not pipetop's"));
  };
  return side("writer", o.writer_setup) + " · " + side("reader", o.reader_setup);
}

void write_faults(JsonWriter& json, const char* name, const PageFaults& f) {
  json.key(name).begin_object().key("minor").value(f.minor).key("major").value(f.major).end_object();
}

}  // namespace

std::string buffer_setup_text(const RunOutcome& o) {
  if (!o.writer_setup && !o.reader_setup) return {};
  const RunConfig& c = o.config();
  return "  buffers      " + std::string(to_string(page_kind(c))) + " pages, prefault " +
         std::string(to_string(prefault_of(c))) + ": set-up " +
         both(o,
              [](const BufferSetup& b) {
                return printf_string("%.2f ms, ", static_cast<double>(b.setup_ns) / 1e6) + faults_text(b.setup);
              }) +
         "; during the transfer " + both(o, [](const BufferSetup& b) { return faults_text(b.transfer); }) + "\n";
}

void write_buffer_setup(JsonWriter& json, const RunOutcome& o) {
  const RunConfig& c = o.config();
  json.key("buffers").begin_object();
  json.key("pages").value(to_string(page_kind(c)));
  json.key("prefault").value(to_string(prefault_of(c)));
  for (const auto& [name, setup] : {std::pair{"writer", &o.writer_setup}, std::pair{"reader", &o.reader_setup}}) {
    json.key(name);
    if (!*setup) {
      json.null();
      continue;
    }
    json.begin_object().key("setup_s").value(static_cast<double>((*setup)->setup_ns) / 1e9);
    write_faults(json, "setup_faults", (*setup)->setup);
    write_faults(json, "transfer_faults", (*setup)->transfer);
    json.end_object();
  }
  json.end_object();
}

}  // namespace pipetop
