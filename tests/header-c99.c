/* The public headers compile as C99 with -pedantic-errors (issue 2). */
#include <cops/cops.h>
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

int main(void)
{
  cops_action a;
#if COPS_WITH_ST
  cops_st_pool p;
  if (cops_st_pool_init(&p, 3) != COPS_OK)
    return 1;
#endif
#if COPS_WITH_D6
  cops_d6_attack d;
  if (cops_d6_attack_init(&d) != COPS_OK)
    return 1;
#endif
  return cops_action_init(&a, 3, 4, 2) == COPS_OK && COPS_VERSION_NUMBER > 0 ? 0 : 1;
}
