// The public headers compile as C++ (-pedantic-errors) and link from C++.
#include <cops/cops.h>
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

int main()
{
  cops_action a;
  cops_ctx *ctx = nullptr;
  if (cops_action_init(&a, 3, 4, 2) != COPS_OK || cops_ctx_new(&ctx) != COPS_OK)
    return 1;
#if COPS_WITH_ST
  cops_st_pool p;
  if (cops_st_pool_init(&p, 3) != COPS_OK || p.threshold != 8)
    return 1;
#endif
  cops_ctx_free(ctx);
#if COPS_WITH_D6
  cops_d6_attack d;
  if (cops_d6_attack_init(&d) != COPS_OK || d.weapon != -1)
    return 1;
#endif
  return cops_version_number() == COPS_VERSION_NUMBER ? 0 : 1;
}
