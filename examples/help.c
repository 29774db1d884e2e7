/* The help of the cops program: an overview (cops help) and one text per
 * command (cops help COMMAND, cops COMMAND --help). The man page cops(1),
 * man/cops.1.scd, says the same at more length. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char overview[] =
  "usage: cops COMMAND [OPTIONS] [ARGUMENTS]\n"
  "\n"
  "  roll     roll a notation, or for a character of a sheet\n"
  "  odds     the exact odds of a roll, an opposed roll, or the GM's grid\n"
  "  sheet    check or show a character sheet\n"
  "  attack   resolve one attack between two characters\n"
  "  fight    run a scenario to its end, narrated or as JSON Lines\n"
  "  sim      run a scenario many times (threads, mergeable summaries): win rates\n"
  "  heal     first aid, stabilisation, time, rest, nights and revival on a sheet\n"
  "  chase    run a chase file to its end, narrated or as JSON Lines\n"
  "  interrogate  an interview of a subject, and the exact odds of each approach\n"
  "  st       the optional Storyteller module: d10 pools at 8+, their odds, attacks, fights\n"
  "  d6       the optional D6 System module: dice codes with the free die, their odds\n"
  "  seal-key a new key for --seal-key (64 hexadecimal digits on stdout)\n"
  "  version  the program's and the library's versions (also --version anywhere)\n"
  "  help     this text; 'cops help COMMAND' or 'cops COMMAND --help' for one command\n"
  "\n"
  "Options may come anywhere, as --opt VALUE or --opt=VALUE. --root DIR, with any\n"
  "command, keeps every file it reads or writes under DIR (paths relative to it; no\n"
  "'..', absolute path or link out of it): for files from strangers. --seal-key FILE,\n"
  "with fight, chase, interrogate, st fight and d6 fight, seals the saves they write\n"
  "and opens the saves they read with the key FILE holds (cops seal-key makes one);\n"
  "a plain save is then refused. Exit status: 0 done\n"
  "(whatever the dice), 1 the output could not be written, 2 a usage, notation,\n"
  "file or rules error (one line on stderr). See cops(1).\n";

static const char seed_dice[] =
  "  --seed N      seeded dice: N is a 64-bit number or 64 hex digits (32 bytes)\n"
  "  --dice F,...  scripted faces, drawn in order (a pool left to right, then\n"
  "                one re-roll per 10); too few or too many faces is an error\n";

static const char roll_text[] =
  "usage: cops roll [--seed N | --dice F,F,...] [--unskilled] [--json] [MODIFIERS] NOTATION\n"
  "       cops roll --sheet FILE [--adrenaline] [--anciennete] [--not-an-action]\n"
  "                 [--seed N | --dice F,...] [--json] [MODIFIERS]\n"
  "                 \"Arme de poing/Coordination (2)\"\n"
  "MODIFIERS: [--attitude A [--defensive]] [--initiative N] [--bonus N]\n"
  "\n"
  "NOTATION is threshold/dice (difficulty) with optional modifiers, e.g.\n"
  "  \"4+/3 (2)\"  \"6+/3\"  \"5+/3 (2) +1D -1S +1R\"  (D dice, S seuil, R difficulty)\n"
  "The words that are not options are joined into the notation (5+/3 -1D works);\n"
  "after -- all is notation.\n"
  "\n";
static const char roll_options[] =
  "  --unskilled   the character lacks the skill: only a 10 succeeds (C1.4)\n"
  "  --sheet FILE  roll for the character of a JSON sheet (docs/sheets.md): skill\n"
  "                and characteristic names, specialisations, wounds (the file is\n"
  "                not changed)\n"
  "  --adrenaline  spend an Adrénaline point: +1 die (C5)\n"
  "  --anciennete  on a failure, spend an Ancienneté point to roll again (C5)\n"
  "  --not-an-action\n"
  "                the GM's roll for a character who cannot act (0 hit points or below,\n"
  "                out of the fight, knocked out: C8.2), refused without it\n"
  "  --attitude A  the round's attitude (planqué, prudent, normal, agressif,\n"
  "                ultra-violent, or -2..2): its value in dice (C6.1)\n"
  "  --defensive   a defensive roll: the attitude's value taken off (C6.1)\n"
  "  --initiative N  the chosen initiative, -2..2 (within the character's Réflexes\n"
  "                with --sheet): its value in dice (C6.2)\n"
  "  --bonus N     the GM's bonus or malus in dice, -64..64 (C1.7)\n"
  "  --json        one JSON object instead of text\n";

static const char odds_text[] =
  "usage: cops odds [--unskilled] [--json] [--vs NOTATION [--min N]] NOTATION\n"
  "       cops odds --table [--unskilled] [--json]\n"
  "\n"
  "Exact odds, no dice rolled (docs/odds.md): success, at least k successes, the\n"
  "expected successes, with Adrénaline and Ancienneté.\n"
  "\n"
  "  --unskilled   the character lacks the skill: only a 10 succeeds (C1.4)\n"
  "  --vs NOTATION the opposed roll against NOTATION (C1.6): win, tie, lose\n"
  "  --min N       successes the winner of the opposed roll needs\n"
  "  --table       the grid: dice 1-8 x thresholds 2+-9+ x difficulty 1-5\n"
  "  --json        one JSON object instead of text\n";

static const char sheet_text[] =
  "usage: cops sheet check FILE\n"
  "       cops sheet show [--lang fr|en] [--json] FILE\n"
  "\n"
  "check reads a character sheet (docs/sheets.md) and says what is wrong, by\n"
  "field; show prints the character: characteristics, skills, hit points, points.\n"
  "\n"
  "  --lang fr|en  the language of show (default fr)\n"
  "  --json        the sheet as the library writes it\n";

static const char attack_text[] =
  "usage: cops attack --attacker A.json --target T.json [--weapon W.json]\n"
  "                   [--armour R.json] [--distance M]\n"
  "                   [--mode single|burst|cover|melee|strike|hold|throw|escape]\n"
  "                   [--attitude A] [--target-attitude A] [--initiative N]\n"
  "                   [--movement M] [--shots-fired N] [--target-weapon W.json]\n"
  "                   [--attacker-armour R.json] [--adrenaline] [--anciennete]\n"
  "                   [--seed N | --dice F,...] [--lang fr|en|es] [--json]\n"
  "                   [--rules core|alternative] [--aim 1..10|head] [--bullets N]\n"
  "                   [--holding] [--knockout-minutes N]\n"
  "       cops attack ... --odds [--json]\n"
  "\n"
  "Resolves one attack (docs/attacks.md) and prints the narrated events, or with\n"
  "--json the events as JSON Lines (docs/events.md); the files are not changed.\n"
  "A weapon or armour left out is the sheet's: the weapon in hand, the armour worn\n"
  "(its gear, docs/sheets.md); none when it carries none.\n"
  "With --odds, no die is drawn: the exact odds of the planned attack (hitting,\n"
  "bullets in, locations, damage, stopping power, the target going down).\n"
  "Attitudes: Planque, Prudent, Normal, Agressif, Ultra-violent (or -2..+2).\n"
  "\n"
  "  --rules R     core (C6, C10, C11) or alternative (002, docs/alternative-rules.md);\n"
  "                the alternative rules take initiative 0 and their own fields:\n"
  "  --aim D       move the location d10 toward face D (10, head) by excess successes\n"
  "  --bullets N   covering fire's bullets, 4 .. the rounds loaded (default: all)\n"
  "  --holding     the attacker holds the target (A3.4: against its Carrure)\n"
  "  --knockout-minutes N  a head mishap's minutes instead of 1d10 (A5)\n"
  "\n";

static const char fight_text[] =
  "usage: cops fight SCENARIO [--seed N] [--save-at ROUND FILE | --aftermath]\n"
  "                  [--rules core|alternative] [--policy P] [--side-policy SIDE:P ...]\n"
  "                  [--lang fr|en|es] [--json]\n"
  "       cops fight SCENARIO [--seed N] [--rules core|alternative] --snapshot-at ROUND\n"
  "       cops fight --resume FILE [--save-at ROUND FILE | --snapshot-at ROUND]\n"
  "                  [--lang fr|en|es] [--json]\n"
  "\n"
  "Runs a scenario (docs/scenarios.md) round after round to its end and prints\n"
  "the narrated log, or with --json the events as JSON Lines (docs/events.md).\n"
  "\n"
  "  --seed N      seeded dice: N is a number 0..18446744073709551615\n"
  "  --rules R     play the scenario under core or alternative rules (its own: default)\n"
  "  --policy P    who declares for everyone: simple (default) or tactical, which\n"
  "                weighs the exact odds (docs/encounters.md, \"Policies\")\n"
  "  --side-policy SIDE:P  the same for one side, by its name in the scenario or\n"
  "                its number; after --policy; repeatable\n"
  "  --save-at ROUND FILE  stop once ROUND rounds are fought and save the fight\n"
  "                to FILE (docs/encounters.md); 0 saves before the first round\n"
  "  --snapshot-at ROUND  stop once ROUND rounds are fought and print the board\n"
  "                as one JSON document (schemas/snapshot.schema.json): every\n"
  "                combatant's state; the board at the end if the fight ends first\n"
  "  --resume FILE go on with a saved fight: the same dice and events as if it\n"
  "                had never stopped (a seeded one); prints the events from there\n"
  "  --lang fr|en|es  the language of the narration (default fr)\n"
  "  --json        JSON Lines instead of the narration\n";

static const char heal_text[] =
  "usage: cops heal first-aid|stabilise|medicine SHEET [--healer H.json]\n"
  "                 [--gear kit|makeshift|bare] [--adrenaline] [--anciennete]\n"
  "                 [--seed N | --dice F,...] [--odds]\n"
  "       cops heal wait SHEET TIME        (90s, 10m, 2h, 3d)\n"
  "       cops heal rest SHEET none|natural|hospital [--fixed N]\n"
  "       cops heal night SHEET adrenaline|anciennete|none [--hours H]\n"
  "       cops heal revive|final SHEET\n"
  "       ... [--write FILE] [--write-healer FILE] [--lang fr|en|es] [--json]\n"
  "\n"
  "Wounds over time (docs/healing.md): first aid after a fight (C8.4), the two\n"
  "stabilisations of the dying (C8.5), time passing with its bleeding and rest\n"
  "(C8.6), a night's point back (C5), a revival or a final death (C8.2, C8.7).\n"
  "Prints the narrated events (or JSON Lines) and the patient's state; the sheets\n"
  "are written only with --write (the patient) and --write-healer.\n"
  "\n"
  "  --healer H    who treats (default: the patient, treating themselves)\n"
  "  --gear G      kit (difficulty 1, default), makeshift (2) or bare hands (3)\n"
  "  --odds        the exact odds of the treatment, no die drawn\n"
  "  --fixed N     a hospital's gain a day, 2..12 (default 2d6)\n"
  "  --hours H     the night's length, 1..24 (default 8)\n";

static const char chase_text[] =
  "usage: cops chase CHASE [--seed N] [--lang fr|en|es] [--json]\n"
  "       cops chase CHASE [--seed N] --save-at ROUND FILE | cops chase --resume FILE\n"
  "       cops chase CHASE --odds ID [--json]\n"
  "\n"
  "Runs a chase file (docs/chases.md) round after round to its end: the scripted\n"
  "declarations, else the default policy's; prints the narrated log, or with --json the\n"
  "events as JSON Lines. cops sim CHASE -n RUNS simulates it. With --odds ID, no die\n"
  "is drawn: the exact odds of each declaration of participant ID against the other of\n"
  "its pair declaring as the default policy would (what should I declare?).\n"
  "--save-at ROUND FILE stops once ROUND rounds are run and saves the chase; --resume\n"
  "FILE goes on with it, the same dice and events as if it had never stopped.\n";

static const char interrogate_text[] =
  "usage: cops interrogate SUBJECT --sheet COP STEP... [--seed N] [--save FILE]\n"
  "                        [--write FILE]\n"
  "       cops interrogate --resume FILE STEP... [--save FILE] [--write FILE]\n"
  "       cops interrogate SUBJECT --sheet COP --odds [--failures N] [OPTIONS]\n"
  "       cops interrogate --resume FILE --odds [--gm] [OPTIONS]\n"
  "STEP:  [--evidence] [--evaluate all|TRAIT,...] [--method M --attitude A]\n"
  "OPTIONS: [--affinity] [--deficiency] [--anciennete] [--lang fr|en|es] [--json]\n"
  "\n"
  "An interview of the subject of the file SUBJECT by the interrogator of the sheet COP\n"
  "(docs/interrogations.md, C4), its steps in this order: new evidence, the evaluation,\n"
  "an interrogation roll; prints the narrated log, or with --json the events as JSON\n"
  "Lines. --save FILE keeps the interview (what the cop learnt, the subject with the\n"
  "methods barred and the resistance raised, the dice); --resume FILE goes on with it.\n"
  "What a failure did to the subject is the subject's, for every interrogator (C4.7):\n"
  "--write FILE writes the subject back with it, for the next cop's interview.\n"
  "With --odds no die is drawn: the exact odds of each approach, a method (Intimidation,\n"
  "Éloquence, Rhétorique) and an attitude (Agressif, Inquisiteur, Froid, Poli, Amical),\n"
  "best first: the win, the tie (a failure too), the loss, the chance of the essential\n"
  "and of each tier beyond, and the tiers that come out on average. Of a resumed\n"
  "interview, as the interrogator sees them (what its evaluation revealed; methods\n"
  "barred left out); --gm: as they are. Methods barred on the subject are left out.\n"
  "\n"
  "  --evidence    new evidence: the methods barred by failures open again (C4.7)\n"
  "  --evaluate W  the first contact (C4.1), once an interview: Psychologie/Perception (2)\n"
  "                reveals the traits wished, in order (all: the eight), one per success\n"
  "                and one more per point of MR: Sang-froid, Charme, Éducation, or the\n"
  "                reaction to an attitude\n"
  "  --method M --attitude A\n"
  "                an interrogation roll (C4.2-C4.5): a win reveals the facts of tier\n"
  "                0 .. margin - 1; a tie or a loss bars the method, resistance +1 (C4.7)\n"
  "  --affinity    the cop matches the subject's affinity: a free point of margin on a win\n"
  "  --deficiency  the cop matches what the subject hates: the attitude's malus doubled\n"
  "  --anciennete  a failed evaluation or a lost roll is rolled again for an Ancienneté\n"
  "                point (C4.8): a win then gives the essential only\n"
  "  --failures N  earlier failures, each +1 to every resistance (C4.7), 0..20, beyond\n"
  "                those the subject's file keeps\n"
  "  --write FILE  the subject written back with the methods barred on it and its\n"
  "                resistance increases (C4.7); it may be SUBJECT itself\n"
  "  --seed N      seeded dice (a number 0..18446744073709551615)\n";

static const char sim_text[] =
  "usage: cops sim SCENARIO|CHASE [-n RUNS] [--seed N]\n"
  "       cops sim SCENARIO [-n RUNS] [--seed N [--from K]] [--jobs J] [--json]\n"
  "                [--policy P] [--side-policy SIDE:P ...]\n"
  "       cops sim --merge SUMMARY... [--json]\n"
  "       cops sim --compare core,alternative SCENARIO [-n RUNS] [--seed N] [--jobs J]\n"
  "                [--json]\n"
  "\n"
  "Runs a scenario RUNS times (default 10000) with its policies and prints\n"
  "win rates with 95 % intervals, mean rounds and how often each combatant ends\n"
  "down or dead (docs/simulation.md); a chase file, the escape rate, mean rounds and\n"
  "how often each participant drops out or wrecks (docs/chases.md).\n"
  "Seeded, fight i draws from the seed and i: fight 0 is cops fight --seed N, and the\n"
  "figures are the same for any --jobs and any split of the fights.\n"
  "\n"
  "  -n RUNS       1..100000000\n"
  "  --seed N      seeded dice (a number 0..18446744073709551615): the same\n"
  "                figures every time\n"
  "  --from K      the first fight's index (default 0): a study split by ranges\n"
  "                (unseeded: numbers only, to merge)\n"
  "  --jobs J      threads, 1..64, each with its own context\n"
  "  --policy P, --side-policy SIDE:P  who declares, as for cops fight; the\n"
  "                summary records each combatant's policy\n"
  "  --json        the summary as JSON (schemas/sim.schema.json), to merge or plot\n"
  "  --merge       add summaries of disjoint fights of one study (same scenario and seed)\n"
  "  --compare A,B the same fights under two rulesets side by side: rates with 95 %\n"
  "                intervals, differences and their p-values (schemas/sim-compare.schema.json)\n";

static const char st_text[] =
  "usage: cops st roll [--seed N | --dice F,F,...] [--json] POOL\n"
  "       cops st odds [--json] [--vs POOL] POOL\n"
  "       cops st attack --attacker SHEET --target SHEET [--kind K] [--weapon W]\n"
  "                      [--target-weapon W] [options below] [--seed N | --dice F,...]\n"
  "                      [--lang fr|en|es] [--json]\n"
  "       cops st fight FILE [--seed N | --dice F,...] [--save-at ROUND SAVE]\n"
  "                      [--policy P] [--side-policy SIDE:P ...] [--lang fr|en|es] [--json]\n"
  "\n"
  "The optional Storyteller module (docs/storyteller.md, OTHER-SYSTEMS.md ST): pools\n"
  "of d10, a success on 8 or more, every 10 rolled again, a chance die when the pool\n"
  "drops to 0 (its 1 a dramatic failure). POOL is numbers joined by + and - (the\n"
  "first the traits, the rest bonus and penalty dice) then words in any order:\n"
  "  9-again 8-again no-again   which faces are rolled again (10-again by default)\n"
  "  2+ .. 10+                  the lowest success (8+ by default)\n"
  "  all-8s                     no roll: every die counts as an 8 (coup de grace)\n"
  "  average                    no roll: a third of the pool, rounded down\n"
  "  no-chance                  a pool at 0 or less fails without a chance die\n"
  "e.g. \"3+3-2\"  \"5 9-again\"  \"9 all-8s\"  \"1-2\".\n"
  "\n"
  "  roll          roll the pool: its dice, each re-roll after its die, the successes\n"
  "  odds          the exact law of the successes; with --vs, the opposed roll\n"
  "  --seed N      seeded dice: N is a 64-bit number or 64 hex digits (32 bytes)\n"
  "  --dice F,...  scripted faces, drawn in order (the pool left to right, then one\n"
  "                re-roll per die at or above the again face)\n"
  "  --vs POOL     odds: the opposing pool (the side with more successes wins)\n"
  "  --json        one JSON object (schemas/st-roll.schema.json, st-odds.schema.json);\n"
  "                for attack, the events as JSON Lines\n"
  "\n"
  "attack resolves one attack between two characters of Storyteller sheets (\"system\":\n"
  "\"st\"; the files are not changed) and prints its narration (French by default):\n"
  "  --kind K      exchange (melee, opposed; the default), strike (melee, unopposed),\n"
  "                shot, contact (a firearm in melee, opposed) or coup (coup de grace)\n"
  "  --weapon W    a weapon of the attacker's sheet, by name or index; none: bare hands\n"
  "  --distance M  a shot's metres (its range band); --cover N, --own-cover N (0..5),\n"
  "                --crowd N (fighters in contact with the target), --prone\n"
  "  --opponents N a strike's opponents in contact (1..4), --rank R (incremental rule)\n"
  "  --called C    arm, leg, head, heart, hand or eye; --aim N (at most Wits)\n"
  "  --total-defense N, --bonus N, --burst, --touch, --surprised, --defenseless\n"
  "  --shield SHEET  a human shield the target holds\n"
  "\n"
  "fight plays a fight file (a scenario, or a save; docs/storyteller.md, \"Fights\") round\n"
  "after round to its end, every fighter by its policy (the file's, simple by\n"
  "default), and prints its narration, or its events with --json:\n"
  "  --seed N      the dice of this seed instead of the file's\n"
  "  --policy P    every fighter's policy: simple (its tactic) or tactical (its attack\n"
  "                and Cover from the exact odds; docs/storyteller.md, \"Policies\")\n"
  "  --side-policy SIDE:P  the same for one side, by its name or number; after\n"
  "                --policy; repeatable\n"
  "  --save-at ROUND SAVE  stop once ROUND rounds are played and save the fight to\n"
  "                SAVE; cops st fight SAVE goes on with the same dice\n";

static const char d6_text[] =
  "usage: cops d6 roll [--seed N | --dice F,F,...] [--no-explode] [--no-free-die] [--json] ROLL\n"
  "       cops d6 odds [--vs ROLL] [--no-explode] [--no-free-die] [--json] ROLL\n"
  "       cops d6 attack --attacker SHEET --target SHEET [options] [--json] [--lang L]\n"
  "       cops d6 harm SHEET (--hazard NAME [--amount N] | --damage CODE) [--stun]\n"
  "       cops d6 heal SHEET (--recover [--rest R] | --treat-by HEALER [--in-combat]) [--write]\n"
  "       cops d6 fight FILE [--seed N | --dice F,F,...] [--json] [--lang L]\n"
  "                         [--save-at ROUND SAVE] [--policy P] [--side-policy SIDE:P ...]\n"
  "       cops d6 spells [--json]\n"
  "       cops d6 spell-cost [design options] [--measure] [--halved] [--json]\n"
  "       cops d6 cast SHEET (--spell NAME | --skill S --difficulty N) [cast options]\n"
  "       cops d6 psionic SHEET --power P [power options]\n"
  "       cops d6 weapons [--json]\n"
  "       cops d6 sheet SHEET [--json]\n"
  "\n"
  "The optional D6 System module (docs/d6.md, OTHER-SYSTEMS.md D6 §0): ROLL is a dice code\n"
  "(3D+2: three d6 and 2 pips, 3 pips make a die) then, in any order:\n"
  "  +1D -2D       dice added or taken before the roll (at least 0D)\n"
  "  +2 -5         points added to the total\n"
  "  vs N          the difficulty: a success at N or more, its level the total - N\n"
  "  actions N     the actions taken this round: 1D off for each past the first\n"
  "  cp N, fp      Character Points (+1D each), a Fate Point (the dice doubled)\n"
  "e.g. \"3D+2 -1D vs 15\"  \"4D +5 cp 2\".\n"
  "The last die is the free die: a 6 on it rolls again and adds, while it shows 6; a\n"
  "failure with a 1 on its first face is a critical failure.\n"
  "\n"
  "  roll          roll it: each die, the free die last with its chain, the total\n"
  "  odds          the exact law of the total; against vs N, the odds of a success and of a\n"
  "                critical failure; with --vs ROLL, the contest's (greater, equal, less)\n"
  "  --seed N      seeded dice: N is a 64-bit number or 64 hex digits (32 bytes)\n"
  "  --dice F,...  scripted faces (1..6), drawn in order: the dice, the free die, its chain\n"
  "  --no-explode  the free die does not roll again (D6-A1 switched)\n"
  "  --no-free-die no free die, no critical failure (D6-A2 switched)\n"
  "  --json        the roll as JSON (schemas/d6-roll.schema.json), or the odds\n"
  "                (schemas/d6-odds.schema.json)\n"
  "\n"
  "attack resolves one attack between two D6 sheets (docs/d6.md, \"Combat\"; D6 §5) and\n"
  "prints its narration, or its events with --json:\n"
  "  --weapon W    the attacker's weapon, by name or index (default: bare hands)\n"
  "  --distance M  metres, for a missile's range band (0-3 m point blank -5, short,\n"
  "                medium +5, long +10; beyond long range no shot)\n"
  "  --defence natural|active|total   10; the target's roll; its roll + 10\n"
  "  --defence-skill S  dodge (default), brawling or melee_weapons (a parry), or a\n"
  "                vehicle's skill; --defence-total N the total already rolled this round\n"
  "  --parry-weapon W   the target's weapon parrying; --defender-actions N\n"
  "  --cover N     cover and visibility dice added to the defence (§5.4.2)\n"
  "  --option O    single-shot, burst, several-shots, random-fire, aimed, aimed-vital,\n"
  "                brutal, precise (§5.12, §5.13); --location arm|leg|weapon|head|heart\n"
  "  --actions N   the attacker's actions this round; --cp N, --fp points spent\n"
  "  --size any|50cm|10cm|1cm  a small target (§5.15); --blinded, --target-blinded,\n"
  "                --surprise\n"
  "  --skill-defence, --option-a, --option-b  the options of §5.3.2 and §5.5\n"
  "  --gravity normal|low|zero|high\n"
  "harm rolls harm outside combat against the sheet's Vigueur (§5.19): --hazard botulism,\n"
  "poison (--amount 6..9 dice), cold_or_heat, extreme_cold_or_heat, socket, high_voltage,\n"
  "fall (--amount in centimetres), acid, radiation, fire; or --damage CODE.\n"
  "heal heals the sheet's character (§6): --recover, a natural recovery after its wait\n"
  "(--rest rested, worked -1D, long +1D), or --treat-by HEALER, Medicine after a fight\n"
  "(--in-combat: during it, for levels 4 and 5); --write saves the sheet back.\n"
  "fight plays a fight file, a scenario or a save (docs/d6.md, \"Fights\";\n"
  "schemas/d6-fight.schema.json) to its end, each fighter by its policy, its events\n"
  "narrated or with --json as JSON Lines; --seed N replays it with other dice.\n"
  "  --policy P    every fighter's policy: simple (its tactic) or tactical (its target,\n"
  "                weapon, option, move and defence from the exact odds; docs/d6.md)\n"
  "  --side-policy SIDE:P  the same for one side, by its name or number; repeatable\n"
  "  --save-at ROUND SAVE  stop once ROUND rounds are played and save the fight to\n"
  "                SAVE; cops d6 fight SAVE goes on with the same dice\n"
  "spells lists the sample spells of §7.12 as printed (docs/d6.md, \"Magic\").\n"
  "spell-cost builds a spell's difficulty from §7.11's tables, part by part:\n"
  "  --effect-kind none|skill|doubled, --effect CODE (skill: 3 a die, doubled: 6) or\n"
  "  --effect-value N; --range touch|short|medium|long|very-long|extreme|planetary|stellar;\n"
  "  --concentration isolated|slight|quiet-public|busy-public|very-busy (--crowd 8..18);\n"
  "  --familiarity none|known-slightly|known-well|never-seen|first-heard; --group\n"
  "  one|five|dozen|crowd|city|region|country; --attitude unaware|neutral|refusing;\n"
  "  --information none|simple|complex|distant|secrets; --duration ROUNDS; --preparation\n"
  "  ROUNDS; --ingredients simple|none|costly|rare; --gestures simple|none|large;\n"
  "  --incantation spoken|none|complex; --other N. --measure reads --range-m, --speed-m,\n"
  "  --duration-s, --casting-s (1.5 allowed) on the samples' scale (D6-A44); --halved\n"
  "  halves the sum (D6-A43's switch).\n"
  "cast casts a sample spell (--spell) or any (--skill, --difficulty) from SHEET's\n"
  "character (§7.7): --target SHEET resists with Willpower (D6-A51); --damage CODE, the\n"
  "spell's damage, on the caster on a critical failure (D6-A49, --backlash-percent N);\n"
  "--aim marksmanship|melee_weapons|throwing --at SHEET [--distance M] [--reach M]\n"
  "[--cover N] aims it (D6-A50; N cover dice, §5.4.2); --beat N, a total to exceed\n"
  "(Opening, Counterspell); --scroll, --artifact (--scroll-use casters|with-roll|no-roll,\n"
  "--artifact-automatic, D6-A58); --surprise (+1D, §5.15); --actions N,\n"
  "--cp N, --fp, --magic-modifier N (the setting's, D6-A57), --no-ingredients; --seed,\n"
  "--dice, --json, --lang.\n"
  "psionic uses a psionic power of SHEET's character (§7.13): --power astral|empathy|\n"
  "far-senses|healing|medium|protection|psychometry; --target SHEET (the one read, healed\n"
  "or protected); the extensions --range (touch .. very-long), --concentration, --crowd,\n"
  "--familiarity, --group (one .. crowd), --attitude, --information, --duration ROUNDS;\n"
  "--psychometry vague|general|last-day|motivations; --murdered, --knew,\n"
  "--has-information, --at-place, --years-dead N (a Medium); --actions, --cp, --fp,\n"
  "--seed, --dice, --json, --lang.\n"
  "weapons lists the catalogue of §9 and §10; sheet checks a sheet and shows it, or\n"
  "writes it back with --json (schemas/d6-sheet.schema.json).\n";

static const char version_text[] =
  "usage: cops version | cops --version\n"
  "\n"
  "Prints the program's and the library's versions.\n";

static const char seal_key_text[] =
  "usage: cops seal-key > FILE\n"
  "\n"
  "Prints a new key for --seal-key: 32 bytes from the system's entropy, as 64\n"
  "hexadecimal digits. Keep the file where only you read it (chmod 600): whoever has\n"
  "it reads and changes the saves it seals. --seal-key FILE reads the file as given,\n"
  "not under --root: the key is yours, not a player's.\n";

static const char help_text[] =
  "usage: cops help [COMMAND]\n"
  "\n"
  "Prints the overview, or the help of one command.\n";

int print_help(const char *cmd)
{
  static const struct {
    const char *name;
    const char *parts[3];
  } helps[] = {
    {"roll", {roll_text, roll_options, seed_dice}},
    {"odds", {odds_text, NULL, NULL}},
    {"sheet", {sheet_text, NULL, NULL}},
    {"attack", {attack_text, seed_dice, NULL}},
    {"fight", {fight_text, NULL, NULL}},
    {"sim", {sim_text, NULL, NULL}},
    {"heal", {heal_text, seed_dice, NULL}},
    {"chase", {chase_text, NULL, NULL}},
    {"interrogate", {interrogate_text, NULL, NULL}},
    {"st", {st_text, NULL, NULL}},
    {"d6", {d6_text, NULL, NULL}},
    {"seal-key", {seal_key_text, NULL, NULL}},
    {"version", {version_text, NULL, NULL}},
    {"help", {help_text, NULL, NULL}},
  };
  if (!cmd) {
    fputs(overview, stdout);
    return 0;
  }
  for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
    if (!strcmp(cmd, helps[i].name)) {
      for (int k = 0; k < 3 && helps[i].parts[k]; k++)
        fputs(helps[i].parts[k], stdout);
      return 0;
    }
  return usage_error("help: unknown command '%s'", cmd);
}
