"""Writes programs that differ from the suite's DSL solutions in what they compute or how they tile,
but that may still pass `akgen craft check`: primitives swapped for others of the same form, tile
lengths, block units and buffer depths changed. check <=> compile <=> run means each mutant the
checker accepts must compile and run on its task without a simulator diagnostic; its values may
differ from the golden (a swapped primitive computes something else).

semantic_mutants.py SUITE OUT COUNT SEED: writes OUT/<task key>/mutant<i>.craft, cycling over the
solutions, COUNT mutants in all, each with one to three edits; prints one line per mutant saying
what changed.
"""
import pathlib
import random
import re
import sys

SWAPS = [
    ["exp", "ln", "abs", "sqrt", "rsqrt", "reciprocal", "relu", "neg", "sigmoid", "tanh", "gelu", "erf"],
    ["add", "sub", "mul", "div", "max", "min"],
    ["adds", "muls", "maxs", "mins", "leaky_relu"],
    ["sum_rows", "max_rows", "min_rows"],
    ["cmp_lt", "cmp_le", "cmp_gt", "cmp_ge", "cmp_eq", "cmp_ne"],
    ["sum_all", "max_all"],
    ["cumsum_rows", "cumprod_rows"],
    ["argmax_rows", "argmin_rows"],
]
TILES = [16, 32, 48, 96, 100, 128, 255, 256, 1000, 1024, 2048, 3000, 8192]
UNITS = [1, 8, 32, 100, 128, 256, 512]


def compute_spans(text):
    """Character ranges of the statements inside `compute:` blocks (min/max elsewhere are scalar)."""
    spans, lines, offset, depth = [], text.splitlines(keepends=True), 0, None
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        if depth is not None and line.strip() and indent <= depth:
            depth = None
        if depth is not None:
            spans.append((offset, offset + len(line)))
        if line.strip() == "compute:":
            depth = indent
        offset += len(line)
    return spans


def swap_primitive(text, rng):
    spans = compute_spans(text)
    sites = [(m, group) for group in SWAPS for m in re.finditer(r"= (%s)\(" % "|".join(group), text)
             if any(start <= m.start() < end for start, end in spans)]
    if not sites:
        return None
    match, group = rng.choice(sites)
    new = rng.choice([name for name in group if name != match.group(1)])
    return text[:match.start(1)] + new + text[match.end(1):], "%s -> %s" % (match.group(1), new)


def change_literal(text, rng, pattern, values, what):
    sites = list(re.finditer(pattern, text, re.M))
    if not sites:
        return None
    match = rng.choice(sites)
    new = str(rng.choice([v for v in values if str(v) != match.group(2)]))
    return text[:match.start(2)] + new + text[match.end(2):], "%s %s -> %s" % (what, match.group(2), new)


def mutate(text, rng):
    operators = [
        swap_primitive,
        lambda t, r: change_literal(t, r, r"^(  \w*(?:tile|rows|chunk)\w* = )(\d+)\b", TILES, "tile"),
        lambda t, r: change_literal(t, r, r"(block_span\([^,]+, )(\d+)\)", UNITS, "unit"),
        lambda t, r: change_literal(t, r, r"^(  unit = )(\d+)\b", UNITS, "unit"),
        lambda t, r: change_literal(t, r, r"(buffers=)(\d)\b", [1, 2, 3, 4], "buffers"),
    ]
    edits = []
    for _ in range(rng.randint(1, 3)):
        for operator in rng.sample(operators, len(operators)):
            result = operator(text, rng)
            if result:
                text, edit = result
                edits.append(edit)
                break
    return text, edits


def main():
    suite, out, count, seed = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    programs = sorted(suite.glob("level*/*/*/answer/dsl/*.craft"))
    for i in range(count):
        program = programs[i % len(programs)]
        key = program.relative_to(suite).parts[:3]
        text, edits = mutate(program.read_text(), rng)
        target = out.joinpath(*key) / ("mutant%d.craft" % i)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        print("%s: %s" % (target.relative_to(out), "; ".join(edits) or "unchanged"))


main()
