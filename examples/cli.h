/* Helpers the commands of the cops program share (cops.c). */
#ifndef COPS_CLI_H
#define COPS_CLI_H

#include <cops/cops.h>

#define EXIT_USAGE 2

/* Scripted faces for --dice, served through the callback source. */
struct script {
  int faces[256];
  int n, next, wanted_sides_mismatch;
};

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
int usage_error(const char *fmt, ...);
/* A context for a command: confined to the folder of --root when one was given (every file
 * read or written under it), else free (cops.c). */
int cli_ctx_new(cops_ctx **ctx);
/* --seal-key FILE (docs/api.md, "Sealed saves"): the key saves are sealed and opened with,
 * NULL when none was given (cops.c). */
const unsigned char *cli_seal_key(void);
/* A save's text to path (confined by --root, written whole), sealed with --seal-key's key
 * when there is one: a library code, its message in ctx. */
int cli_write_save(cops_ctx *ctx, const char *path, const char *text);
/* A save's text from path (confined by --root), opened with --seal-key's key when there is
 * one (free with cops_free): a library code, its message in ctx. */
int cli_read_save(cops_ctx *ctx, const char *path, char **text);
/* After a loader's failure: when it refused a sealed text and no --seal-key was given, a
 * second line saying what opens it. */
void cli_sealed_hint(cops_ctx *ctx);
int script_die(void *user, int sides);
int parse_faces(const char *text, struct script *s);
int apply_seed(cops_ctx *ctx, const char *text);
/* The dice of a command: a --seed (seed) or scripted --dice (faces, served from s), or the
 * system's when both are NULL: 0, or the exit status of a usage error. */
int use_dice(cops_ctx *ctx, const char *seed, const char *faces, struct script *s);
/* The exit status of a call that drew dice (rc): 0 when it succeeded and, scripted
 * (faces), used every face; otherwise a message on stderr: the faces ran out or some are
 * left over (a usage error, naming what: "roll", "attack" ...), no memory or no random
 * source (1), or the library's message after "cops: cmd: " (a usage error). */
int dice_status(int rc, cops_ctx *ctx, const char *cmd, const char *what, const char *faces,
                const struct script *s);
/* A decimal seed 0..2^64-1: 1 and *out, or 0 for anything else. */
int seed_number(const char *text, uint64_t *out);
/* A fight file of an optional module played from the command line (cops st fight, cops d6
 * fight): its calls, the fight as an opaque handle. */
struct fight_file_ops {
  const char *cmd;    /* "st fight" */
  const char *help;   /* the help's topic, "st" */
  int (*load)(void **f, cops_ctx *ctx, const char *path);
  int (*from_json)(void **f, cops_ctx *ctx, const char *text, const char *base_dir);
  int (*seed)(void *f, uint64_t seed);
  int (*round)(const void *f);
  int (*over)(const void *f);
  int (*run_round)(void *f);
  cops_log *(*log)(const void *f);
  int (*save)(const void *f, char **out);
  void (*release)(void *f);
  /* --policy, --side-policy: the fight as policy_target reads it; NULL: one policy only */
  int (*count)(const void *f);
  int (*set_policy)(void *f, int id, int policy);
  int (*set_side_policy)(void *f, int side, int policy);
  int (*side_of)(const void *f, int id);
  const char *(*side_name)(const void *f, int side);
};
/* FILE [--seed N | --dice F,...] [--json] [--lang L] [--save-at ROUND SAVE] [--policy NAME]
 * [--side-policy SIDE:NAME]...: the fight file
 * played to its end or to ROUND, its events narrated or as JSON Lines, the save written;
 * the command's exit status. */
int fight_file_command(int argc, char **argv, const struct fight_file_ops *ops);
/* A number option's value in lo..hi into *out (0), or a usage error naming the command
 * and the option (EXIT_USAGE). */
int whole_number(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out);
/* "--name value" or "--name=value": 1 taken, 0 not this option, -1 value missing. */
int option_value(int argc, char **argv, int *i, const char *name, const char **out);
/* --policy NAME and --side-policy SIDE:NAME (repeatable) of cops fight and cops sim
 * (docs/encounters.md, "Policies"). */
#define SIDE_POLICIES_MAX 16
struct policy_args {
  const char *all, *side[SIDE_POLICIES_MAX];
  int nside;
};
/* argv[*i] one of them: 1 taken, 0 not, or a usage error's status (negative: -EXIT_USAGE). */
int policy_option(int argc, char **argv, int *i, const char *cmd, struct policy_args *p);
/* The policies put on the scenario's encounter, --policy first; 0, or a usage error's status
 * naming a policy or a side the scenario does not have. */
int apply_policies(const char *cmd, const struct policy_args *p, cops_scenario *sc);
/* The same on any fight: its fighters' count, each one's side and each side's name, and its
 * setters ("what": "scenario", "fight" in the messages). */
struct policy_target {
  void *f;
  const char *what;
  int (*count)(const void *f);
  int (*set_policy)(void *f, int id, int policy);
  int (*set_side_policy)(void *f, int side, int policy);
  int (*side_of)(const void *f, int id);
  const char *(*side_name)(const void *f, int side);
};
int apply_policies_to(const char *cmd, const struct policy_args *p, const struct policy_target *t);
/* The overview (cmd NULL) or one command's help on stdout; a usage error for an
 * unknown command (help.c). */
int print_help(const char *cmd);
/* cops sheet import --from roll20 FILE (import.c). */
int cmd_sheet_import(int argc, char **argv);
/* --lang of a narration: NULL gives French; a code the library lacks is a
 * usage error naming the codes it has. */
int narration_lang(const char *cmd, const char *text, int *lang);
int cmd_attack(int argc, char **argv);
int cmd_fight(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_heal(int argc, char **argv);
int cmd_chase(int argc, char **argv);
int cmd_interrogate(int argc, char **argv);
/* The optional Storyteller module (st.c). */
int cmd_st(int argc, char **argv);
/* The optional D6 System module (d6.c); its characters and combat (d6-combat.c): argv[0]
 * names the command (attack, harm, weapons, sheet), -1 for another. */
int cmd_d6(int argc, char **argv);
int d6_combat_command(int argc, char **argv);
/* cops d6 spells | spell-cost | cast | psionic (examples/d6-magic.c): the status, or -1 for another verb. */
int d6_magic_command(int argc, char **argv);
/* cops sim of a chase file: 0 when FILE is no chase (a fight's scenario), else the exit
 * status (chase.c). */
int chase_sim(const char *file, long runs, const char *seed, int *status);
/* Text left-aligned in width columns; a 95 % Wilson interval (fight.c). */
void pad(const char *text, int width);
void wilson(double k, double n, double *lo, double *hi);

#endif
