/* Roll 4+/3 (2) with a seeded context: the quick start of README.md. */
#include <stdio.h>
#include <cops/cops.h>

int main(void)
{
  cops_ctx *ctx;
  cops_roll *roll;
  if (cops_ctx_new(&ctx) || cops_roll_new(&roll))
    return 1;
  cops_ctx_seed(ctx, 2030);                                  /* replayable dice */
  if (cops_roll_notation(roll, ctx, "4+/3 (2)", 0) != COPS_OK) {
    fprintf(stderr, "%s\n", cops_ctx_errmsg(ctx));
    return 1;
  }
  int margin;
  cops_roll_margin(roll, &margin);
  printf("successes: %d, %s (margin %d)\n", cops_roll_successes(roll),
         cops_roll_succeeded(roll) ? "success" : "failure", margin);
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  return 0;
}
