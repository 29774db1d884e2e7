/**
 * @file cops/cops.h
 * @brief libcops: the rules of the role-playing game COPS, resolved exactly.
 *
 * The umbrella header: include this one. Conventions (docs/api.md):
 * functions return ::COPS_OK or a negative ::cops_error; outputs go through a
 * leading out-parameter; what the caller gets through `**out` is theirs to
 * free with the matching `_free`, which accepts NULL; cops_ctx_errmsg() tells
 * what went wrong. See common.h for thread safety.
 */
#ifndef COPS_COPS_H
#define COPS_COPS_H

#include <cops/version.h>
#include <cops/common.h>
#include <cops/error.h>
#include <cops/rng.h>
#include <cops/seal.h>
#include <cops/dice.h>
#include <cops/odds.h>
#include <cops/catalogue.h>
#include <cops/character.h>
#include <cops/weapon.h>
#include <cops/armour.h>
#include <cops/events.h>
#include <cops/attack.h>
#include <cops/encounter.h>
#include <cops/heal.h>
#include <cops/chase.h>
#include <cops/relations.h>
#include <cops/interrogation.h>
#include <cops/sim.h>

#endif
