#!/usr/bin/python3
"""Validates a pipetop JSON document against its published schema, with python3-jsonschema.

Usage: validate_json.py SCHEMA_DIR SCHEMA_FILE DOCUMENT [--lines]
With --lines, DOCUMENT is JSON Lines and every line is validated. Exits 0 when valid, 1 with each
error on stderr when not, 2 when the schema or the document cannot be read.
"""
import json
import pathlib
import sys

import jsonschema


def main(argv):
    if len(argv) not in (4, 5) or (len(argv) == 5 and argv[4] != "--lines"):
        print(__doc__, file=sys.stderr)
        return 2
    schema_dir = pathlib.Path(argv[1])
    store = {}
    for path in schema_dir.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        store[schema["$id"]] = schema
    schema = json.loads((schema_dir / argv[2]).read_text())
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
    text = pathlib.Path(argv[3]).read_text()
    documents = [line for line in text.splitlines() if line.strip()] if len(argv) == 5 else [text]
    if not documents:
        print("no document to validate", file=sys.stderr)
        return 1
    errors = 0
    for number, document in enumerate(documents, 1):
        for error in validator.iter_errors(json.loads(document)):
            errors += 1
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"document {number}, at /{where}: {error.message}", file=sys.stderr)
    print(f"{len(documents)} document(s), {errors} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
