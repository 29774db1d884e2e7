/* Whole metres on the plane of a fight: the distance and a move towards a point,
 * exact on every platform; shared by the COPS encounter and the Storyteller fight.
 * Not installed. */
#ifndef COPS_GEOMETRY_H
#define COPS_GEOMETRY_H

#include <math.h>
#include <stdint.h>

/* Whole metres, rounded up: the least d with d * d >= dx * dx + dy * dy. The
 * square root is only a first guess; the integer checks make the answer exact, the
 * same on every platform. */
static inline int metres(int x0, int y0, int x1, int y1)
{
  const int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0;
  const int64_t sq = dx * dx + dy * dy;
  int64_t d = (int64_t)sqrt((double)sq);
  while (d * d < sq)
    d++;
  while (d > 0 && (d - 1) * (d - 1) >= sq)
    d--;
  return (int)d;
}

/* The point m metres from (x, y) towards (tx, ty), at most m metres away. */
static inline void towards(int x, int y, int tx, int ty, int m, int *ox, int *oy)
{
  const int d = metres(x, y, tx, ty);
  if (d <= m) {
    *ox = tx;
    *oy = ty;
    return;
  }
  for (int k = m; k >= 0; k--) {
    const int64_t nx = x + ((int64_t)(tx - x) * k) / d, ny = y + ((int64_t)(ty - y) * k) / d;
    if (metres(x, y, (int)nx, (int)ny) <= m) {
      *ox = (int)nx;
      *oy = (int)ny;
      return;
    }
  }
  *ox = x;
  *oy = y;
}

#endif
