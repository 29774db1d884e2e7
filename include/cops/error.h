/**
 * @file cops/error.h
 * @brief Error codes.
 *
 * Every fallible function returns ::COPS_OK (0) or one of the negative codes
 * below. cops_strerror() names a code; cops_ctx_errmsg() gives the detailed
 * message of the last failure on a context ("difficulty -1 out of range
 * 0..64"). The library never prints, aborts or exits.
 */
#ifndef COPS_ERROR_H
#define COPS_ERROR_H

#include <cops/common.h>

COPS_BEGIN_DECLS

/** Return codes. New codes are only ever added at the end. */
typedef enum cops_error {
  COPS_OK = 0,          /**< success */
  COPS_EINVAL = -1,     /**< invalid argument: NULL pointer, unknown flag, bad struct size */
  COPS_ERANGE = -2,     /**< a number outside its documented range */
  COPS_ENOMEM = -3,     /**< out of memory */
  COPS_ERNG = -4,       /**< the random source failed or gave a face out of range */
  COPS_ESYNTAX = -5,    /**< notation syntax error (the message names the column) */
  COPS_ESTATE = -6,     /**< the object is not in a state that allows this call */
  COPS_ENOTFOUND = -7,  /**< nothing satisfies the request: an unknown name, no pool reaching the odds asked */
  COPS_ERULE = -8,      /**< the rules forbid it (a specialisation missing, no point left ...) */
  COPS_EJSON = -9,      /**< malformed JSON: syntax (line and column), a wrong type, a missing field */
  COPS_EIO = -10,       /**< a file cannot be read or written */
  COPS_ESEAL = -11      /**< a sealed text the key does not open: another key, or a byte changed (since 0.17.0) */
} cops_error;

/**
 * @brief A static, English description of a return code ("invalid argument").
 * Unknown codes give "unknown error". Never NULL.
 * @since 0.1.0
 */
COPS_API const char *cops_strerror(int code);

COPS_END_DECLS

#endif
