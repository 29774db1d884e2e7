/* Benchmarks of the dice engine (docs/performance.md). Prints figures and
 * ratios; asserts nothing about time. Usage: bench [seconds per figure]. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <sodium.h>

#include <cops/cops.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double budget = 1.0;
static volatile long sink;

/* Run body(n) with growing n until it takes the budget; return n/second. */
#define RATE(rate, body_n)                                                 \
  do {                                                                     \
    long n_ = 1024;                                                        \
    for (;;) {                                                             \
      double t0_ = now();                                                  \
      for (long i_ = 0; i_ < n_; i_++) { body_n; }                         \
      double dt_ = now() - t0_;                                            \
      if (dt_ >= budget) { rate = n_ / dt_; break; }                       \
      n_ = dt_ > 0.01 ? (long)(n_ * budget * 1.1 / dt_) : n_ * 8;          \
    }                                                                      \
  } while (0)

int main(int argc, char **argv)
{
  if (argc > 1)
    budget = atof(argv[1]) > 0 ? atof(argv[1]) : budget;
  cops_ctx *ctx;
  cops_roll *roll;
  if (cops_ctx_new(&ctx) || cops_roll_new(&roll))
    return 1;
  double seeded, system, keystream_d10;

  cops_ctx_seed(ctx, 1);
  RATE(seeded, sink += cops_roll_pool(roll, ctx, 3, 5, 2, 0) + cops_roll_successes(roll));

  cops_ctx_use_system(ctx);
  RATE(system, sink += cops_roll_pool(roll, ctx, 3, 5, 2, 0) + cops_roll_successes(roll));

  /* The bound: raw ChaCha20 keystream, as the library draws it (4 KiB at a
   * time), turned into d10 at 250 accepted bytes out of 256. */
  static unsigned char buf[4096];
  unsigned char key[32] = {1}, nonce[8] = {0};
  uint64_t block = 0;
  double blocks_per_s;
  RATE(blocks_per_s, crypto_stream_chacha20_xor_ic(buf, buf, sizeof buf, nonce, block, key);
       block += 64; sink += buf[0]);
  keystream_d10 = blocks_per_s * sizeof buf * 250.0 / 256.0;

  printf("libcops %s benchmark (%.1f s per figure)\n", cops_version_string(), budget);
  printf("  seeded 3-die pool at 5+ (full trace):  %12.0f rolls/s  (%.0f d10/s)\n", seeded,
         seeded * 3.0 * 10 / 9);
  printf("  system-source 3-die pool at 5+:        %12.0f rolls/s  (%.2f x seeded)\n", system,
         system / seeded);
  printf("  bound: raw ChaCha20 keystream as d10:  %12.0f d10/s    (%.0f 3-die pools/s)\n",
         keystream_d10, keystream_d10 / (3.0 * 10 / 9));
  printf("  seeded pool rate / bound:              %12.2f\n",
         seeded / (keystream_d10 / (3.0 * 10 / 9)));
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  return 0;
}
