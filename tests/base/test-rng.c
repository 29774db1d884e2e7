/* The context and its random sources (DESIGN.md 4, docs/randomness.md). */
#include <sodium.h>

#include "render/render.h"
#include "testutil.h"

/* ChaCha20 keystream, all-zero key and nonce, block 0 (RFC 7539 A.1 #1). */
static const unsigned char zero_key_block[64] = {
  0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90, 0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28,
  0xbd, 0xd2, 0x19, 0xb8, 0xa0, 0x8d, 0xed, 0x1a, 0xa8, 0x36, 0xef, 0xcc, 0x8b, 0x77, 0x0d, 0xc7,
  0xda, 0x41, 0x59, 0x7c, 0x51, 0x57, 0x48, 0x8d, 0x77, 0x24, 0xe0, 0x3f, 0xb8, 0xd8, 0x4a, 0x37,
  0x6a, 0x43, 0xb8, 0xf4, 0x15, 0x18, 0xa1, 0x1c, 0xc3, 0x87, 0xb6, 0x69, 0xb2, 0xee, 0x65, 0x86,
};

static int d10(cops_ctx *ctx)
{
  int f = 0;
  ck_assert_int_eq(cops_ctx_die(ctx, 10, &f), COPS_OK);
  return f;
}

START_TEST(test_d10_table_is_byte_mod_10_with_rejection)
{
  for (int b = 0; b < 256; b++)
    ck_assert_int_eq(cops__d10_of_byte[b], b < 250 ? b % 10 + 1 : 0);
}
END_TEST

START_TEST(test_seed_zero_is_the_published_chacha20_block)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 0), COPS_OK);
  ck_assert_int_eq(cops_ctx_source(ctx), COPS_SOURCE_SEEDED);
  /* Golden faces, worked by hand from the vector: 0x76 = 118 -> 9, ... 0xe5 = 229 -> 10. */
  const int golden[12] = {9, 5, 5, 4, 1, 2, 2, 5, 5, 4, 7, 10};
  for (int i = 0; i < 12; i++)
    ck_assert_int_eq(d10(ctx), golden[i]);
  /* And the whole block through the library's buffer. */
  ck_assert_int_eq(memcmp(ctx->buf, zero_key_block, sizeof zero_key_block), 0);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_seeded_stream_matches_libsodium_across_refills)
{
  /* 3 buffers and a half of keystream: the block counter must carry over. */
  enum { N = COPS_RNG_BUF * 7 / 2 };
  static unsigned char ks[N];
  unsigned char key[32] = {0}, nonce[8] = {0};
  const uint64_t seed = 0x0123456789abcdefULL;
  for (int i = 0; i < 8; i++)
    key[i] = (unsigned char)(seed >> (8 * i));
  crypto_stream_chacha20(ks, N, nonce, key);

  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, seed), COPS_OK);
  size_t used = 0;
  int draws = 0;
  while (used < N - 8) {
    while (ks[used] >= 250)
      used++;
    int want = ks[used++] % 10 + 1;
    ck_assert_int_eq(d10(ctx), want);
    draws++;
  }
  ck_assert_int_gt(draws, 3 * COPS_RNG_BUF);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_seed_u64_is_little_endian_key)
{
  cops_ctx *a, *b;
  ck_assert_int_eq(cops_ctx_new(&a), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&b), COPS_OK);
  unsigned char key[32] = {0x39, 0x30}; /* 12345 = 0x3039, little-endian */
  ck_assert_int_eq(cops_ctx_seed(a, 12345), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed_bytes(b, key, sizeof key), COPS_OK);
  for (int i = 0; i < 1000; i++)
    ck_assert_int_eq(d10(a), d10(b));
  cops_ctx_free(a);
  cops_ctx_free(b);
}
END_TEST

START_TEST(test_reseed_restarts_and_seeds_differ)
{
  cops_ctx *ctx;
  int first[64], same = 0;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_seed(ctx, 7);
  for (int i = 0; i < 64; i++)
    first[i] = d10(ctx);
  cops_ctx_seed(ctx, 7);
  for (int i = 0; i < 64; i++)
    ck_assert_int_eq(d10(ctx), first[i]);
  cops_ctx_seed(ctx, 8);
  for (int i = 0; i < 64; i++)
    same += d10(ctx) == first[i];
  ck_assert_int_lt(same, 64);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_rejected_bytes_are_skipped)
{
  cops_ctx *ctx;
  int f;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_seed(ctx, 1);
  cops__rng_refill(ctx);
  ctx->buf[0] = 255;
  ctx->buf[1] = 250;
  ctx->buf[2] = 7;     /* -> 8 */
  ctx->buf[3] = 252;   /* rejected for a d6 */
  ctx->buf[4] = 251;   /* 251 % 6 + 1 = 6 */
  ctx->buf[5] = 249;   /* -> 10 */
  ck_assert_int_eq(d10(ctx), 8);
  ck_assert_int_eq(cops_ctx_die(ctx, 6, &f), COPS_OK);
  ck_assert_int_eq(f, 6);
  ck_assert_int_eq(d10(ctx), 10);
  ck_assert_int_eq(ctx->pos, 6);
  cops_ctx_free(ctx);
}
END_TEST

/* The buffer is made a chunk at a time (lib/base/ctx.c): a place of the stream rewound to,
 * back or forward (checkpoints rolled back in any order), across buffers and chunks, draws
 * the same dice as the first time; pos never passes what is made. */
START_TEST(test_rewinds_back_and_forward_across_buffers)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_seed(ctx, 11);
  cops__rng_mark_t start, early, late, end;
  int after_start[10], after_early[10], after_late[10], after_end[10];
  cops__rng_mark(ctx, &start);                       /* before the first buffer */
  for (int i = 0; i < 10; i++)
    after_start[i] = d10(ctx);
  cops__rng_mark(ctx, &early);                       /* the first chunk of buffer 1 */
  for (int i = 0; i < 10; i++)
    after_early[i] = d10(ctx);
  while (ctx->pos < 3900)
    d10(ctx);
  cops__rng_mark(ctx, &late);                        /* its last chunk */
  for (int i = 0; i < 10; i++)
    after_late[i] = d10(ctx);
  while (ctx->pos != COPS_RNG_BUF)
    d10(ctx);
  cops__rng_mark(ctx, &end);                         /* its very end */
  for (int i = 0; i < 10; i++)
    after_end[i] = d10(ctx);
  for (int i = 0; i < 500; i++)                      /* into buffer 2 */
    d10(ctx);
  ck_assert_uint_ne(ctx->block, early.block);
  const cops__rng_mark_t *order[] = {&early, &late, &start, &end, &late, &early, &end, &start};
  for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
    const cops__rng_mark_t *m = order[k];
    const int *want = m == &start ? after_start : m == &early ? after_early
                      : m == &late ? after_late : after_end;
    cops__rng_rewind(ctx, m);
    ck_assert_uint_le(ctx->pos, ctx->filled);
    for (int i = 0; i < 10; i++)
      ck_assert_int_eq(d10(ctx), want[i]);
  }
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_system_source_is_unpredictable)
{
  cops_ctx *a, *b;
  ck_assert_int_eq(cops_ctx_new(&a), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&b), COPS_OK);
  ck_assert_int_eq(cops_ctx_source(a), COPS_SOURCE_SYSTEM);
  int same = 0, faces[11] = {0};
  for (int i = 0; i < 1000; i++) {
    int x = d10(a);
    same += x == d10(b);
    faces[x]++;
  }
  ck_assert_int_lt(same, 200); /* about 100 expected; equal streams give 1000 */
  for (int f = 1; f <= 10; f++)
    ck_assert_int_gt(faces[f], 40);
  /* Back to a fresh system key after a seed. */
  cops_ctx_seed(a, 0);
  ck_assert_int_eq(cops_ctx_use_system(a), COPS_OK);
  ck_assert_int_eq(cops_ctx_source(a), COPS_SOURCE_SYSTEM);
  ck_assert_int_ne(memcmp(a->key, (unsigned char[32]){0}, 32), 0);
  cops_ctx_free(a);
  cops_ctx_free(b);
}
END_TEST

START_TEST(test_callback_faces_and_errors)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 4, 6, 0, 11, -3);
  int f;
  ck_assert_int_eq(cops_ctx_source(ctx), COPS_SOURCE_CALLBACK);
  ck_assert_int_eq(cops_ctx_die(ctx, 10, &f), COPS_OK);
  ck_assert_int_eq(f, 4);
  ck_assert_int_eq(s.last_sides, 10);
  ck_assert_int_eq(cops_ctx_die(ctx, 6, &f), COPS_OK);
  ck_assert_int_eq(f, 6);
  ck_assert_int_eq(s.last_sides, 6);
  ck_assert_int_eq(cops_ctx_die(ctx, 10, &f), COPS_ERNG);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "random callback returned 0 for a d10 (expected 1..10)");
  ck_assert_int_eq(cops_ctx_die(ctx, 10, &f), COPS_ERNG);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "random callback returned 11 for a d10 (expected 1..10)");
  ck_assert_int_eq(cops_ctx_die(ctx, 6, &f), COPS_ERNG);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "random callback returned -3 for a d6 (expected 1..6)");
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_callback_d6_out_of_range)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 7);
  int f = 99;
  ck_assert_int_eq(cops_ctx_die(ctx, 6, &f), COPS_ERNG);
  ck_assert_int_eq(f, 99); /* untouched on failure */
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_reroll_cap_setting)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_reroll_cap(ctx), COPS_REROLL_CAP_DEFAULT);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, 0), COPS_OK);
  ck_assert_int_eq(cops_ctx_reroll_cap(ctx), 0);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, COPS_REROLL_CAP_MAX), COPS_OK);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, -1), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "re-roll cap -1 out of range 0..1000");
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, COPS_REROLL_CAP_MAX + 1), COPS_ERANGE);
  ck_assert_int_eq(cops_ctx_reroll_cap(ctx), COPS_REROLL_CAP_MAX);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_bad_arguments)
{
  cops_ctx *ctx;
  int f;
  ck_assert_int_eq(cops_ctx_new(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  ck_assert_str_eq(cops_ctx_errmsg(NULL), "no context (NULL)");
  ck_assert_int_eq(cops_ctx_use_system(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_seed(NULL, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_seed_bytes(NULL, (unsigned char[32]){0}, 32), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_seed_bytes(ctx, NULL, 32), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "seed is NULL");
  ck_assert_int_eq(cops_ctx_seed_bytes(ctx, (unsigned char[32]){0}, 16), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "seed of 16 bytes (expected 32)");
  ck_assert_int_eq(cops_ctx_use_callback(NULL, script_die, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, NULL, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "random callback is NULL");
  ck_assert_int_eq(cops_ctx_source(ctx), COPS_SOURCE_SYSTEM); /* unchanged by the failures */
  ck_assert_int_eq(cops_ctx_source(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(NULL, 3), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_reroll_cap(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_die(NULL, 10, &f), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_die(ctx, 10, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_die(ctx, 20, &f), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "a d20: only d6 and d10 are rolled");
  cops_ctx_free(ctx);
  cops_ctx_free(NULL);
}
END_TEST

START_TEST(test_errors_and_version)
{
  ck_assert_str_eq(cops_strerror(COPS_OK), "success");
  ck_assert_str_eq(cops_strerror(COPS_EINVAL), "invalid argument");
  ck_assert_str_eq(cops_strerror(COPS_ERANGE), "value out of range");
  ck_assert_str_eq(cops_strerror(COPS_ENOMEM), "out of memory");
  ck_assert_str_eq(cops_strerror(COPS_ERNG), "random source failed");
  ck_assert_str_eq(cops_strerror(COPS_ESYNTAX), "syntax error");
  ck_assert_str_eq(cops_strerror(COPS_ESTATE), "wrong state for this call");
  ck_assert_str_eq(cops_strerror(-99), "unknown error");
  ck_assert_str_eq(cops_strerror(5), "unknown error");
  ck_assert_int_eq(cops_version_number(), COPS_VERSION_NUMBER);
  ck_assert_int_eq(COPS_VERSION_NUMBER,
                   COPS_VERSION_MAJOR * 10000 + COPS_VERSION_MINOR * 100 + COPS_VERSION_PATCH);
  ck_assert_str_eq(cops_version_string(), COPS_VERSION_STRING);
  cops_free(NULL);
}
END_TEST

static Suite *rng_suite(void)
{
  Suite *s = suite_create("rng");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_d10_table_is_byte_mod_10_with_rejection);
  tcase_add_test(tc, test_seed_zero_is_the_published_chacha20_block);
  tcase_add_test(tc, test_seeded_stream_matches_libsodium_across_refills);
  tcase_add_test(tc, test_seed_u64_is_little_endian_key);
  tcase_add_test(tc, test_reseed_restarts_and_seeds_differ);
  tcase_add_test(tc, test_rejected_bytes_are_skipped);
  tcase_add_test(tc, test_system_source_is_unpredictable);
  tcase_add_test(tc, test_callback_faces_and_errors);
  tcase_add_test(tc, test_callback_d6_out_of_range);
  tcase_add_test(tc, test_reroll_cap_setting);
  tcase_add_test(tc, test_rewinds_back_and_forward_across_buffers);
  tcase_add_test(tc, test_bad_arguments);
  tcase_add_test(tc, test_errors_and_version);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(rng_suite)
