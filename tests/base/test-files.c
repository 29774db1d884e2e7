/* Files written through a context (docs/api.md, "Files"): confined like reads when the
 * context is (relative to the root; no escape by "..", an absolute path or a symbolic
 * link), and always whole: a new file renamed over the old one, keeping its permissions,
 * so that a full disk or a crash leaves the old one as it was. */
#define _DEFAULT_SOURCE   /* mkdtemp, symlink */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

static char root[64], outside[64];

static void make_dirs(void)
{
  snprintf(root, sizeof root, "/tmp/cops-files-root-XXXXXX");
  snprintf(outside, sizeof outside, "/tmp/cops-files-out-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(root));
  ck_assert_ptr_nonnull(mkdtemp(outside));
}

static void remove_dir(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  char path[512];
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      struct stat st;
      if (!lstat(path, &st) && S_ISDIR(st.st_mode))
        remove_dir(path);
      else
        unlink(path);
    }
  closedir(d);
  rmdir(dir);
}

static int entries(const char *dir)
{
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d)))
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  if (d)
    closedir(d);
  return n;
}

static char *slurp(const char *path)
{
  static char buf[65536];
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

static cops_character *named(cops_ctx *ctx, const char *name)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_name(ch, name), COPS_OK);
  return ch;
}

START_TEST(test_confined_writes_stay_under_the_root)
{
  make_dirs();
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 1 << 20), COPS_OK);
  cops_character *ch = named(ctx, "Mike");
  /* Relative to the root, as reads are (not to the working folder). */
  ck_assert_int_eq(cops_character_save(ch, "mike.json"), COPS_OK);
  char path[256];
  snprintf(path, sizeof path, "%s/mike.json", root);
  ck_assert_ptr_nonnull(strstr(slurp(path), "\"name\": \"Mike\""));
  cops_character *back;
  ck_assert_int_eq(cops_character_load(&back, ctx, "mike.json"), COPS_OK);
  cops_character_free(back);
  /* Written again: a new file renamed over it, with the old one's permissions. */
  ck_assert_int_eq(chmod(path, 0640), 0);
  ck_assert_int_eq(cops_character_save(ch, "mike.json"), COPS_OK);
  struct stat st;
  ck_assert_int_eq(stat(path, &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0640);
  snprintf(path, sizeof path, "%s/sub", root);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  ck_assert_int_eq(cops_character_save(ch, "sub/../sub/./m.json"), COPS_OK);
  /* Out: "..", an absolute path, a folder that is a link out, a file that is a link out. */
  ck_assert_int_eq(cops_character_save(ch, "../escape.json"), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "outside the confinement"));
  snprintf(path, sizeof path, "%s/abs.json", outside);
  ck_assert_int_eq(cops_character_save(ch, path), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "absolute path"));
  char link[256];
  snprintf(link, sizeof link, "%s/out", root);
  ck_assert_int_eq(symlink(outside, link), 0);
  ck_assert_int_eq(cops_character_save(ch, "out/x.json"), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "leads outside the confinement"));
  snprintf(path, sizeof path, "%s/victim.json", outside);
  FILE *f = fopen(path, "w");
  fputs("precious", f);
  fclose(f);
  snprintf(link, sizeof link, "%s/victim.json", root);
  ck_assert_int_eq(symlink(path, link), 0);
  ck_assert_int_eq(cops_character_save(ch, "victim.json"), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "a symbolic link"));
  ck_assert_str_eq(slurp(path), "precious");
  ck_assert_int_eq(entries(outside), 1);   /* nothing written outside */
  ck_assert_int_eq(cops_character_save(ch, "missing/x.json"), COPS_EIO);
  ck_assert_int_eq(cops_character_save(ch, ""), COPS_EIO);
  /* Every writer goes the same way: a fight's save. */
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, ch, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_save_file(e, "fight.json"), COPS_OK);
  ck_assert_int_eq(cops_encounter_save_file(e, "../fight.json"), COPS_EIO);
  cops_encounter *loaded;
  ck_assert_int_eq(cops_encounter_load_file(&loaded, ctx, "fight.json"), COPS_OK);
  cops_encounter_free(loaded);
  cops_encounter_free(e);
  cops_character_free(ch);
  cops_ctx_free(ctx);
  remove_dir(root);
  remove_dir(outside);
}
END_TEST

/* A write that fails half-way (the file-size limit stands for a full disk) leaves the old
 * file whole, and no temporary file behind. */
START_TEST(test_a_failed_write_keeps_the_old_file)
{
  make_dirs();
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 1 << 20), COPS_OK);
  cops_character *ch = named(ctx, "Mike");
  ck_assert_int_eq(cops_character_save(ch, "keep.json"), COPS_OK);
  char path[256], before[65536];
  snprintf(path, sizeof path, "%s/keep.json", root);
  snprintf(before, sizeof before, "%s", slurp(path));
  char name[200];
  memset(name, 'x', sizeof name - 1);   /* a long name: a longer sheet */
  name[sizeof name - 1] = '\0';
  name[COPS_NAME_MAX] = '\0';
  ck_assert_int_eq(cops_character_set_name(ch, name), COPS_OK);
  for (int k = 0; k < 30; k++) {
    char spec[32];
    snprintf(spec, sizeof spec, "spécialité %d", k);
    cops_character_add_specialisation(ch, COPS_CORPS_A_CORPS, spec);
  }
  signal(SIGXFSZ, SIG_IGN);
  struct rlimit old, small = {100, 100};
  ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
  small.rlim_max = old.rlim_max;
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
  const int rc = cops_character_save(ch, "keep.json");
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
  ck_assert_int_eq(rc, COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "nothing written"));
  ck_assert_str_eq(slurp(path), before);
  ck_assert_int_eq(entries(root), 1);
  /* Unconfined, the same: whole or nothing, relative to the working folder. */
  cops_ctx *free_ctx;
  ck_assert_int_eq(cops_ctx_new(&free_ctx), COPS_OK);
  cops_character *other = named(free_ctx, "Other");
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
  char big[128];
  snprintf(big, sizeof big, "%s/keep.json", root);
  cops_character_set_name(other, name);
  for (int k = 0; k < 30; k++) {
    char spec[32];
    snprintf(spec, sizeof spec, "spécialité %d", k);
    cops_character_add_specialisation(other, COPS_CORPS_A_CORPS, spec);
  }
  const int rc2 = cops_character_save(other, big);
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
  ck_assert_int_eq(rc2, COPS_EIO);
  ck_assert_str_eq(slurp(path), before);
  ck_assert_int_eq(entries(root), 1);
  cops_character_free(other);
  cops_ctx_free(free_ctx);
  cops_character_free(ch);
  cops_ctx_free(ctx);
  remove_dir(root);
  remove_dir(outside);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("files");
  TCase *tc = tcase_create("files");
  tcase_add_test(tc, test_confined_writes_stay_under_the_root);
  tcase_add_test(tc, test_a_failed_write_keeps_the_old_file);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
