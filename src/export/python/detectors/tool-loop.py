# -- src/engine/detectors/tool-loop.ts (+ tool-loop-history.ts): OpenClaw's tool-loop detection --
import re as _re_tl

_TL_UNKNOWN = [
    _re_tl.compile(r"unknown tool[:\s]+[\"']?([a-z0-9_.-]+)[\"']?", _re_tl.I | _re_tl.A),
    _re_tl.compile(r"tool\s+[\"']?([a-z0-9_.-]+)[\"']?\s+(?:not found|is not available)", _re_tl.I | _re_tl.A),
]


def _tl_unknown_tool_name(error):
    raw = error.strip()
    if not raw:
        return None
    for r in _TL_UNKNOWN:
        m = r.search(raw)
        if m:
            return m.group(1).strip().lower() or None
    return None


def _tl_streak(history, keep, key, skip):
    """Newest first: how many kept records share the newest one's `key`, and that value. A record
    not kept ends the streak, or with `skip` is passed over."""
    count, latest = 0, None
    for r in reversed(history):
        if not keep(r):
            if skip:
                continue
            break
        if not latest:
            latest, count = r[key], 1
            continue
        if r[key] != latest:
            break
        count += 1
    return count, latest


def _tl_unknown_streak(history, tool):
    return _tl_streak(history, lambda r: r["toolName"] == tool and r.get("unknownToolName"), "unknownToolName", False)


def _tl_no_progress_streak(history, args_hash):
    return _tl_streak(history, lambda r: r["argsHash"] == args_hash and r.get("resultHash"), "resultHash", True)


def _tl_ping_pong(history, current):
    if not history:
        return 0, None, False
    last = history[-1]
    other = None
    for i in range(len(history) - 2, -1, -1):
        if history[i]["argsHash"] != last["argsHash"]:
            other = history[i]["argsHash"]
            break
    if not other:
        return 0, None, False
    tail = 0
    for i in range(len(history) - 1, -1, -1):
        if history[i]["argsHash"] != (last["argsHash"] if tail % 2 == 0 else other):
            break
        tail += 1
    if tail < 2 or current != other:
        return 0, None, False
    hash_a = hash_b = None
    evidence = True
    for i in range(len(history) - tail, len(history)):
        r = history[i]
        if not r.get("resultHash"):
            evidence = False
            break
        is_a = r["argsHash"] == last["argsHash"]
        seen = hash_a if is_a else hash_b
        if not seen:
            if is_a:
                hash_a = r["resultHash"]
            else:
                hash_b = r["resultHash"]
        elif seen != r["resultHash"]:
            evidence = False
            break
    if not hash_a or not hash_b:
        evidence = False
    return tail + 1, last["argsHash"], evidence


def _tl_is_known_poll(tool, args):
    if tool == "command_status":
        return True
    if tool != "process" or not isinstance(args, dict):
        return False
    return args.get("action") in ("poll", "log")


def _tl_plan_shape(args):
    if not isinstance(args, dict):
        return args
    plan = []
    for e in args.get("plan") if isinstance(args.get("plan"), list) else []:
        if not isinstance(e, dict):
            plan.append((None, False))
        else:
            st = e.get("status")
            step = e.get("step")
            plan.append((st if isinstance(st, str) else None, isinstance(step, str) and len(step.strip()) > 0))
    ex = args.get("explanation")
    return {"planLength": len(plan), "statuses": [s for s, _ in plan], "stepPresence": [h for _, h in plan],
            "hasExplanation": isinstance(ex, str) and len(ex.strip()) > 0}


def _tl_args_hash(c):
    return c.name + ":" + canonical_json(_tl_plan_shape(c.args)) if c.name == "update_plan" else c.exact


def _tl_record(c):
    r = {"toolName": c.name, "argsHash": _tl_args_hash(c)}
    if c.result is None:
        return r
    r["resultHash"] = "update_plan" if c.name == "update_plan" else c.result_fp
    if c.result["isError"]:
        r["unknownToolName"] = _tl_unknown_tool_name(c.result["content"])
    return r


def _tl_find(p, history, c, h):
    name = c.name
    u_count, u_name = _tl_unknown_streak(history, name)
    np_count, np_latest = _tl_no_progress_streak(history, h)
    poll = _tl_is_known_poll(name, c.args)
    pp_count, pp_paired, pp_evidence = _tl_ping_pong(history, h)
    if u_count >= p["unknownToolThreshold"]:
        return (True, u_count, format_message("tool-loop.unknown-tool", tool=u_name or name, count=u_count), "unknown-tool:%s:%s" % (name, u_name or "unknown"))
    if np_count >= p["globalCircuitBreakerThreshold"]:
        return (True, np_count, format_message("tool-loop.global-circuit-breaker", tool=name, count=np_count), "global:" + h)
    if poll and p["knownPollNoProgress"] and np_count >= p["warningThreshold"]:
        critical = np_count >= p["criticalThreshold"]
        msg = format_message("tool-loop.poll-critical" if critical else "tool-loop.poll-warning", tool=name, count=np_count)
        return (critical, np_count, msg, "poll:%s:%s" % (h, np_latest or "none"))
    pp_key = "pingpong:" + ("|".join(sorted([h, pp_paired], key=_units)) if pp_paired else h)
    if p["pingPong"] and pp_count >= p["criticalThreshold"] and pp_evidence:
        return (True, pp_count, format_message("tool-loop.ping-pong-critical", count=pp_count), pp_key)
    if p["pingPong"] and pp_count >= p["warningThreshold"]:
        return (False, pp_count, format_message("tool-loop.ping-pong-warning", count=pp_count),
                pp_key)
    if poll or not p["genericRepeat"]:
        return None
    if np_count >= p["criticalThreshold"]:
        return (True, np_count, format_message("tool-loop.generic-critical", tool=name, count=np_count),
                "generic:%s:%s" % (h, np_latest or "none"))
    recent = sum(1 for r in history if r["argsHash"] == h)
    if recent >= p["warningThreshold"]:
        return (False, recent, format_message("tool-loop.generic-warning", tool=name, count=recent), "generic:" + h)
    return None


class Detector_tool_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.history, self.buckets, self.level = [], {}, 0

    def on_call(self, call, emit):
        p = self.p
        h = _tl_args_hash(call)
        f = _tl_find(p, self.history, call, h)
        if f is not None and f[0]:
            self.level += 1
            emit("block", self.level, f[2])
            return  # a blocked call is not recorded
        if f is not None:
            _, count, message, key = f
            bucket = count // p["warningBucket"]
            if bucket > self.buckets.get(key, 0):
                self.buckets[key] = bucket
                if len(self.buckets) > 256:
                    del self.buckets[next(iter(self.buckets))]
                self.level += 1
                emit("warn", self.level, message)
        self.history.append(_tl_record(call))
        if len(self.history) > p["historySize"]:
            del self.history[: len(self.history) - p["historySize"]]
