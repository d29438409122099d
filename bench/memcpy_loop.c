/* The yardstick of pipetop's memcpy figure (bench/ceiling): a plain C memcpy loop between two malloc'd
 * buffers of BYTES, touched first, for SECONDS, the clock read every ~1 MiB copied. Pinned by taskset.
 *
 *   memcpy_loop BYTES SECONDS       prints GiB/s
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: memcpy_loop BYTES SECONDS\n");
    return 2;
  }
  const size_t bytes = strtoull(argv[1], NULL, 10);
  const double seconds = atof(argv[2]);
  char* from = malloc(bytes);
  char* to = malloc(bytes);
  if (bytes == 0 || from == NULL || to == NULL) return 1;
  memset(from, 1, bytes);
  memset(to, 2, bytes);
  const size_t batch = bytes >= (1 << 20) ? 1 : (1 << 20) / bytes;
  volatile char sink = 0;
  for (size_t i = 0; i < batch; ++i) memcpy(to, from, bytes); /* warm */
  double copied = 0;
  const double start = now_s();
  double t = start;
  while (t - start < seconds) {
    for (size_t i = 0; i < batch; ++i) {
      memcpy(to, from, bytes);
      sink = to[i % bytes];
    }
    copied += (double)batch * (double)bytes;
    t = now_s();
  }
  (void)sink;
  printf("%.4f\n", copied / (t - start) / (1024.0 * 1024 * 1024));
  free(from);
  free(to);
  return 0;
}
