"""The table of scripts/bench-throughput.sh: candidates per core-hour of two akgen versions on the
same suite, and whether their records agree in verdict and simulated time, case by case.

    throughput_table.py --jobs J --baseline-rev REV --wall NAME=SECONDS... --results DIR

DIR holds one results folder per NAME (baseline-cold, baseline-warm, now-cold, now-warm). Exits 1
when a case is missing from a run, when its verdict differs between any two runs, or when its
simulated time differs between the two runs of this version.
"""
import argparse
import json
import os
import statistics
import sys


def read_records(folder):
    records = {}
    with open(os.path.join(folder, "results.jsonl"), encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            records[(record["task"], record["sample"], record["case"])] = record
    return records


def outcome(record):
    """What must not change: the verdict and the simulated time."""
    return record["verdict"], record.get("details", {}).get("simulated_us")


def cold_build_seconds(records):
    return [r["details"]["build_seconds"] for r in records.values()
            if "build_seconds" in r.get("details", {}) and not r["details"].get("build_cache_hit")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, required=True)
    parser.add_argument("--baseline-rev", required=True)
    parser.add_argument("--wall", nargs="+", required=True)
    parser.add_argument("--results", required=True)
    args = parser.parse_args()
    wall = {name: float(seconds) for name, seconds in (item.split("=", 1) for item in args.wall)}
    runs = {name: read_records(os.path.join(args.results, name)) for name in wall}

    reference = runs["now-warm"]
    units = len({(task, sample) for task, sample, _ in reference})
    # Strict: every run has the same cases and verdicts, and the two runs of this version the same
    # simulated times. Against the baseline the times are compared and reported: up to 4eeeb1e the
    # data cache's slots followed ASLR, so the baseline's times vary a little from run to run.
    differences = []
    for name, records in runs.items():
        for key in sorted(set(records) | set(reference)):
            if key not in records or key not in reference:
                differences.append(f"{name}: {key} is in only one of the runs")
            elif records[key]["verdict"] != reference[key]["verdict"]:
                differences.append(f"{name}: {key} {records[key]['verdict']} but now-warm {reference[key]['verdict']}")
            elif name.startswith("now") and outcome(records[key]) != outcome(reference[key]):
                differences.append(f"{name}: {key} {outcome(records[key])} but now-warm {outcome(reference[key])}")
    time_changes = []
    for key, record in runs["baseline-warm"].items():
        before, after = outcome(record)[1], outcome(reference.get(key, record))[1]
        if before is not None and after is not None and before != after:
            time_changes.append(abs(after - before) / before)
    baseline_jitter = sum(1 for key, record in runs["baseline-warm"].items()
                          if key in runs["baseline-cold"] and outcome(record) != outcome(runs["baseline-cold"][key]))

    def per_core_hour(name):
        return units / (wall[name] * args.jobs / 3600)

    def median_build(name):
        seconds = cold_build_seconds(runs[name])
        return f"{statistics.median(seconds):.2f} s of {len(seconds)}" if seconds else "none"

    print(f"Throughput on {units} candidates ({len(reference)} cases, dynamic mode), {args.jobs} jobs on this "
          f"machine, baseline {args.baseline_rev} against now, measured in this run:")
    rows = [("", f"baseline {args.baseline_rev}", "now", "now/baseline")]
    for kind, label in (("warm", "new candidates (task goldens cached)"), ("cold", "first evaluation (all cold)")):
        before, after = f"baseline-{kind}", f"now-{kind}"
        rows.append((f"{label}: wall", f"{wall[before]:.1f} s", f"{wall[after]:.1f} s",
                     f"{wall[before] / wall[after]:.2f}x faster"))
        rows.append((f"{label}: candidates/core-hour", f"{per_core_hour(before):.0f}", f"{per_core_hour(after):.0f}",
                     f"{per_core_hour(after) / per_core_hour(before):.2f}x"))
        rows.append((f"{label}: median cold build", median_build(before), median_build(after), ""))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    if differences:
        print(f"{len(differences)} records differ in verdict, or in time between this version's two runs:")
        for line in differences[:20]:
            print("  " + line)
        return 1
    print(f"Verdicts: identical in all four runs ({len(reference)} cases each); simulated times: identical in "
          f"this version's two runs.")
    if time_changes:
        print(f"Simulated times against the baseline: {len(reference) - len(time_changes)} of {len(reference)} "
              f"identical, {len(time_changes)} within {100 * max(time_changes):.2f}% (the baseline's own two runs "
              f"differ on {baseline_jitter}: its data cache followed ASLR).")
    else:
        print("Simulated times against the baseline: identical on every case.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
