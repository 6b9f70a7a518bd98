# -- src/engine/detectors/qwen-loop.ts (+ qwen-loop-state.ts, git-inspection.ts): Qwen Code's tool-call loop guards --
import re as _re_qwen

# _QWEN_GIT (git-inspection.ts): in the tables.
_QWEN_SPLIT = _re_qwen.compile(r"&&|\|\||[;&|\n]")
_QWEN_HARD_CAP_MULTIPLIER = 10
# _QWEN_MESSAGES (QWEN_LOOP_REASONS of message-templates.ts): in the tables.


def _qwen_revision(t):
    return (t == "HEAD" or t == "@" or _re_qwen.match(r"(?:HEAD|@)(?:[~^]\d*)+\Z", t, _re_qwen.A) is not None
            or _re_qwen.match(r"[0-9a-f]{7,40}\Z", t, _re_qwen.I) is not None
            or _re_qwen.match(r"[^\s]+\.{2,3}[^\s]+\Z", t, _re_qwen.A) is not None)


def _qwen_overview_diff(args):
    trimmed = args.strip()
    if not trimmed:
        return True
    tokens = _re_qwen.split(r"\s+", trimmed, flags=_re_qwen.A)
    if "--" in tokens and tokens.index("--") < len(tokens) - 1:
        return False
    return all(t.startswith("-") or _qwen_revision(t) for t in tokens)


def _qwen_shell_key(name, args):
    if name != "run_shell_command" or not isinstance(args, dict):
        return None
    command = args.get("command")
    if not isinstance(command, str):
        return None
    segments = [s.strip() for s in _QWEN_SPLIT.split(command)]
    segments = [s for s in segments if s]
    if not segments:
        return None
    for seg in segments:
        m = _QWEN_GIT.match(seg)
        if not m:
            return None
        if m.group(1).lower() == "diff" and not _qwen_overview_diff(seg[m.end():]):
            return None
    return "run_shell_command:git-inspection"


class _QwenState:
    def __init__(self):
        self.loop_detected = False
        self.last_key, self.repetitions = None, 0
        self.last_shell, self.shell_streak = None, 0
        self.total, self.cap_max = 0, 0
        self.cap_counts, self.global_counts = {}, {}
        self.recent_keys, self.recent_reads = [], []
        self.seen_non_read = False
        self.same_name, self.last_name = 0, None
        self.stateful_keys, self.in_flight, self.alt_history, self.stateful = set(), {}, {}, {}

    def check_tool_call_loop(self, key, is_stateful, threshold):
        if self.last_key == key:
            self.repetitions += 1
        else:
            for k in (self.last_key, key):
                r = self.stateful.get(k) if k is not None else None
                if r:
                    r["observed"], r["unchanged"] = 0, 0
            self.last_key, self.repetitions = key, 1
        if self.repetitions < threshold:
            return False
        if is_stateful:
            r = self.stateful.get(key)
            expected = self.repetitions - 1
            if r and r["observed"] >= expected and r["unchanged"] < expected - 1:
                self.repetitions = 1
                r["observed"], r["unchanged"] = 0, 0
                return False
        return True

    def check_alternating(self, key, cycles):
        n = 2 * cycles
        self.recent_keys.append(key)
        if len(self.recent_keys) > n:
            self.recent_keys.pop(0)
        if len(self.recent_keys) < n:
            return False
        a, b = self.recent_keys[0], self.recent_keys[1]
        if a == b:
            return False
        if any(self.recent_keys[i] != (a if i % 2 == 0 else b) for i in range(n)):
            return False
        for k in (a, b):
            if k not in self.stateful_keys:
                continue
            occ = self.recent_keys.count(k)
            expected = occ - min(self.in_flight.get(k, 0), occ)
            if expected <= 0:
                continue
            history = self.alt_history.get(k)
            if not history or len(history) < expected:
                continue
            recent = history[-expected:]
            if any(fp != recent[0] for fp in recent):
                self.recent_keys = []
                return False
        return True

    def record_stateful_result(self, name, key, fp, cycles):
        if self.in_flight.get(key, 0) > 0:
            self.in_flight[key] -= 1
        history = self.alt_history.setdefault(key, [])
        history.append(fp)
        if len(history) > cycles:
            history.pop(0)
        r = self.stateful.get(key)
        if r is None:
            r = self.stateful[key] = {"observed": 0, "unchanged": 0, "identical": 0, "last": None}
        first = r["last"] is None
        changed = not first and r["last"] != fp
        if self.last_key == key:
            r["observed"] += 1
            if first:
                r["last"] = fp
            elif r["last"] == fp:
                r["unchanged"] += 1
            else:
                r["unchanged"], r["last"] = 0, fp
        else:
            r["last"] = fp
        if changed and self.last_name == name:
            self.same_name = 1
        r["identical"] = 1 if changed else r["identical"] + 1
        return r["identical"]


class Detector_qwen_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.read_like, self.stateful = set(p["readLikeTools"]), set(p["statefulTools"])
        self.s, self.level = _QwenState(), 0

    def _read_like(self, name):
        return name in self.read_like or any(name.startswith(x) for x in self.p["readLikePrefixes"])

    def _always_on(self, c, key, is_stateful):
        p, s = self.p, self.s
        if is_stateful:
            s.stateful_keys.add(key)
        else:
            n = s.cap_counts[key] = s.cap_counts.get(key, 0) + 1
            s.cap_max = max(s.cap_max, n)
        if s.check_tool_call_loop(key, is_stateful, p["consecutiveThreshold"]):
            return "consecutive_identical_tool_calls"
        shell = _qwen_shell_key(c.name, c.args)
        if shell is None:
            s.last_shell, s.shell_streak = None, 0
        else:
            s.shell_streak = s.shell_streak + 1 if s.last_shell == shell else 1
            s.last_shell = shell
            if s.shell_streak >= p["shellInspectionThreshold"]:
                return "shell_command_stagnation"
        s.total += 1
        if s.total <= p["turnCap"]:
            return None
        stuck = s.cap_max >= p["globalDuplicateThreshold"]
        return "turn_tool_call_cap" if s.total > p["turnCap"] * _QWEN_HARD_CAP_MULTIPLIER or stuck else None

    def _heuristic(self, c, key, is_stateful):
        p, s = self.p, self.s
        s.recent_reads.append(self._read_like(c.name))
        if len(s.recent_reads) > p["fileReadWindow"]:
            s.recent_reads.pop(0)
        if not s.recent_reads[-1]:
            s.seen_non_read = True
        s.same_name = s.same_name + 1 if s.last_name == c.name else 1
        s.last_name = c.name
        if is_stateful:
            s.in_flight[key] = s.in_flight.get(key, 0) + 1
        found = []
        if not is_stateful:
            n = s.global_counts[key] = s.global_counts.get(key, 0) + 1
            if n >= p["globalDuplicateThreshold"]:
                found.append("global_tool_call_duplicate")
        if s.check_alternating(key, p["alternatingCycles"]):
            found.append("alternating_tool_call_pattern")
        if s.seen_non_read and len(s.recent_reads) >= p["fileReadThreshold"] and sum(1 for r in s.recent_reads if r) >= p["fileReadThreshold"]:
            found.append("read_file_loop")
        if s.same_name >= p["sameNameThreshold"]:
            found.append("action_stagnation")
        return found[-1] if found else None

    def on_turn(self, turn, emit):
        if user_message_before(self.env["turns"], turn["index"]):
            self.s = _QwenState()

    def on_call(self, c, emit):
        p, s = self.p, self.s
        if s.loop_detected:
            return
        key, is_stateful = c.exact, c.name in self.stateful
        kind = self._always_on(c, key, is_stateful)
        if kind is None and p["heuristics"]:
            kind = self._heuristic(c, key, is_stateful)
        if kind is None and is_stateful and c.result is not None:
            repeats = s.record_stateful_result(c.name, key, c.result_fp, p["alternatingCycles"])
            if p["heuristics"] and repeats >= p["globalDuplicateThreshold"]:
                kind = "global_tool_call_duplicate"
        if kind is None:
            return
        s.loop_detected = True
        self.level += 1
        acts = p["actions"]
        emit(acts[min(self.level - 1, len(acts) - 1)], self.level,
             format_message("qwen-loop", type=kind, reason=_QWEN_MESSAGES[kind]))
