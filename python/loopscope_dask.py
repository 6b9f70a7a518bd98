#!/usr/bin/python3
"""Evaluate a fleet of agent runs on Dask: `loopscope eval --json` per partition, summed by `loopscope merge`.

Each path given (a transcript file, or a folder: an OpenHands session folder, a `sessions/` tree, a
corpus folder; local, or an fsspec URL copied to the worker first) is one indivisible unit, passed
whole to one `loopscope eval`, which walks a folder exactly as it does on one machine. Units are
grouped into partitions; each runs `loopscope eval --json` on a worker, and their total lines are summed by
`loopscope merge --json` (counts add up, ratios are derived again), so the result is byte for byte
the total line one `loopscope eval --json` over every path prints.

A partition that fails (eval exits non-zero on a broken file, or the worker dies) is run again one
path at a time, so only the paths that fail on their own are left out; they are named on stderr and
the total is that of the rest. Standard library and Dask (`distributed`, and its fsspec) only. See docs/scale.md.

Command line:  /usr/bin/python3 python/loopscope_dask.py --preset NAME --workers N PATH...
               (or --scheduler tcp://host:8786 to use a cluster you already run)
"""

import argparse
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
# `eval` prints this for each label file with no run among the files it read; in a partition that
# only means the labelled runs went to other partitions, so it is said only when no partition used it.
UNUSED_LABELS = "no run it labels was among the files read"


class LoopscopeDaskError(Exception):
    """Bad input or set-up, said in one line (the command line exits 2 with it)."""


@dataclass
class Failure:
    """Paths left out of the total, and why (eval's own message, or the worker's error)."""

    paths: list
    reason: str


@dataclass
class Totals:
    """What evaluate() gives: the total line as `loopscope eval --json` prints it, and what failed."""

    line: str
    failures: list = field(default_factory=list)
    partitions: int = 0

    @property
    def total(self):
        return json.loads(self.line)


def default_cli():
    """The package's bin next to this module (a checkout or the unpacked tarball), else `loopscope` on PATH."""
    bundled = os.path.normpath(os.path.join(HERE, "..", "dist", "cli.mjs"))
    if os.path.isfile(bundled):
        return ["node", bundled]
    found = shutil.which("loopscope")
    if found:
        return [found]
    raise LoopscopeDaskError(
        "no loopscope CLI: build it (npm ci, or node scripts/build-package.mjs) or install the "
        "package so `loopscope` is on PATH, or pass cli= / --cli"
    )


def printable(text):
    """A path as one harmless line: control characters (a terminal's escapes, line breaks) shown as \\xNN."""
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)


def is_url(path):
    return "://" in path


def expand_url(url):
    """An fsspec URL (s3://, gs://, file://…), its glob pattern expanded on the client."""
    import fsspec  # Dask's own dependency; imported only when a URL is given

    fs, path = fsspec.core.url_to_fs(url)
    found = sorted(fs.glob(path)) if glob.has_magic(path) else [path] if fs.exists(path) else []
    return [fs.unstrip_protocol(f) for f in found]


def expand_paths(paths):
    """Glob patterns expanded (sorted); a path or pattern that matches nothing is refused by name."""
    out = []
    for p in paths:
        if is_url(p):
            matches = expand_url(p)
            if not matches:
                raise LoopscopeDaskError(f"{printable(p)}: no file or folder matches")
            out.extend(matches)
        elif glob.has_magic(p):
            matches = sorted(glob.glob(p))
            if not matches:
                raise LoopscopeDaskError(f"{printable(p)}: no file or folder matches")
            out.extend(matches)
        elif os.path.exists(p):
            out.append(p)
        else:
            raise LoopscopeDaskError(f"{printable(p)}: no such file or folder")
    return out


def partition(paths, count):
    """`count` partitions of consecutive paths, as even as they come; never an empty one."""
    count = max(1, min(count, len(paths)))
    size, extra = divmod(len(paths), count)
    out, start = [], 0
    for k in range(count):
        end = start + size + (1 if k < extra else 0)
        out.append(paths[start:end])
        start = end
    return out


def eval_args(preset=None, config=None, labels=(), fmt=None):
    if preset is not None and config is not None:
        raise LoopscopeDaskError("give preset or config, not both")
    args = []
    if preset is not None:
        args += ["--preset", preset]
    if config is not None:
        args += ["--config", config]
    for label_file in labels:
        args += ["--labels", label_file]
    if fmt is not None:
        args += ["--format", fmt]
    return args


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def fetch(paths, into):
    """Local copies of the URL paths (eval reads local files), folders whole; {copy: URL} to name them back."""
    import fsspec

    local, names = [], {}
    for i, p in enumerate(paths):
        if not is_url(p):
            local.append(p)
            continue
        fs, path = fsspec.core.url_to_fs(p)
        copy = os.path.join(into, str(i), os.path.basename(path.rstrip("/")) or "root")
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        fs.get(path, copy, recursive=fs.isdir(path))
        local.append(copy)
        names[copy] = p
    return local, names


def run_eval(cli, args, paths, cwd):
    """On a worker: one `loopscope eval --json` over the partition's paths. Never raises: a failure is data."""
    with tempfile.TemporaryDirectory(prefix="loopscope-dask-") as tmp:
        try:
            local, names = fetch(paths, tmp) if any(map(is_url, paths)) else (paths, {})
        except Exception as e:  # noqa: BLE001 -- each filesystem raises its own errors
            return {"ok": False, "line": "", "stderr": f"cannot copy to the worker: {type(e).__name__}: {e}"}
        try:
            done = subprocess.run(
                [*cli, "eval", "--json", *args, "--", *local], cwd=cwd, capture_output=True, text=True
            )
        except OSError as e:
            return {"ok": False, "line": "", "stderr": f"cannot start {shlex.join(cli)}: {e}"}
    stderr = done.stderr
    for copy, url in names.items():
        stderr = stderr.replace(copy, url)  # messages name the URL the user gave, not the worker's copy
    done.stderr = stderr
    line = last_line(done.stdout)
    ok = done.returncode == 0 and line.startswith("{")
    return {"ok": ok, "line": line, "stderr": done.stderr, "status": done.returncode}


def run_merge(cli, lines, cwd):
    """On a worker: `loopscope merge --json` over one shard file per partition total line."""
    with tempfile.TemporaryDirectory(prefix="loopscope-dask-") as tmp:
        shards = []
        for i, line in enumerate(lines):
            shard = os.path.join(tmp, f"partition-{i:05d}.out")
            with open(shard, "w", encoding="utf-8") as f:
                f.write(line + "\n")
            shards.append(shard)
        done = subprocess.run([*cli, "merge", "--json", *shards], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        return {"ok": False, "line": "", "stderr": done.stderr}
    return {"ok": True, "line": last_line(done.stdout), "stderr": done.stderr}


def reason_of(result):
    """eval's one-line message (its last stderr line), or why nothing came out."""
    said = last_line(result.get("stderr", ""))
    if said:
        return printable(said.removeprefix("loopscope: "))
    return f"exit status {result.get('status')} and no total line"


def outcome_of(future):
    """A partition's result, a worker's failure (a dead worker, a lost task) turned into the same shape."""
    try:
        return future.result()
    except Exception as e:  # noqa: BLE001 -- any worker error is this partition's failure, not the run's
        return {"ok": False, "line": "", "stderr": f"worker error: {type(e).__name__}: {e}"}


def pass_on_stderr(texts, err):
    """Partitions' notes (skipped files, warnings) once each, in order; an unused label file only if no partition used it."""
    unused = None
    seen = set()
    for text in texts:
        lines = text.splitlines()
        mine = {line for line in lines if UNUSED_LABELS in line}
        unused = mine if unused is None else unused & mine
        for line in lines:
            if UNUSED_LABELS not in line and line not in seen:
                seen.add(line)
                err.write(line + "\n")
    for line in sorted(unused or ()):
        err.write(line + "\n")


def ship_module_by_value():
    """Workers of a cluster you already run need not have this file: its functions travel with the tasks."""
    if __name__ == "__main__":
        return  # pickled by value already
    try:
        import cloudpickle

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    except (ImportError, AttributeError, ValueError):
        pass  # an older cloudpickle: the workers import this module themselves


def evaluate(
    paths,
    preset=None,
    config=None,
    client=None,
    labels=(),
    fmt=None,
    partitions=None,
    cli=None,
    cwd=None,
    err=sys.stderr,
):
    """Evaluate `paths` (files, folders, glob patterns) on a Dask `client`; the summed total as `loopscope eval --json` prints it.

    `partitions` defaults to 4 per worker; `cli` is the command that starts loopscope on the
    workers (a list, e.g. ["npx", "--prefix", "/opt/loopscope", "loopscope"]); `cwd` the folder
    the workers run it in (default: this process's), which relative paths and the label files'
    sources are read from. Failed paths are in `Totals.failures` and named on `err`.
    """
    if client is None:
        raise LoopscopeDaskError("evaluate needs a Dask client (distributed.Client)")
    args = eval_args(preset, config, labels, fmt)
    units = expand_paths(list(paths))
    if not units:
        raise LoopscopeDaskError("no path given")
    cli = list(cli) if cli is not None else default_cli()
    cwd = cwd if cwd is not None else os.getcwd()
    if partitions is None:
        partitions = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    ship_module_by_value()

    parts = partition(units, partitions)
    futures = [client.submit(run_eval, cli, args, part, cwd, pure=False) for part in parts]
    results = [outcome_of(f) for f in futures]
    good = [r for r in results if r["ok"]]
    failed = [(part, r) for part, r in zip(parts, results) if not r["ok"]]
    # A partition fails as a whole; run its paths one by one so one broken file costs only itself.
    retry = [[p] for part, _ in failed if len(part) > 1 for p in part]
    failures = [Failure(part, reason_of(r)) for part, r in failed if len(part) == 1]
    if retry:
        futures = [client.submit(run_eval, cli, args, part, cwd, pure=False) for part in retry]
        for part, r in zip(retry, [outcome_of(f) for f in futures]):
            if r["ok"]:
                good.append(r)
            else:
                failures.append(Failure(part, reason_of(r)))

    pass_on_stderr([r["stderr"] for r in good], err)
    for f in failures:
        # The paths may come from a glob over names anyone chose: shown as printable text, like the reason.
        err.write(f"error: {f.reason} (left out of the total: {' '.join(map(printable, f.paths))})\n")
    if not good:
        raise LoopscopeDaskError(f"every partition failed ({len(failures)} paths); no total")
    merged = outcome_of(client.submit(run_merge, cli, [r["line"] for r in good], cwd, pure=False))
    if not merged["ok"]:
        raise LoopscopeDaskError(f"loopscope merge failed: {reason_of(merged)}")
    return Totals(line=merged["line"], failures=failures, partitions=len(parts))


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="loopscope_dask.py",
        description="loopscope eval over many runs on Dask; the last line of stdout is the total "
        "`loopscope eval --json` prints for the same paths.",
    )
    ap.add_argument("paths", nargs="+", metavar="PATH", help="transcript files, folders or glob patterns")
    ap.add_argument("--preset")
    ap.add_argument("--config", help="a config file (the workers must see it at the same path)")
    ap.add_argument("--labels", action="append", default=[], metavar="FILE.tsv")
    ap.add_argument("--format", dest="fmt")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=2, help="worker processes of a local cluster (default 2)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running cluster, e.g. tcp://scheduler:8786")
    ap.add_argument("--partitions", type=int, help="how many partitions (default 4 per worker)")
    ap.add_argument("--cli", help='how workers start loopscope, e.g. "npx --prefix /opt/loopscope loopscope"')
    return ap.parse_args(argv)


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if opts.workers is not None and opts.workers < 1:
        print("loopscope_dask: --workers must be at least 1", file=sys.stderr)
        return 2
    if opts.partitions is not None and opts.partitions < 1:
        print("loopscope_dask: --partitions must be at least 1", file=sys.stderr)
        return 2
    from distributed import Client, LocalCluster

    try:
        expand_paths(opts.paths)  # a wrong path is said before a cluster starts
        if opts.scheduler:
            client = Client(opts.scheduler)
            cluster = None
        else:
            cluster = LocalCluster(
                n_workers=opts.workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
            client = Client(cluster)
        try:
            totals = evaluate(
                opts.paths,
                preset=opts.preset,
                config=opts.config,
                client=client,
                labels=opts.labels,
                fmt=opts.fmt,
                partitions=opts.partitions,
                cli=shlex.split(opts.cli) if opts.cli else None,
            )
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    except LoopscopeDaskError as e:
        print(f"loopscope_dask: {e}", file=sys.stderr)
        return 2
    print(totals.line, flush=True)
    return 2 if totals.failures else 0


if __name__ == "__main__":
    sys.exit(main())
