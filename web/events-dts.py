#!/usr/bin/env python3
"""The TypeScript types of the events (events.d.mts), generated from
schemas/event.schema.json by the WebAssembly build, so that the union of event types cannot
drift from the schema: one type per event, discriminated on `type`.
Usage: events-dts.py SCHEMA OUTPUT"""
import json
import sys

schema_path, out_path = sys.argv[1:3]
with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)

REFS = {"urn:libcops:schema:roll:1#/$defs/die": "Die"}


def ts(s):
    if not isinstance(s, dict) or s == {}:
        return "unknown"
    if "const" in s:
        return json.dumps(s["const"], ensure_ascii=False)
    if "enum" in s:
        return " | ".join(json.dumps(v, ensure_ascii=False) for v in s["enum"])
    for k in ("oneOf", "anyOf"):
        if k in s:
            return " | ".join(sorted({"(%s)" % ts(v) for v in s[k]}))
    if "$ref" in s:
        return REFS.get(s["$ref"], "unknown")
    t = s.get("type")
    if isinstance(t, list):
        return " | ".join(ts(dict(s, type=x)) for x in t)
    if t in ("integer", "number"):
        return "number"
    if t in ("string", "boolean", "null"):
        return t
    if t == "array":
        items = s.get("items")
        if isinstance(items, list):
            return "[%s]" % ", ".join(ts(i) for i in items)
        return "Array<%s>" % ts(items or {})
    if t == "object" or "properties" in s:
        props = s.get("properties")
        if not props:
            return "{ [key: string]: unknown }"
        required = set(s.get("required", []))
        fields = []
        for name, p in props.items():
            doc = p.get("description") if isinstance(p, dict) else None
            key = name if name.isidentifier() else json.dumps(name)
            line = "%s%s: %s;" % (key, "" if name in required else "?", ts(p))
            fields.append(("  /** %s */\n  " % doc.replace("*/", "* /") if doc else "  ") + line)
        return "{\n%s\n}" % "\n".join(fields)
    return "unknown"


def type_name(event):
    return "".join(w.capitalize() for w in event.replace(".", "_").split("_")) + "Event"


out = ["// Generated from schemas/event.schema.json by web/events-dts.py: do not edit.",
       "// An event of the log as its JSON Line (docs/events.md), one type per event type.",
       "",
       "/** A die of a roll's trace (docs/json.md). */",
       "export interface Die { face: number; success: boolean; reroll_of: number | null }",
       ""]
names = []
for event, s in schema["$defs"].items():
    names.append(type_name(event))
    out.append("/** The `%s` event. */" % event)
    out.append("export type %s = %s;" % (type_name(event), ts(s)))
    out.append("")
out.append("/** Any event: switch on its `type` (every case known, the default `never`). */")
out.append("export type Event =\n  | %s;" % "\n  | ".join(names))
out.append("")
out.append("/** Every event type. */")
out.append("export type EventType = Event['type'];")
out.append("")
with open(out_path, "w", encoding="utf-8") as f:
    f.write("\n".join(out))
