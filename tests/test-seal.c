/* Sealed saves (docs/api.md, "Sealed saves"; <cops/seal.h>): every kind of save sealed and
 * opened back to the same text; another key and every changed byte refused whole, nothing
 * given; a sealed text refused by the plain loaders with a message saying what opens it;
 * the limits, the arguments, the allocator failing at each allocation; the whole-file reads
 * and writes the CLI and the bindings compose with sealing. */
#define _DEFAULT_SOURCE   /* mkdtemp */
#include <stdio.h>
#include <unistd.h>

#include <cops/st.h>
#include <cops/d6.h>

#include "testutil.h"

#define EX SCENARIOS_DIR "/.."

static const unsigned char key[COPS_SEAL_KEY_BYTES] = "0123456789abcdef0123456789abcdef";
static const unsigned char other[COPS_SEAL_KEY_BYTES] = "0123456789abcdef0123456789abcdeF";

static cops_ctx *ctx;

static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
}

static void teardown(void)
{
  cops_ctx_free(ctx);
}

static char *sealed_of(const char *text)
{
  char *s = NULL;
  ck_assert_msg(cops_seal(ctx, key, sizeof key, text, &s) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_is_sealed(s), 1);
  ck_assert_ptr_null(strstr(s, "\"hp\""));   /* nothing of the save shows */
  return s;
}

/* The save sealed, opened, the same text; the plain loader refuses the sealed one. */
static char *round_trip(const char *save)
{
  char *s = sealed_of(save), *back = NULL;
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key, s, &back), COPS_OK);
  ck_assert_str_eq(back, save);
  cops_free(s);
  return back;
}

static void refused_plainly(int rc)
{
  ck_assert_int_eq(rc, COPS_EJSON);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "a sealed text: open it with its key"));
}

START_TEST(every_save_sealed_and_opened)
{
  /* An encounter. */
  cops_scenario *sc = NULL;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, SCENARIOS_DIR "/street-shootout.json"), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  ck_assert_int_eq(cops_encounter_seed(e, 4), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  char *save = NULL;
  ck_assert_int_eq(cops_encounter_save(e, &save), COPS_OK);
  char *back = round_trip(save), *sealed = sealed_of(save);
  cops_encounter *e2 = NULL;
  refused_plainly(cops_encounter_load(&e2, ctx, sealed));
  ck_assert_ptr_null(e2);
  ck_assert_int_eq(cops_encounter_load(&e2, ctx, back), COPS_OK);
  cops_encounter_free(e2);
  cops_free(sealed);
  cops_free(back);
  cops_free(save);
  cops_scenario_free(sc);

  /* A chase. */
  cops_chase *c = NULL, *c2 = NULL;
  ck_assert_int_eq(cops_chase_load(&c, ctx, SCENARIOS_DIR "/harbor-freeway-pursuit.json"), COPS_OK);
  ck_assert_int_eq(cops_chase_save(c, &save), COPS_OK);
  back = round_trip(save);
  sealed = sealed_of(save);
  refused_plainly(cops_chase_resume(&c2, ctx, sealed));
  ck_assert_int_eq(cops_chase_resume(&c2, ctx, back), COPS_OK);
  cops_chase_free(c2);
  cops_free(sealed);
  cops_free(back);
  cops_free(save);
  cops_chase_free(c);

  /* An interview. */
  cops_subject *subject = NULL;
  cops_character *cop = NULL;
  cops_interview *iv = NULL, *iv2 = NULL;
  ck_assert_int_eq(cops_subject_load(&subject, ctx, EX "/subjects/frightened-witness.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&cop, ctx, SHEETS_DIR "/sarah.json"), COPS_OK);
  ck_assert_int_eq(cops_interview_new(&iv, ctx, subject, cop), COPS_OK);
  ck_assert_int_eq(cops_interview_save(iv, &save), COPS_OK);
  back = round_trip(save);
  sealed = sealed_of(save);
  refused_plainly(cops_interview_resume(&iv2, ctx, sealed));
  ck_assert_int_eq(cops_interview_resume(&iv2, ctx, back), COPS_OK);
  cops_interview_free(iv2);
  cops_free(sealed);
  cops_free(back);
  cops_free(save);
  cops_interview_free(iv);
  cops_character_free(cop);
  cops_subject_free(subject);

  /* A Storyteller fight and a D6 fight. */
  cops_st_fight *sf = NULL, *sf2 = NULL;
  ck_assert_int_eq(cops_st_fight_load(&sf, ctx, EX "/st/scenarios/street-brawl.json"), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(sf, &save), COPS_OK);
  back = round_trip(save);
  sealed = sealed_of(save);
  refused_plainly(cops_st_fight_from_json(&sf2, ctx, sealed, NULL));
  ck_assert_int_eq(cops_st_fight_from_json(&sf2, ctx, back, NULL), COPS_OK);
  cops_st_fight_free(sf2);
  cops_free(sealed);
  cops_free(back);
  cops_free(save);
  cops_st_fight_free(sf);
  cops_d6_fight *df = NULL, *df2 = NULL;
  ck_assert_int_eq(cops_d6_fight_load(&df, ctx, EX "/d6/scenarios/shootout.json"), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_save(df, &save), COPS_OK);
  back = round_trip(save);
  sealed = sealed_of(save);
  refused_plainly(cops_d6_fight_from_json(&df2, ctx, sealed, NULL));
  ck_assert_int_eq(cops_d6_fight_from_json(&df2, ctx, back, NULL), COPS_OK);
  cops_d6_fight_free(df2);
  cops_free(sealed);
  cops_free(back);
  cops_free(save);
  cops_d6_fight_free(df);
}
END_TEST

/* Another key, and every byte of the sealed text changed in turn: refused, nothing given;
 * the nonce differs from one sealing to the next. */
START_TEST(another_key_or_a_changed_byte)
{
  const char *text = "{\"schema\": 1, \"hp\": 12}";
  char *s = sealed_of(text), *out = (char *)"unchanged";
  ck_assert_int_eq(cops_unseal(ctx, other, sizeof other, s, &out), COPS_ESEAL);
  ck_assert_ptr_null(out);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "the key does not open"));
  char *again = sealed_of(text);
  ck_assert_str_ne(again, s);
  cops_free(again);
  const size_t n = strlen(s);
  int seal_refused = 0;
  for (size_t i = 0; i < n; i++) {
    char *changed = strdup(s);
    changed[i] = changed[i] == 'A' ? 'B' : changed[i] == '"' ? 'x' : 'A';
    out = NULL;
    const int rc = cops_unseal(ctx, key, sizeof key, changed, &out);
    ck_assert_msg(rc == COPS_ESEAL || rc == COPS_EJSON || (rc == COPS_OK && !strcmp(out, text)),
                  "byte %zu: %d", i, rc);
    if (rc)
      ck_assert_ptr_null(out);
    seal_refused += rc == COPS_ESEAL;
    cops_free(out);
    free(changed);
  }
  /* Every byte of the nonce and the box (but a padding '=') is refused by the key. */
  const char *nonce = strstr(s, "\"nonce\": \"") + 10, *box = strstr(s, "\"box\": \"") + 8;
  const int encoded = (int)(strchr(nonce, '"') - nonce + strchr(box, '"') - box);
  ck_assert_int_ge(seal_refused, encoded - 2);
  cops_free(s);
}
END_TEST

START_TEST(arguments_and_limits)
{
  char *out = NULL;
  ck_assert_int_eq(cops_seal(NULL, key, sizeof key, "x", &out), COPS_EINVAL);
  ck_assert_int_eq(cops_seal(ctx, NULL, sizeof key, "x", &out), COPS_EINVAL);
  ck_assert_int_eq(cops_seal(ctx, key, 16, "x", &out), COPS_EINVAL);
  ck_assert_int_eq(cops_seal(ctx, key, sizeof key, NULL, &out), COPS_EINVAL);
  ck_assert_int_eq(cops_seal(ctx, key, sizeof key, "x", NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_unseal(ctx, key, 33, "{}", &out), COPS_EINVAL);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key, NULL, &out), COPS_EINVAL);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key, "{", &out), COPS_EJSON);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key, "{\"type\": \"save\"}", &out), COPS_EJSON);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key,
                               "{\"schema\": 1, \"type\": \"sealed\", \"cipher\": \"rot13\", "
                               "\"nonce\": \"\", \"box\": \"\"}", &out), COPS_EJSON);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key,
                               "{\"schema\": 1, \"type\": \"sealed\", \"cipher\": "
                               "\"xsalsa20poly1305\", \"nonce\": \"AAAA\", \"box\": \"\"}",
                               &out), COPS_EJSON);
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key,
                               "{\"schema\": 1, \"type\": \"sealed\", \"cipher\": "
                               "\"xsalsa20poly1305\", \"nonce\": \"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\","
                               " \"box\": \"AAAA\", \"x\": 1}", &out), COPS_EJSON);
  ck_assert_ptr_null(out);
  ck_assert_int_eq(cops_is_sealed(NULL), 0);
  ck_assert_int_eq(cops_is_sealed("{\"type\": \"encounter save\"}"), 0);
  ck_assert_int_eq(cops_is_sealed("not json"), 0);
  /* 16 MiB at most. */
  const size_t big = ((size_t)1 << 24) + 1;
  char *text = malloc(big + 1);
  memset(text, 'a', big);
  text[big] = '\0';
  ck_assert_int_eq(cops_seal(ctx, key, sizeof key, text, &out), COPS_ERANGE);
  text[big - 1] = '\0';
  ck_assert_int_eq(cops_seal(ctx, key, sizeof key, text, &out), COPS_OK);
  char *back = NULL;
  ck_assert_int_eq(cops_unseal(ctx, key, sizeof key, out, &back), COPS_OK);
  ck_assert_int_eq(strlen(back), big - 1);
  cops_free(back);
  cops_free(out);
  free(text);
}
END_TEST

/* An allocator that fails at its k-th allocation. */
struct failing {
  long calls, fail_at;
};
static void *fail_alloc(void *user, size_t n)
{
  struct failing *f = user;
  return f->calls++ == f->fail_at ? NULL : malloc(n);
}
static void *fail_realloc(void *user, void *p, size_t n)
{
  struct failing *f = user;
  return f->calls++ == f->fail_at ? NULL : realloc(p, n);
}
static void plain_free(void *user, void *p)
{
  (void)user;
  free(p);
}

START_TEST(every_allocation_may_fail)
{
  struct failing f = {0, -1};
  cops_allocator a = {sizeof a, fail_alloc, fail_realloc, plain_free, &f};
  cops_ctx *c = NULL;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&c, &a), COPS_OK);
  int opened = 0;
  for (long k = 0; !opened && k < 64; k++) {
    f.calls = 0;
    f.fail_at = k;
    char *s = NULL, *back = NULL;
    int rc = cops_seal(c, key, sizeof key, "{\"a\": 1}", &s);
    if (!rc)
      rc = cops_unseal(c, key, sizeof key, s, &back);
    ck_assert_msg(rc == COPS_OK || rc == COPS_ENOMEM, "allocation %ld: %d", k, rc);
    if (rc == COPS_OK) {
      ck_assert_str_eq(back, "{\"a\": 1}");
      opened = f.calls <= k;   /* no allocation failed: every one has been tried */
    } else {
      ck_assert_ptr_null(back);
    }
    cops_free(s);
    cops_free(back);
  }
  ck_assert_int_eq(opened, 1);
  cops_ctx_free(c);
}
END_TEST

/* The whole-file calls: a sealed save written and read back under a confinement. */
START_TEST(files_read_and_written_whole)
{
  char root[64];
  snprintf(root, sizeof root, "/tmp/cops-seal-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(root));
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 1 << 20), COPS_OK);
  char *s = sealed_of("{\"schema\": 1}"), *read = NULL;
  ck_assert_int_eq(cops_ctx_write_file(ctx, "save.json", s), COPS_OK);
  ck_assert_int_eq(cops_ctx_read_file(ctx, "save.json", &read), COPS_OK);
  ck_assert_str_eq(read, s);
  cops_free(read);
  read = NULL;
  ck_assert_int_eq(cops_ctx_write_file(ctx, "../escape.json", s), COPS_EIO);
  ck_assert_int_eq(cops_ctx_read_file(ctx, "/etc/passwd", &read), COPS_EIO);
  ck_assert_int_eq(cops_ctx_read_file(ctx, "missing.json", &read), COPS_EIO);
  ck_assert_int_eq(cops_ctx_read_file(ctx, NULL, &read), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_write_file(ctx, "x.json", NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_ctx_write_file(NULL, "x.json", "x"), COPS_EINVAL);
  char path[128];
  snprintf(path, sizeof path, "%s/nul.json", root);
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  fwrite("{\0}", 1, 3, f);
  fclose(f);
  ck_assert_int_eq(cops_ctx_read_file(ctx, "nul.json", &read), COPS_EJSON);   /* not text */
  ck_assert_ptr_null(read);
  unlink(path);
  cops_free(s);
  snprintf(path, sizeof path, "%s/save.json", root);
  unlink(path);
  rmdir(root);
}
END_TEST

static Suite *seal_suite(void)
{
  Suite *s = suite_create("seal");
  TCase *tc = tcase_create("sealed saves");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, every_save_sealed_and_opened);
  tcase_add_test(tc, another_key_or_a_changed_byte);
  tcase_add_test(tc, arguments_and_limits);
  tcase_add_test(tc, every_allocation_may_fail);
  tcase_add_test(tc, files_read_and_written_whole);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(seal_suite)
