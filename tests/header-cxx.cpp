// The public headers compile as C++ (-pedantic-errors) and link from C++.
#include <cops/cops.h>

int main()
{
  cops_action a;
  cops_ctx *ctx = nullptr;
  if (cops_action_init(&a, 3, 4, 2) != COPS_OK || cops_ctx_new(&ctx) != COPS_OK)
    return 1;
  cops_ctx_free(ctx);
  return cops_version_number() == COPS_VERSION_NUMBER ? 0 : 1;
}
