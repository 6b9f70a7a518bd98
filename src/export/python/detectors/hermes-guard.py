# -- src/engine/detectors/hermes-guard.ts (+ hermes-state.ts, hermes-rules.ts): Hermes Agent's tool-loop guardrails --
_HERMES_FAILURE_TOLERANT = {"terminal", "execute_code", "process_manage", "process", "browser_navigate", "web_extract"}
_HERMES_PROGRESS_RESET = {
    "write_file", "patch", "terminal", "execute_code", "browser_click", "browser_type", "browser_press",
    "browser_navigate", "process_manage", "process", "delegate_task", "send_message", "cronjob",
    "cronjob_manage", "todo", "todo_list", "memory", "skill_manage",
}


def _hermes_reject_constant(name):
    raise ValueError(name)


def _hermes_parse(text):
    """JSON.parse: (True, value) or (False, None)."""
    try:
        return True, json.loads(text, parse_constant=_hermes_reject_constant)
    except (ValueError, RecursionError):
        return False, None


def _hermes_repeatable(name):
    return name == "process_manage" or name.endswith("_get_result") or name.endswith("_poll")


def _hermes_failed(name, result):
    if name == "terminal":
        ok, v = _hermes_parse(result)
        code = v.get("exit_code") if ok and isinstance(v, dict) else None
        return code is not None and code is not False and not (isinstance(code, (int, float)) and code == 0 and not isinstance(code, bool))
    if name == "memory":
        ok, v = _hermes_parse(result)
        if ok and isinstance(v, dict) and v.get("success") is False and isinstance(v.get("error"), str) and "exceed the limit" in v["error"]:
            return True
    lower = _js_slice(result, 500).lower()
    return '"error"' in lower or '"failed"' in lower or result.startswith("Error")


def _js_slice(s, n):
    units = s.encode("utf-16-le", "surrogatepass")[:2 * n]
    return units.decode("utf-16-le", "surrogatepass")


def _hermes_result_key(result, name):
    ok, v = _hermes_parse(result)
    if not ok or v is None:
        return "T:" + result
    if name == "execute_code" and isinstance(v, dict):
        v = {k: x for k, x in v.items() if k != "duration_seconds"}
        if isinstance(v.get("kernel"), dict):
            v["kernel"] = {k: x for k, x in v["kernel"].items() if k != "execution_count"}
    return "J:" + canonical_json(v)


def _hermes_cycle(history, max_period, min_laps):
    n = len(history)
    for period in range(2, max_period + 1):
        if n < period * min_laps:
            continue
        laps = 1
        while True:
            base = n - period * (laps + 1)
            if base < 0:
                break
            if not all(history[base + i][:2] == history[n - period + i][:2] for i in range(period)):
                break
            laps += 1
        if laps < min_laps:
            continue
        if all(h[2] for h in history[n - period:]):
            continue
        return period, laps
    return None


def _hermes_ordinal(n):
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return "%d%s" % (n, suffix)


def _hermes_spawn_count(args):
    a = args if isinstance(args, dict) else {}
    action = a.get("action")
    if isinstance(action, str) and action.strip().lower() in ("list", "steer", "stop"):
        return 0
    tasks = a.get("tasks")
    return len(tasks) if isinstance(tasks, list) and tasks else 1


class _HermesState:
    def __init__(self, p):
        self.p, self.halted = p, False
        self.exact, self.tool, self.progress, self.no_progress = {}, {}, {}, {}
        self.streak_sig, self.streak_result, self.streak_count = None, "", 0
        self.history, self.web_searches, self.subagents = [], 0, 0
        self.idempotent, self.mutating = set(p["idempotentTools"]), set(p["mutatingTools"])

    def _idem(self, name):
        return name not in self.mutating and name in self.idempotent

    def decide(self, c):
        block = self._before(c)
        if block:
            self.halted = True
            return "block", block
        if c.result is None:
            return None
        content = c.result["content"]
        failed = c.result["isError"] is True or _hermes_failed(c.name, content)
        after = self._after(c, content, failed)
        notice = self._observe(c, content)
        if c.name == "delegate_task":
            self.subagents += _hermes_spawn_count(c.args)
        for d in (after, notice):
            if d and d[0] == "terminate":
                self.halted = True
                return d
        msgs = [d[1] for d in (after, notice) if d]
        return ("warn", "\n".join(msgs)) if msgs else None

    def _before(self, c):
        p = self.p
        if c.name == "web_search":
            if p["maxWebSearches"] and self.web_searches >= p["maxWebSearches"]:
                return format_message("hermes.web-search-cap", max=p["maxWebSearches"])
            self.web_searches += 1
        if c.name == "delegate_task" and _hermes_spawn_count(c.args) > 0 and p["maxSubagents"] and self.subagents >= p["maxSubagents"]:
            return format_message("hermes.subagent-cap", count=self.subagents, max=p["maxSubagents"])
        if not p["hardStop"]:
            return None
        sig = c.exact
        exact = 0 if self.progress.get(sig) else self.exact.get(sig, 0)
        if exact >= p["exactFailureBlockAfter"]:
            return format_message("hermes.exact-failure-block", tool=c.name, count=exact)
        record = self.no_progress.get(sig) if self._idem(c.name) else None
        if record and record[1] >= p["noProgressBlockAfter"]:
            return format_message("hermes.no-progress-block", tool=c.name, count=record[1])
        return None

    def _after(self, c, content, failed):
        p, sig = self.p, c.exact
        if failed:
            if self.progress.pop(sig, False):
                self.exact.pop(sig, None)
            exact = self.exact[sig] = self.exact.get(sig, 0) + 1
            same = self.tool[c.name] = self.tool.get(c.name, 0) + 1
            self.no_progress.pop(sig, None)
            if p["hardStop"] and c.name not in _HERMES_FAILURE_TOLERANT and same >= p["sameToolFailureHaltAfter"]:
                return "terminate", format_message("hermes.same-tool-halt", tool=c.name, count=same)
            if p["warnings"] and exact >= p["exactFailureWarnAfter"]:
                return "warn", format_message("hermes.exact-failure-warn", tool=c.name, count=exact)
            if p["warnings"] and same >= p["sameToolFailureWarnAfter"]:
                return "warn", format_message("hermes.same-tool-warn", tool=c.name, count=same)
            return None
        self.exact.pop(sig, None)
        self.tool.pop(c.name, None)
        if c.name in _HERMES_PROGRESS_RESET:
            for k in self.exact:
                self.progress[k] = True
            self.tool.clear()
        if not self._idem(c.name):
            self.no_progress.pop(sig, None)
            return None
        result = _hermes_result_key(content, c.name)
        prev = self.no_progress.get(sig)
        count = prev[1] + 1 if prev is not None and prev[0] == result else 1
        self.no_progress[sig] = (result, count)
        if p["warnings"] and count >= p["noProgressWarnAfter"]:
            return "warn", format_message("hermes.no-progress-warn", tool=c.name, count=count)
        return None

    def _observe(self, c, content):
        p, sig = self.p, c.exact
        result = _hermes_result_key(content, c.name)
        if sig == self.streak_sig and result == self.streak_result:
            self.streak_count += 1
        else:
            self.streak_sig, self.streak_result, self.streak_count = sig, result, 1
        count, repeatable = self.streak_count, _hermes_repeatable(c.name)
        self.history.append((sig, result, repeatable))
        if len(self.history) > p["cycleHistory"]:
            self.history.pop(0)
        if not repeatable and count >= p["identicalCallThreshold"]:
            if p["hardStop"] and count >= p["noProgressBlockAfter"]:
                return "terminate", format_message("hermes.identical-halt", tool=c.name, count=count)
            return "warn", format_message("hermes.identical-note", ordinal=_hermes_ordinal(count), tool=c.name)
        cycle = _hermes_cycle(self.history, p["maxCyclePeriod"], p["identicalCallThreshold"])
        if cycle is None:
            return None
        period, laps = cycle
        if p["hardStop"] and laps >= p["noProgressBlockAfter"]:
            return "terminate", format_message("hermes.cycle-halt", tool=c.name, period=period, laps=laps)
        return "warn", format_message("hermes.cycle-note", tool=c.name, period=period, laps=laps)


class Detector_hermes_guard(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.s, self.level = _HermesState(p), 0

    def on_turn(self, turn, emit):
        if user_message_before(self.env["turns"], turn["index"]):
            self.s = _HermesState(self.p)

    def on_call(self, c, emit):
        if self.s.halted:
            return
        d = self.s.decide(c)
        if d is None:
            return
        self.level += 1
        emit(d[0], self.level, d[1])
