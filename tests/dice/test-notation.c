/* The roll notation (COPS.md C1.1, C1.7; docs/notation.md). */
#include "render/render.h"
#include "testutil.h"

static const struct good {
  const char *text;
  int dice, threshold, difficulty, dice_mod, threshold_mod, difficulty_mod;
} good[] = {
  {"4+/3 (2)", 3, 4, 2, 0, 0, 0},
  {"6+/3 (2)", 3, 6, 2, 0, 0, 0},
  {"4+/3(2)", 3, 4, 2, 0, 0, 0},
  {"  4+ / 3 ( 2 )  ", 3, 4, 2, 0, 0, 0},
  {"\t6+/5\t", 5, 6, 1, 0, 0, 0},                       /* no difficulty: 1 */
  {"4+/3\xc2\xa0(2)", 3, 4, 2, 0, 0, 0},                /* no-break space */
  {"4+/3\xe2\x80\xaf(2)", 3, 4, 2, 0, 0, 0},            /* narrow no-break space */
  {"5+/3 (2) +1D", 3, 5, 2, 1, 0, 0},
  {"5+/3 (2) -2D", 3, 5, 2, -2, 0, 0},
  {"5+/3 (2) +1d -1s +2r", 3, 5, 2, 1, -1, 2},
  {"5+/3 (2)+1D+1D-1D", 3, 5, 2, 1, 0, 0},              /* modifiers add up */
  {"5+/3+1D (2)", 3, 5, 2, 1, 0, 0},                    /* a modifier before (difficulty) */
  {"5+/3 + 1 D", 3, 5, 1, 1, 0, 0},
  {"10+/1 (0)", 1, 10, 0, 0, 0, 0},
  {"2+/0", 0, 2, 1, 0, 0, 0},
  {"9+/64 (64)", 64, 9, 64, 0, 0, 0},
  {"5+/3 (2) -10S", 3, 5, 2, 0, -10, 0},
  {"007+/03 (02)", 3, 7, 2, 0, 0, 0},
};

START_TEST(test_c1_1_parses)
{
  const struct good *g = &good[_i];
  cops_ctx *ctx;
  cops_action a;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_msg(cops_action_parse(&a, ctx, g->text) == COPS_OK, "'%s': %s", g->text,
                cops_ctx_errmsg(ctx));
  ck_assert_uint_eq(a.size, sizeof a);
  ck_assert_int_eq(a.dice, g->dice);
  ck_assert_int_eq(a.threshold, g->threshold);
  ck_assert_int_eq(a.difficulty, g->difficulty);
  ck_assert_int_eq(a.dice_mod, g->dice_mod);
  ck_assert_int_eq(a.threshold_mod, g->threshold_mod);
  ck_assert_int_eq(a.difficulty_mod, g->difficulty_mod);
  ck_assert_uint_eq(a.flags, 0);

  /* The canonical form parses back to the same action. */
  char buf[96];
  cops_action b;
  ck_assert_int_lt(cops_action_format(&a, buf, sizeof buf), (int)sizeof buf);
  ck_assert_int_eq(cops_action_parse(&b, ctx, buf), COPS_OK);
  ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
  cops_ctx_free(ctx);
}
END_TEST

static const struct bad {
  const char *text;
  int code;
  const char *message;
} bad[] = {
  {"", COPS_ESYNTAX,
   "column 1: expected a threshold such as 4+ or a skill name, found end of text"},
  {"   ", COPS_ESYNTAX,
   "column 4: expected a threshold such as 4+ or a skill name, found end of text"},
  {"4/3", COPS_ESYNTAX,
   "column 2: expected '+' after the threshold (thresholds are written like 4+), found '/'"},
  {"4+3", COPS_ESYNTAX, "column 3: expected '/' after the threshold, found '3'"},
  {"4+/", COPS_ESYNTAX,
   "column 4: expected the number of dice or a characteristic name after '/', found end of text"},
  {"4+/3 (2", COPS_ESYNTAX, "column 8: expected ')' after the difficulty, found end of text"},
  {"4+/3 ()", COPS_ESYNTAX,
   "column 7: expected a difficulty (a whole number) after '(', found ')'"},
  {"4+/3 (-1)", COPS_ESYNTAX,
   "column 7: expected a difficulty (a whole number) after '(', found '-'"},
  {"4+/3 (2) (3)", COPS_ESYNTAX,
   "column 10: expected a modifier such as +1D, or the end of the text, found '('"},
  {"4+/3 (2) +1X", COPS_ESYNTAX,
   "column 12: expected D (dice), S (seuil: threshold) or R (réussites: difficulty) after the "
   "modifier's number, found 'X'"},
  {"4+/3 (2) +D", COPS_ESYNTAX,
   "column 11: expected a number after the modifier's sign, found 'D'"},
  {"4+/3 x", COPS_ESYNTAX,
   "column 6: expected '(difficulty)', a modifier such as +1D, or the end of the text, found 'x'"},
  {"4+/3 (2) é", COPS_ESYNTAX,
   "column 10: expected a modifier such as +1D, or the end of the text, found 'é'"},
  {"é+/3", COPS_ESYNTAX, "column 2: expected '/' after the skill, found '+'"},
  {"1+/3", COPS_ERANGE, "column 1: threshold 1+ out of range 2+..10+"},
  {"11+/3", COPS_ERANGE, "column 1: threshold 11+ out of range 2+..10+"},
  {"4+/65", COPS_ERANGE, "column 4: 65 dice out of range 0..64"},
  {"4+/3 (65)", COPS_ERANGE, "column 7: difficulty 65 out of range 0..64"},
  {"4+/99999", COPS_ERANGE, "column 4: number too large (at most 9999)"},
  {"4+/3 +11S", COPS_ERANGE,
   "column 6: threshold modifiers add up to 11, out of range -10..10"},
  {"4+/3 +40D +30D", COPS_ERANGE, "column 11: dice modifiers add up to 70, out of range -64..64"},
  {"4+/60 +5D", COPS_ERANGE, "pool of 65 dice after modifiers (at most 64)"},
  {"4+/3 (60) +5R", COPS_ERANGE, "difficulty 65 after modifiers (at most 64)"},
  {"Arme de poing/Coordination (3)", COPS_ESYNTAX,
   "column 1: 'Arme de poing' is a name; without a character the notation takes numbers only "
   "(threshold like 4+, dice like 3)"},
  {"6+/Coordination (3)", COPS_ESYNTAX,
   "column 4: 'Coordination' is a name; without a character the notation takes numbers only "
   "(threshold like 4+, dice like 3)"},
  {"Arme [x/3", COPS_ESYNTAX,
   "column 6: '[' opens a specialisation that is never closed with ']'"},
  {"Arme [ ]/3", COPS_ESYNTAX, "column 6: empty specialisation '[]'"},
};

START_TEST(test_c1_1_rejects_with_column)
{
  const struct bad *b = &bad[_i];
  cops_ctx *ctx;
  cops_action a;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_msg(cops_action_parse(&a, ctx, b->text) == b->code, "'%s' gave %s", b->text,
                cops_ctx_errmsg(ctx));
  ck_assert_str_eq(cops_ctx_errmsg(ctx), b->message);
  /* Rolling the same text fails the same way and leaves the roll empty. */
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_roll_notation(r, ctx, b->text, 0), b->code);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* Names stay spans in the parsed form, for the character API to resolve. */
START_TEST(test_names_and_specialisations_are_spans)
{
  cops_ctx *ctx;
  cops__notation n;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops__parse_notation(ctx, "Arme d'épaule [ fusil à pompe ] / Coordination (2) -1D", &n),
                   COPS_OK);
  ck_assert(n.first.is_name);
  ck_assert_int_eq((int)n.first.name_len, (int)strlen("Arme d'épaule"));
  ck_assert_int_eq(strncmp(n.first.name, "Arme d'épaule", n.first.name_len), 0);
  ck_assert_int_eq((int)n.first.spec_len, (int)strlen("fusil à pompe"));
  ck_assert_int_eq(strncmp(n.first.spec, "fusil à pompe", n.first.spec_len), 0);
  ck_assert(n.second.is_name);
  ck_assert_int_eq(strncmp(n.second.name, "Coordination", n.second.name_len), 0);
  ck_assert_int_eq((int)n.second.name_len, 12);
  ck_assert_int_eq(n.second.column, 35);
  ck_assert_int_eq(n.difficulty, 2);
  ck_assert_int_eq(n.dice_mod, -1);

  /* A hyphen inside a name, and a modifier right after it. */
  ck_assert_int_eq(cops__parse_notation(ctx, "6+/Sang-froid -1D", &n), COPS_OK);
  ck_assert_int_eq((int)n.second.name_len, 10);
  ck_assert_int_eq(n.dice_mod, -1);
  ck_assert_int_eq(n.difficulty, 1);
  ck_assert_int_eq(cops__parse_notation(ctx, "6+/SANG FROID(3)", &n), COPS_OK);
  ck_assert_int_eq((int)n.second.name_len, 10);
  ck_assert_int_eq(n.difficulty, 3);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_format)
{
  cops_action a;
  char buf[96];
  cops_action_init(&a, 3, 5, 2);
  ck_assert_int_eq(cops_action_format(&a, buf, sizeof buf), 8);
  ck_assert_str_eq(buf, "5+/3 (2)");
  a.dice_mod = 1;
  a.threshold_mod = -1;
  a.difficulty_mod = 2;
  ck_assert_int_eq(cops_action_format(&a, buf, sizeof buf), 20);
  ck_assert_str_eq(buf, "5+/3 (2) +1D -1S +2R");
  /* A short buffer is cut and NUL-terminated; the full length is returned. */
  ck_assert_int_eq(cops_action_format(&a, buf, 6), 20);
  ck_assert_str_eq(buf, "5+/3 ");
  ck_assert_int_eq(cops_action_format(&a, NULL, 0), 20);
  ck_assert_int_eq(cops_action_format(NULL, buf, sizeof buf), COPS_EINVAL);
  ck_assert_int_eq(cops_action_format(&a, NULL, 5), COPS_EINVAL);
  a.size = 3;
  ck_assert_int_eq(cops_action_format(&a, buf, sizeof buf), COPS_EINVAL);
}
END_TEST

START_TEST(test_parse_null_arguments)
{
  cops_ctx *ctx;
  cops_action a;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_action_parse(&a, NULL, "4+/3"), COPS_EINVAL);
  ck_assert_int_eq(cops_action_parse(NULL, ctx, "4+/3"), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "action is NULL");
  ck_assert_int_eq(cops_action_parse(&a, ctx, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "text is NULL");
  ck_assert_int_eq(cops_roll_notation(NULL, ctx, "4+/3", 0), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_notation(r, NULL, "4+/3", 0), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_notation(r, ctx, NULL, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_notation(r, ctx, "4+/3", 0x80), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "unknown action flags 0x80");
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *notation_suite(void)
{
  Suite *s = suite_create("notation");
  TCase *tc = tcase_create("grammar");
  tcase_add_loop_test(tc, test_c1_1_parses, 0, (int)(sizeof good / sizeof good[0]));
  tcase_add_loop_test(tc, test_c1_1_rejects_with_column, 0, (int)(sizeof bad / sizeof bad[0]));
  tcase_add_test(tc, test_names_and_specialisations_are_spans);
  tcase_add_test(tc, test_format);
  tcase_add_test(tc, test_parse_null_arguments);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(notation_suite)
