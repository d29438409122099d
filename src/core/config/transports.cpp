#include "pipetop/core/config/transports.hpp"

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/config/strategies.hpp"

namespace pipetop {
namespace {

// The transports' names joined by `separator`: all of them, or those that `can` (a row's capability):
// "pipe | fifo | socketpair | tcp", "pipe or fifo".
std::string joined_names(std::string_view separator, bool Transport::*can = nullptr) {
  std::string text;
  for (const Transport& row : kTransports) {
    if (can == nullptr || row.*can) text += (text.empty() ? "" : std::string(separator)) + std::string(row.name);
  }
  return text;
}

}  // namespace

const Transport& transport_of(TransportKind kind) {
  return row_of_kind(kTransports, kind);
}

std::string_view to_string(TransportKind kind) {
  return transport_of(kind).name;
}

Result<TransportKind> parse_transport_kind(std::string_view text) {
  for (const Transport& row : kTransports) {
    if (row.name == text) return row.kind;
  }
  return std::unexpected(
      usage_error("unknown transport '" + std::string(text) + "'", "use --transport " + transport_choices()));
}

std::string transport_choices() {
  return joined_names(" | ");
}

TransportKind next_transport(TransportKind kind) {
  for (std::size_t i = 0; i < kTransports.size(); ++i) {
    if (kTransports[i].kind == kind) return kTransports[(i + 1) % kTransports.size()].kind;
  }
  return kTransports[0].kind;
}

Result<void> check_transport(const RunConfig& c) {
  const Transport& t = transport_of(c.transport);
  const std::string over = "--transport " + std::string(t.name);
  if (c.writer == WriterKind::vmsplice && !t.is_pipe) {
    return std::unexpected(
        usage_error("--writer vmsplice with " + over +
                        ": vmsplice(2) maps the writer's pages into a pipe, and a socket has no pipe to map them into",
                    "use --writer write or sendfile over a socket, or --transport " +
                        joined_names(" or ", &Transport::is_pipe) + " for vmsplice"));
  }
  if (c.writer == WriterKind::sendfile && c.verify && !t.is_pipe) {
    return std::unexpected(usage_error(
        "--writer sendfile with --verify over " + std::string(t.name) +
            ": the socket holds the memfd's pages, not copies, for as long as it likes, so a rewritten pattern "
            "could reach the reader and read as a mismatch",
        "drop --verify, or use --transport " + joined_names(" or ", &Transport::is_pipe) +
            " (sized so a chunk is rewritten only once consumed)"));
  }
  if (c.zerocopy && !t.takes_zerocopy) {
    return std::unexpected(
        usage_error("--zerocopy with " + over + ": MSG_ZEROCOPY is a flag of send(2) on TCP (and UDP) sockets only",
                    "add --transport " + joined_names(" or ", &Transport::takes_zerocopy) + ", or drop --zerocopy"));
  }
  if (c.zerocopy && c.writer != WriterKind::write) {
    return std::unexpected(usage_error("--zerocopy with --writer " + std::string(to_string(c.writer)) +
                                           ": MSG_ZEROCOPY changes the writer's send(2), and this writer sends none",
                                       "use --writer write with --zerocopy"));
  }
  return {};
}

bool lends_pages_to_pipe(const RunConfig& c) {
  return strategy_of(c.writer).references_pages && transport_of(c.transport).is_pipe;
}

bool splices_through_relay(const RunConfig& c) {
  return c.reader == ReaderKind::splice && !transport_of(c.transport).is_pipe;
}

}  // namespace pipetop
