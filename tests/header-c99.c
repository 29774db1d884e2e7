/* The public headers compile as C99 with -pedantic-errors (issue 2). */
#include <cops/cops.h>

int main(void)
{
  cops_action a;
  return cops_action_init(&a, 3, 4, 2) == COPS_OK && COPS_VERSION_NUMBER > 0 ? 0 : 1;
}
