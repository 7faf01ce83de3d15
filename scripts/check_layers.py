#!/usr/bin/env python3
"""Holds core/ to its layer map (docs/architecture.md).

- Every #include of a core header names a header of the including layer or of
  a layer below it (the DEPENDS of jz_layer() in core/CMakeLists.txt, taken
  transitively). The linker's layer check cannot see inline code; this can.
- Every INSERT, UPDATE or DELETE on a table is in the layer that the table
  map of docs/architecture.md says owns the table, and every table of the
  schema has one owner. A choice log's table is written where its
  ChoiceTable is declared (repo/choice_log.h builds its statements from it).
- No SQL in cli/.

Usage: check_layers.py ROOT. Prints one line per fault and exits 1 if any.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
src = os.path.join(root, "core", "src")
faults = []


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def layer_depends():
    """{layer: set of layers it may use, transitively}, from core/CMakeLists.txt."""
    cmake = read(os.path.join(root, "core", "CMakeLists.txt"))
    direct = {}
    for m in re.finditer(r"^jz_layer\((\w+)((?:[ \t]+DEPENDS(?:[ \t]+\w+)+)?)", cmake, re.M):
        direct[m.group(1)] = set(m.group(2).split()[1:])
    closed = {}

    def close(layer, seen=()):
        if layer in seen:
            faults.append(f"core/CMakeLists.txt: the layers depend on each other in a loop through {layer}")
            return set()
        if layer not in closed:
            out = set()
            for d in direct.get(layer, ()):
                out |= {d} | close(d, seen + (layer,))
            closed[layer] = out
        return closed[layer]

    for layer in direct:
        close(layer)
    return closed


def sources(folder):
    for dirpath, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith((".cpp", ".h")):
                yield os.path.join(dirpath, name)


def public_header_owners(layers):
    """{header stem: layer}: a public header belongs to the layer with a source file of its name
    (jiaozhu/notes.h to the folder notes/, jiaozhu/collation.h to align/collation_repository.cpp)."""
    owners = {}
    include_dir = os.path.join(root, "core", "include", "jiaozhu")
    stems = {layer: {os.path.splitext(os.path.basename(f))[0] for f in sources(os.path.join(src, layer))}
             for layer in layers}
    for header in os.listdir(include_dir):
        stem = os.path.splitext(header)[0]
        # A file of the header's own name wins over one that only starts with it
        # (jiaozhu/fold.h is text/fold.cpp's, not align/fold_suggester.cpp's).
        exact = [l for l in sorted(layers) if l == stem or stem in stems[l]]
        prefixed = [l for l in sorted(layers) if any(s.startswith(stem + "_") for s in stems[l])]
        if exact or prefixed:
            owners[stem] = (exact or prefixed)[0]
    return owners


def check_includes(depends):
    owners = public_header_owners(depends)
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for layer in depends:
        allowed = depends[layer] | {layer}
        for path in sources(os.path.join(src, layer)):
            for target in include.findall(read(path)):
                parts = target.split("/")
                if len(parts) != 2:
                    continue
                to = parts[0] if parts[0] in depends else owners.get(os.path.splitext(parts[1])[0]) if parts[0] == "jiaozhu" else None
                if to and to not in allowed:
                    faults.append(f"{os.path.relpath(path, root)}: includes {target}, of layer {to}, "
                                  f"above layer {layer} (docs/architecture.md)")


def table_owners():
    """{table: layer} from the table map of docs/architecture.md."""
    owners = {}
    for line in read(os.path.join(root, "docs", "architecture.md")).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and line.startswith("|") and cells[1] not in ("—", "owns (writes) these tables") and not set(cells[1]) <= set("-"):
            for table in cells[1].split(","):
                owners[table.strip()] = cells[0]
    return owners


def check_writers(owners):
    schema_tables = set()
    for name in os.listdir(os.path.join(root, "migrations")):
        schema_tables |= set(re.findall(r"CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)", read(os.path.join(root, "migrations", name))))
    for table in sorted(schema_tables - set(owners)):
        faults.append(f"docs/architecture.md: table {table} has no owning layer")
    write = re.compile(r"\b(?:INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM)\s+(\w+)")
    # A choice log's statements name its table through the ChoiceTable the
    # owning layer declares (repo/choice_log.h): the declaration is its write.
    choice_table = re.compile(r"\bChoiceTable\s+\w+\s*\{\s*\"(\w+)\"")
    for layer in sorted(os.listdir(src)):
        for path in sources(os.path.join(src, layer)):
            text = read(path)
            for table in write.findall(text) + choice_table.findall(text):
                if table in schema_tables and owners.get(table) != layer:
                    faults.append(f"{os.path.relpath(path, root)}: writes table {table}, which layer "
                                  f"{owners.get(table, 'none')} owns (docs/architecture.md)")


def check_cli():
    sql = re.compile(r'"[^"\n]*\b(SELECT\s+.+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+TABLE)\b', re.I)
    for path in sources(os.path.join(root, "cli")):
        if sql.search(read(path)):
            faults.append(f"{os.path.relpath(path, root)}: SQL in cli/ (it belongs in core/)")


depends = layer_depends()
missing = sorted(set(os.listdir(src)) - set(depends))
for folder in missing:
    faults.append(f"core/src/{folder}: a folder that is no layer (add its jz_layer() to core/CMakeLists.txt)")
check_includes(depends)
check_writers(table_owners())
check_cli()
for fault in faults:
    print(fault)
if faults:
    sys.exit(1)
print(f"ok: {len(depends)} layers, includes only downward, each table written by its owner, no SQL in cli/")
