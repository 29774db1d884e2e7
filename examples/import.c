/* cops sheet import --from roll20: a Roll20 COPS character made into a libcops sheet
 * (cops_character_from_roll20), the sheet on stdout or in --output, the report on stderr, or
 * both as one JSON document with --json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

static void print_report(const char *report)
{
  json_t *list = json_loads(report, 0, NULL);
  size_t i;
  json_t *e;
  json_array_foreach(list, i, e)
    fprintf(stderr, "cops: import: %s: %s: %s\n",
            json_string_value(json_object_get(e, "attribute")),
            json_string_value(json_object_get(e, "action")),
            json_string_value(json_object_get(e, "detail")));
  json_decref(list);
}

/* The sheet (NULL when written to a file) and the report as one document. */
static int print_document(const char *sheet, const char *report)
{
  json_t *doc = json_pack("{s:o?,s:o}", "sheet", sheet ? json_loads(sheet, 0, NULL) : NULL,
                          "report", json_loads(report, 0, NULL));
  char *out = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
  json_decref(doc);
  if (!out) {
    fprintf(stderr, "cops: out of memory\n");
    return EXIT_FAILURE;
  }
  printf("%s\n", out);
  free(out);
  return 0;
}

int cmd_sheet_import(int argc, char **argv)
{
  const char *from = NULL, *output = NULL, *file = NULL;
  int json = 0;
  for (int i = 1; i < argc; i++) {
    int r;
    if ((r = option_value(argc, argv, &i, "--from", &from)) ||
        (r = option_value(argc, argv, &i, "--output", &output))) {
      if (r < 0)
        return usage_error("sheet import: %s needs a value", argv[i]);
    } else if (!strcmp(argv[i], "--json")) {
      json = 1;
    } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      return print_help("sheet");
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return usage_error("sheet import: unknown option '%s'", argv[i]);
    } else if (file) {
      return usage_error("sheet import: %s", "one FILE expected");
    } else {
      file = argv[i];
    }
  }
  if (!from || strcmp(from, "roll20"))
    return usage_error("sheet import: --from %s%s: roll20 (the only format read)",
                       from ? "" : "missing", from ? from : "");
  if (!file)
    return usage_error("sheet import: %s", "one FILE expected");
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  char *text = NULL, *report = NULL, *sheet = NULL;
  cops_character *ch = NULL;
  int rc = cops_ctx_read_file(ctx, file, &text);
  if (!rc)
    rc = cops_character_from_roll20(&ch, ctx, text, &report);
  if (!rc)
    rc = cops_character_to_json(ch, &sheet);
  if (!rc && output)
    rc = cops_ctx_write_file(ctx, output, sheet);
  int status = 0;
  if (rc) {
    fprintf(stderr, "cops: %s%s%s\n", rc == COPS_EJSON ? file : "", rc == COPS_EJSON ? ": " : "",
            cops_ctx_errmsg(ctx));
    status = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  } else if (json) {
    status = print_document(output ? NULL : sheet, report);
  } else {
    if (!output)
      fputs(sheet, stdout);
    print_report(report);
  }
  cops_free(sheet);
  cops_free(report);
  cops_free(text);
  cops_character_free(ch);
  cops_ctx_free(ctx);
  return status;
}
