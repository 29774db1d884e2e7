/* What the JavaScript API's Context.roll and rollPool read of an action roll, in one call
 * into the WebAssembly module (docs/javascript.md, "Speed"): the roll's figures and every die,
 * written to the caller's ints, instead of one call per figure and per die. Built only into
 * libcops.wasm: the public C API is <cops/dice.h>, whose getters it calls. */
#include <cops/cops.h>

/* The figures first, in this order, then face, success and the die rolled again (-1 for
 * none) for each die. */
enum { GLUE_COUNT, GLUE_POOL, GLUE_THRESHOLD, GLUE_DIFFICULTY, GLUE_UNSKILLED, GLUE_SUCCESSES,
       GLUE_SUCCEEDED, GLUE_MARGIN, GLUE_CAPPED, GLUE_ANCIENNETE, GLUE_DICE };

__attribute__((used, visibility("default")))
int copsjs_roll_read(const cops_roll *roll, int *out, int cap)
{
  int n = cops_roll_count(roll);
  if (n < 0)
    return n;
  int margin = 0;
  if (cops_roll_margin(roll, &margin))
    margin = 0;
  out[GLUE_COUNT] = n;
  out[GLUE_POOL] = cops_roll_pool_size(roll);
  out[GLUE_THRESHOLD] = cops_roll_threshold(roll);
  out[GLUE_DIFFICULTY] = cops_roll_difficulty(roll);
  out[GLUE_UNSKILLED] = cops_roll_unskilled(roll);
  out[GLUE_SUCCESSES] = cops_roll_successes(roll);
  out[GLUE_SUCCEEDED] = cops_roll_succeeded(roll);
  out[GLUE_MARGIN] = margin;
  out[GLUE_CAPPED] = cops_roll_capped(roll);
  out[GLUE_ANCIENNETE] = cops_roll_anciennete(roll);
  /* The dice that fit: the caller reads the rest with cops_roll_die(). */
  for (int i = 0; i < n && GLUE_DICE + 3 * i + 3 <= cap; i++) {
    int *d = out + GLUE_DICE + 3 * i;
    cops_roll_die(roll, i, &d[0], &d[1], &d[2]);
  }
  return COPS_OK;
}
