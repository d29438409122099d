// bare_pipe: the "bare loop" baseline for pipetop. It moves bytes through a pipe exactly as pipetop's
// workers do (same buffers, pipe size, flags and pinning) but with no sampling, no shared memory and
// no clock reads in the loop. The writer stops on a flag set by SIGALRM; the reader counts bytes from
// its first successful read to end of file and prints the rate in GiB/s (GiB = 2^30 bytes).
//
//   bare_pipe [--writer write|vmsplice] [--reader read|splice] [--huge-pages] [--busy-loop]
//             [--buffer-size BYTES] [--seconds N] [--writer-cpu N] [--reader-cpu N]

#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string_view>

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

struct Options {
  bool vmsplice = false;  // writer: vmsplice instead of write
  bool splice = false;    // reader: splice to /dev/null instead of read
  bool huge_pages = false;
  bool busy_loop = false;
  std::size_t buffer = 256 << 10;
  double seconds = 5;
  int writer_cpu = 0;
  int reader_cpu = 1;
};

volatile std::sig_atomic_t g_stop = 0;

[[noreturn]] void die(const char* what) {
  std::fprintf(stderr, "bare_pipe: %s: %s\n", what, std::strerror(errno));
  std::_Exit(1);
}

[[noreturn]] void usage(const char* bad) {
  std::fprintf(stderr,
               "bare_pipe: bad argument '%s'\nusage: bare_pipe [--writer write|vmsplice] [--reader read|splice] "
               "[--huge-pages] [--busy-loop] [--buffer-size BYTES] [--seconds N] [--writer-cpu N] [--reader-cpu N]\n",
               bad);
  std::exit(2);
}

// BYTES with an optional K, M or G suffix (powers of 1024): 262144, 256K, 1M.
std::size_t parse_size(const char* text) {
  char* end = nullptr;
  std::size_t value = std::strtoull(text, &end, 10);
  switch (*end) {
    case 'K': case 'k': value <<= 10; ++end; break;
    case 'M': case 'm': value <<= 20; ++end; break;
    case 'G': case 'g': value <<= 30; ++end; break;
    default: break;
  }
  if (end == text || (*end != '\0' && std::string_view(end) != "iB" && std::string_view(end) != "B")) usage(text);
  return value;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&] {
      if (i + 1 >= argc) usage(argv[i]);
      return argv[++i];
    };
    if (arg == "--writer") {
      const std::string_view v = value();
      if (v != "write" && v != "vmsplice") usage(v.data());
      o.vmsplice = v == "vmsplice";
    } else if (arg == "--reader") {
      const std::string_view v = value();
      if (v != "read" && v != "splice") usage(v.data());
      o.splice = v == "splice";
    } else if (arg == "--huge-pages") {
      o.huge_pages = true;
    } else if (arg == "--busy-loop") {
      o.busy_loop = true;
    } else if (arg == "--buffer-size") {
      o.buffer = parse_size(value());
    } else if (arg == "--seconds") {
      o.seconds = std::atof(value());
    } else if (arg == "--writer-cpu") {
      o.writer_cpu = std::atoi(value());
    } else if (arg == "--reader-cpu") {
      o.reader_cpu = std::atoi(value());
    } else {
      usage(argv[i]);
    }
  }
  if (o.buffer < 2 || o.seconds <= 0) usage("--buffer-size/--seconds");
  return o;
}

void pin(int cpu) {
  if (cpu < 0) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(static_cast<std::size_t>(cpu), &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) die("sched_setaffinity");
}

void set_nonblocking(int fd) {
  if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) die("fcntl(O_NONBLOCK)");
}

// Like pipetop's MappedBuffer: page-aligned (2 MiB-aligned and rounded up to 2 MiB with huge pages,
// plus MADV_HUGEPAGE), pre-faulted by memset. Never unmapped: the process exits instead.
char* allocate(std::size_t bytes, bool huge) {
  const std::size_t align = huge ? kHugePage : static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t length = (bytes + align - 1) / align * align;
  void* raw = mmap(nullptr, length + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) die("mmap");
  const auto address = reinterpret_cast<std::uintptr_t>(raw);
  char* base = static_cast<char*>(raw) + ((address + align - 1) / align * align - address);
  if (huge && madvise(base, length, MADV_HUGEPAGE) != 0) die("madvise(MADV_HUGEPAGE)");
  std::memset(base, 'X', bytes);
  return base;
}

double now_s() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Alternates between two halves of buffer/2 bytes, each in its own mapping, one half per call,
// retrying partial transfers, EINTR and EAGAIN, until SIGALRM sets g_stop.
void run_writer(const Options& o, int fd) {
  pin(o.writer_cpu);
  const std::size_t half = o.buffer / 2;
  char* halves[2] = {allocate(half, o.huge_pages), allocate(half, o.huge_pages)};
  if (o.busy_loop && !o.vmsplice) set_nonblocking(fd);
  const unsigned flags = o.busy_loop ? SPLICE_F_NONBLOCK : 0U;

  struct sigaction action{};
  action.sa_handler = [](int) { g_stop = 1; };  // no SA_RESTART: a blocked call returns early
  sigaction(SIGALRM, &action, nullptr);
  const auto whole = static_cast<long>(o.seconds);
  itimerval timer{{0, 0}, {whole, static_cast<long>((o.seconds - static_cast<double>(whole)) * 1e6)}};
  setitimer(ITIMER_REAL, &timer, nullptr);

  for (std::size_t which = 0; !g_stop; which ^= 1) {
    for (std::size_t done = 0; done < half && !g_stop;) {
      iovec iov{halves[which] + done, half - done};
      const ssize_t n = o.vmsplice ? vmsplice(fd, &iov, 1, flags) : write(fd, iov.iov_base, iov.iov_len);
      if (n >= 0) {
        done += static_cast<std::size_t>(n);
      } else if (errno == EPIPE) {
        return;
      } else if (errno != EAGAIN && errno != EINTR) {
        die(o.vmsplice ? "vmsplice" : "write");
      }
    }
  }
}

// Reads buffer-size per call into its own buffer, or splices buffer-size per call to /dev/null.
void run_reader(const Options& o, int fd) {
  pin(o.reader_cpu);
  int devnull = -1;
  char* buffer = nullptr;
  if (o.splice) {
    devnull = open("/dev/null", O_WRONLY);
    if (devnull < 0) die("open(/dev/null)");
  } else {
    buffer = allocate(o.buffer, o.huge_pages);
  }
  if (o.busy_loop && !o.splice) set_nonblocking(fd);
  const unsigned flags = o.busy_loop ? SPLICE_F_NONBLOCK : 0U;

  std::uint64_t bytes = 0;
  double start = 0;  // the clock starts at the first data, so writer set-up is not counted
  for (;;) {
    const ssize_t n = o.splice ? splice(fd, nullptr, devnull, nullptr, o.buffer, flags) : read(fd, buffer, o.buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      die(o.splice ? "splice" : "read");
    }
    if (start == 0) {
      start = now_s();
    } else {
      bytes += static_cast<std::uint64_t>(n);
    }
  }
  if (start == 0) {
    std::fprintf(stderr, "bare_pipe: the reader got no data\n");
    std::_Exit(1);
  }
  const double elapsed = now_s() - start;
  std::printf("%.3f GiB/s (%llu bytes in %.3f s)\n", static_cast<double>(bytes) / elapsed / 1073741824.0,
              static_cast<unsigned long long>(bytes), elapsed);
}

template <typename Body>
pid_t spawn(Body body) {
  const pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    body();
    std::fflush(stdout);
    std::_Exit(0);
  }
  return pid;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  int fds[2];
  if (pipe(fds) != 0) die("pipe");
  // Like pipetop: with vmsplice the pipe holds one writer half; otherwise the kernel default.
  if (o.vmsplice && fcntl(fds[1], F_SETPIPE_SZ, static_cast<int>(o.buffer / 2)) < 0) die("fcntl(F_SETPIPE_SZ)");

  const pid_t writer = spawn([&] {
    close(fds[0]);
    run_writer(o, fds[1]);
  });
  const pid_t reader = spawn([&] {
    close(fds[1]);
    run_reader(o, fds[0]);
  });
  close(fds[0]);
  close(fds[1]);

  int failed = 0;
  for (const pid_t pid : {writer, reader}) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  }
  return failed;
}
