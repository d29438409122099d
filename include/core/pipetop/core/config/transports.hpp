#pragma once
// What joins the writer to the reader, described once: the anonymous pipe of the article, a named pipe
// (FIFO), an AF_UNIX stream socket pair, and TCP over loopback. Each row says what the transport can do
// (a pipe inside: F_SETPIPE_SZ sizes it, vmsplice(2) can fill it, splice(2) can empty it directly;
// MSG_ZEROCOPY sends); validate()'s refusals, the key that cycles them, the header, --help, the
// completions and every report read these rows, and the schema's enum is tested against them.
//
// A new transport is four files: its kind in TransportKind and its row in kTransports (in the kind's
// order), here; its opener declared and returned in src/system/transport_openers.hpp (-Wswitch points
// there, and a static_assert there points back here when a kind has an opener but no row); the opener
// itself, beside its kin in src/system/socket_ends.cpp or fifo_ends.cpp, or in a NAME_ends.cpp of its
// own, which the build picks up (the linker points there); its name in schemas/run.schema.json (a test
// points there).

#include <array>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/kind_rows.hpp"

namespace pipetop {

struct RunConfig;  // run_config.hpp, which holds a TransportKind

enum class TransportKind { pipe, fifo, socketpair, tcp };

struct Transport {
  TransportKind kind;
  std::string_view name;     // on the command line and in JSON: "socketpair"
  std::string_view summary;  // for --help
  bool is_pipe;              // a pipe inside: sized with F_SETPIPE_SZ, vmsplice and splice work on it directly
  bool takes_zerocopy;       // send(2) takes MSG_ZEROCOPY on it (--zerocopy)
};

inline constexpr std::array<Transport, 4> kTransports{{
    {TransportKind::pipe, "pipe", "an anonymous pipe(2), as the seed benchmark", true, false},
    {TransportKind::fifo, "fifo",
     "a named pipe: mkfifo(3) in a private mkdtemp(3) directory, both removed once the two ends are open", true, false},
    {TransportKind::socketpair, "socketpair",
     "socketpair(AF_UNIX, SOCK_STREAM); --pipe-size sets SO_SNDBUF and SO_RCVBUF (the kernel doubles them)", false,
     false},
    {TransportKind::tcp, "tcp",
     "TCP over loopback: a listener on 127.0.0.1, an ephemeral port, Nagle left on (no TCP_NODELAY); --pipe-size "
     "sets SO_SNDBUF and SO_RCVBUF",
     false, true},
}};
static_assert(rows_in_kind_order(kTransports), "kTransports follows TransportKind's order");

[[nodiscard]] const Transport& transport_of(TransportKind kind);
[[nodiscard]] std::string_view to_string(TransportKind kind);
// A transport's name as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<TransportKind> parse_transport_kind(std::string_view text);
// "pipe | fifo | socketpair | tcp", for --help and messages.
[[nodiscard]] std::string transport_choices();
// The transport after `kind`, for the key that cycles them.
[[nodiscard]] TransportKind next_transport(TransportKind kind);

// Why `config`'s strategies and flags cannot run over its transport (vmsplice into a socket,
// MSG_ZEROCOPY off TCP), with the hint; nothing when they can.
[[nodiscard]] Result<void> check_transport(const RunConfig& config);

// Whether the writer lends its pages (vmsplice, sendfile) to a pipe: then the pipe is sized to half the
// buffer and the writer alternates two chunks, so a chunk is rewritten only once the pipe let go of it.
[[nodiscard]] bool lends_pages_to_pipe(const RunConfig& config);

// Whether the reader's splice(2) goes through a relay pipe: splice moves bytes between a pipe and
// something else, so from a socket it splices into a pipe of its own and from there to /dev/null.
[[nodiscard]] bool splices_through_relay(const RunConfig& config);

}  // namespace pipetop
