# -- src/engine/detectors/no-progress.ts (+ no-progress-step.ts, no-progress-message.ts): steps that learn nothing --
_NP_NOT_FOUND = re.compile(r"[^\s:'\"`]+(: (?:command )?not found)|(command not found: )\S+")
_NP_STATUS_LINE = re.compile(
    r"^[ \t]*(?:\[(?:The command completed|Command finished) with exit code -?\d+\.?\]|\[Current working directory: [^\]\n]*\]"
    r"|\[Python [Ii]nterpreter: [^\]\n]*\]|Exit [Cc]ode: ?-?\d+|<returncode>-?\d+</returncode>|Wall time: [^\n]*|Output:)[ \t]*$",
    _A | re.M)
_NP_STATUS_ONLY_MAX = 1000


def _np_message(action, n, window, shown):
    lst = "\n".join("  %d. %s" % (i + 1, s) for i, s in enumerate(shown))
    if action == "terminate":
        return ("Loop detected: no progress in the last %d steps (each repeated an action and result already seen "
                "in the last %d steps). Stopping the run:\n%s" % (n, window, lst))
    return ("⚠️ No progress: the last %d steps each repeated an action and its result (or an error) already seen "
            "in the last %d steps:\n%s\nNothing new is being learned. Change something real (another command, file "
            "or approach), or explain what is blocking you." % (n, window, lst))


def _np_recurrence_message(action, n, window, shown):
    if action == "terminate":
        return ("Loop detected: the same step %d times in the last %d steps, with no new change between. "
                "Stopping the run:\n  1. %s" % (n, window, shown))
    return ("⚠️ No progress: the same step (or the same error, or the same failed edit) %d times in the last %d steps, "
            "with no new change between:\n  1. %s\nNothing new is being learned. Change something real (another "
            "command, file or approach), or explain what is blocking you." % (n, window, shown))


def _np_describe(s):
    if s["call"] is not None:
        return describe_call(s["call"].name, s["call"].args)
    t = " ".join(s["text"].split())
    return 'text: "%s"' % (t[:80] + "…" if len(t) > 80 else t)


def _np_call_step(call):
    change = is_change_call(call.name, call.args)
    r = call.result
    failed = r is not None and (
        r["isError"] or (is_shell_tool(call.name) and shell_failed(r))
        # An edit answered with an inferred error did not apply, whatever its flag.
        or (change and infer_error(r["content"]) is not None))
    return {"action": "", "call": call, "text": "", "failed": bool(failed), "change": change}


def _np_shell_change(s):
    if "shellChange" not in s:
        s["shellChange"] = s["call"] is not None and is_shell_change(s["call"].name, s["call"].args)
    return s["shellChange"]


def _np_mask(m):
    return "<cmd>" + m.group(1) if m.group(1) else m.group(2) + "<cmd>"


def _np_error_signature(s, raw):
    if "errorSig" in s:
        return s["errorSig"]
    c = s["call"]
    r = c.result
    text = None if r is None else (r["content"] if raw else c.norm_result)
    if text is None:
        sig = ""
    elif _u16_len(text) < _NP_STATUS_ONLY_MAX and _NP_STATUS_LINE.sub("", text).strip() == "":
        sig = ""
    else:
        masked = _NP_NOT_FOUND.sub(_np_mask, text)
        if masked == text:
            sig = c.result_fp if raw else c.norm_result_fp
        else:
            sig = result_fingerprint({"content": masked, "isError": True})
    s["errorSig"] = sig
    return sig


def _np_target(s):
    if "target" not in s:
        s["target"] = change_target(s["call"].name, s["call"].norm_args)
    return s["target"]


def _np_same_step(a, b, raw):
    ca, cb = a["call"], b["call"]
    if ca is None or cb is None:
        return ca is None and cb is None and a["action"] == b["action"]
    change = a["change"] and b["change"] and a["failed"] == b["failed"]
    if raw:
        return ca.exact == cb.exact and (change or ca.result_fp == cb.result_fp)
    if change:
        return same_norm_exact(ca, cb)
    return same_norm_step(ca, cb)


def _np_same_error(a, b, raw):
    if not a["failed"] or not b["failed"]:
        return False
    e = _np_error_signature(b, raw)
    return e != "" and _np_error_signature(a, raw) == e


def _np_same_failed_change(a, b):
    return (a["failed"] and b["failed"] and a["change"] and b["change"] and a["call"].name == b["call"].name
            and _np_target(a) == _np_target(b))


class Detector(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.cap = p["window"]
        self.ring = [None] * self.cap
        self.size = self.next = self.stuck = self.moving = self.level = 0
        self.period = self.fire_at = self.since_change = 0
        self.recurrence = p["recurrence"] if p["recurrence"] >= 2 else 0
        self.heard = set()
        self.recent = []
        self.lag = self.count = 0

    def _new_context(self, index):
        turns = self.env["turns"]
        t = turns[index - 1] if 0 < index <= len(turns) else None
        before = t["before"] if t is not None and t["index"] == index else []
        fresh = False
        for m in before:
            key = normalize_text(m["text"])
            if key not in self.heard:
                self.heard.add(key)
                fresh = True
        return fresh

    def _back(self, d):
        return self.ring[(self.next - d + self.cap) % self.cap]

    def _scan(self, step):
        p, raw = self.p, self.p["rawText"]
        n = min(self.size, self.since_change) if self.recurrence else 0
        errors = p["sameError"] and step["failed"]
        target = n > 0 and p["sameTarget"] and step["change"] and step["failed"]
        same = err = tgt = err_lag = lag = 0
        for d in range(1, self.size + 1):
            if lag and d > n:
                break
            s = self._back(d)
            hit = _np_same_step(s, step, raw)
            if hit and not lag:
                lag = d
            if d > n:
                continue
            if hit:
                same += 1
            if errors and _np_same_error(s, step, raw):
                err += 1
                if not err_lag:
                    err_lag = d
            if target and _np_same_failed_change(s, step):
                tgt += 1
        if not lag and errors:
            lag = err_lag
            d = n + 1
            while not lag and d <= self.size:
                if _np_same_error(self._back(d), step, raw):
                    lag = d
                d += 1
        self.lag = lag
        self.count = 1 + max(same, err, tgt) if self.recurrence else 0

    def _moves_on(self, step):
        c = step["call"]
        if c is None or step["failed"]:
            return False
        if step["change"] or _np_shell_change(step):
            return True
        raw = self.p["rawText"]
        for d in range(2, self.size + 1):
            s = self._back(d)
            if s["call"] is not None and (s["call"].exact == c.exact if raw else same_norm_exact(s["call"], c)):
                return True
        return False

    def _emit(self, emit, message):
        self.level += 1
        acts = self.p["actions"]
        action = acts[min(self.level - 1, len(acts) - 1)]
        emit(action, self.level, message(action))

    def _feed(self, step, emit):
        p = self.p
        self._scan(step)
        lag, count, rec = self.lag, self.count, self.recurrence
        self.ring[self.next] = step
        self.next = 0 if self.next + 1 == self.cap else self.next + 1
        if self.size < self.cap:
            self.size += 1
        self.since_change = 0 if rec and lag == 0 and self._moves_on(step) else self.since_change + 1
        if lag == 0:
            self.stuck = self.period = self.fire_at = 0
            self.recent = []
            self.moving += 1
            if self.moving >= p["k"]:
                self.level = 0
        else:
            self.moving = 0
            self.stuck += 1
            if lag > self.period:
                self.period = lag
            self.recent.append(step)
            if len(self.recent) > p["k"]:
                self.recent.pop(0)
            need = max(p["k"], (p["cycles"] - 1) * self.period if p["cycles"] > 1 else 0)
            if (self.stuck >= need) if self.fire_at == 0 else (self.stuck >= self.fire_at):
                self.fire_at = self.stuck + p["k"]
                seen, shown = set(), []
                for s in self.recent:
                    a = s["action"] if s["call"] is None else (s["call"].exact if p["rawText"] else s["call"].norm_exact)
                    if a not in seen and len(shown) < 5:
                        seen.add(a)
                        shown.append(_np_describe(s))
                stuck = self.stuck
                self._emit(emit, lambda action: _np_message(action, stuck, p["window"], shown))
                return
        # A run without progress the k rule already announced goes on at the k rule's pace.
        if rec and count >= rec and count % rec == 0 and not (lag > 0 and self.fire_at > 0):
            self._emit(emit, lambda action: _np_recurrence_message(action, count, p["window"], _np_describe(step)))
            if lag > 0:
                self.fire_at = self.stuck + p["k"]

    def on_turn(self, turn, emit):
        if self.recurrence and self._new_context(turn["index"]):
            self.since_change = 0
        if turn["callCount"] > 0:
            return
        text = turn["text"] if self.p["rawText"] else normalize_text(turn["text"])
        self._feed({"action": "text:" + text, "call": None, "text": turn["text"], "failed": False, "change": False,
                    "shellChange": False}, emit)

    def on_call(self, call, emit):
        self._feed(_np_call_step(call), emit)
