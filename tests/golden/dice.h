/* Seeded golden values (seed 2030), pinned by test-dice.c: a change here is a
 * break of the replay contract (docs/randomness.md). */
#define GOLDEN_2030_A \
  "{\"kind\":\"action\",\"action\":\"5+/3 (2)\",\"pool\":3,\"threshold\":5,\"difficulty\":2,\"unskilled\":false,\"dice\":[{\"face\":1,\"success\":false,\"reroll_of\":null},{\"face\":7,\"success\":true,\"reroll_of\":null},{\"face\":2,\"success\":false,\"reroll_of\":null}],\"successes\":1,\"success\":false,\"margin\":-1,\"capped\":false}"
#define GOLDEN_2030_B \
  "{\"kind\":\"action\",\"action\":\"4+/5 (3) +1D\",\"pool\":6,\"threshold\":4,\"difficulty\":3,\"unskilled\":false,\"dice\":[{\"face\":9,\"success\":true,\"reroll_of\":null},{\"face\":4,\"success\":true,\"reroll_of\":null},{\"face\":3,\"success\":false,\"reroll_of\":null},{\"face\":6,\"success\":true,\"reroll_of\":null},{\"face\":10,\"success\":true,\"reroll_of\":null},{\"face\":9,\"success\":true,\"reroll_of\":null},{\"face\":7,\"success\":true,\"reroll_of\":4}],\"successes\":6,\"success\":true,\"margin\":3,\"capped\":false}"
#define GOLDEN_2030_C \
  "{\"kind\":\"d6_sum\",\"dice\":[{\"face\":6,\"success\":false,\"reroll_of\":null},{\"face\":6,\"success\":false,\"reroll_of\":null},{\"face\":4,\"success\":false,\"reroll_of\":null},{\"face\":2,\"success\":false,\"reroll_of\":null},{\"face\":3,\"success\":false,\"reroll_of\":null}],\"total\":21}"
