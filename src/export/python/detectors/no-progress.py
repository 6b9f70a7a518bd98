# -- src/engine/detectors/no-progress.ts (+ no-progress-step.ts, no-progress-message.ts): steps that learn nothing --
_NP_NOT_FOUND = re.compile(r"(?<![^\s:'\"`])[A-Z][a-z']*(: (?:command )?not found)|(command not found: )[A-Z][a-z']*(?![^\s])", _A)
# _NP_HARNESS, _NP_MISSING_ARGS, _NP_CONTINUED, _NP_DURATION_MASK, _NP_SPACE, _NP_STATUS_LINE and
# _NP_STATUS_ONLY_MAX are in the tables; _NP_NOT_FOUND has a lookbehind the translator refuses.


def _np_message(action, n, window, shown):
    lst = "\n".join("  %d. %s" % (i + 1, s) for i, s in enumerate(shown))
    key = "no-progress.window.terminate" if action == "terminate" else "no-progress.window.warn"
    return format_message(key, n=n, window=window, list=lst)


def _np_recurrence_message(action, n, window, shown):
    key = "no-progress.recurrence.terminate" if action == "terminate" else "no-progress.recurrence.warn"
    return format_message(key, n=n, window=window, shown=shown)


def _np_across_message(action, n, window, shown):
    key = "no-progress.across-changes.terminate" if action == "terminate" else "no-progress.across-changes.warn"
    return format_message(key, n=n, window=window, shown=shown)


def _np_head16(text, n):
    """The first n UTF-16 code units of text (JavaScript's slice), a cut pair dropped."""
    b = text.encode("utf-16-le", "surrogatepass")
    return text if len(b) <= 2 * n else b[:2 * n].decode("utf-16-le", "ignore")


def _np_continues_session(text):
    return _NP_CONTINUED.search(_np_head16(text, 400)) is not None


def _np_argless_rejection(call):
    r = call.result
    a = call.args
    if r is None:
        return False
    empty = a is None or (isinstance(a, str) and a.strip() == "") or (isinstance(a, dict) and len(a) == 0)
    return empty and _NP_MISSING_ARGS.search(r["content"]) is not None


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
        if _NP_HARNESS.search(text):
            sig = (c.exact if raw else c.norm_exact) + "\u0000" + sig
    s["errorSig"] = sig
    return sig


def _np_folded(s, raw):
    if "folded" not in s:
        content = s["call"].result["content"] if s["call"].result is not None else ""
        flat = re.sub(r"\r?\n", "", content)
        folded = flat if raw else _NP_SPACE.sub("", _NP_DURATION_MASK.sub("", normalize_text(flat)))
        s["folded"] = result_fingerprint({"content": folded, "isError": True})
    return s["folded"]


def _np_same_failure(a, b, raw):
    if not a["failed"] or not b["failed"] or a["call"] is None or b["call"] is None:
        return False
    if (a["call"].exact != b["call"].exact) if raw else not same_norm_exact(a["call"], b["call"]):
        return False
    return _np_folded(a, raw) == _np_folded(b, raw)


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


class Detector_no_progress(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.cap = p["window"]
        self.ring = [None] * self.cap
        self.size = self.next = self.stuck = self.moving = self.level = 0
        self.period = self.fire_at = self.since_change = self.since_context = 0
        self.recurrence = p["recurrence"] if p["recurrence"] >= 2 else 0
        self.across = p["acrossChanges"] if p["acrossChanges"] >= 2 else 0
        self.heard = set()
        self.recent = []
        self.lag = self.count = self.far_count = 0
        self.span = self.far_span = 1

    def _new_context(self, index):
        turns = self.env["turns"]
        t = turns[index - 1] if 0 < index <= len(turns) else None
        before = t["before"] if t is not None and t["index"] == index else []
        fresh = False
        for m in before:
            if m.get("apiNotice"):
                continue
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
        far = min(self.size, self.since_context) if self.across and step["failed"] else 0
        errors = p["sameError"] and step["failed"]
        target = (n > 0 or far > 0) and p["sameTarget"] and step["change"] and step["failed"]
        # Calls of one turn were sent together: they repeat nothing of each other; occurrences
        # count once per turn.
        turn = step["call"].turn if step["call"] is not None else -1
        far_reach = far if step["failed"] else 0
        reach = max(n, far_reach)
        counts = {"same": [0, 0, set()], "err": [0, 0, set()], "tgt": [0, 0, set()]}

        def add(kind, t, near, fa):
            c = counts[kind]
            if (not near and not fa) or (t >= 0 and t in c[2]):
                return
            c[2].add(t)
            if near:
                c[0] += 1
            if fa:
                c[1] += 1

        err_lag = lag = 0
        for d in range(1, self.size + 1):
            if lag and d > reach:
                break
            s = self._back(d)
            t = s["call"].turn if s["call"] is not None else -1
            if turn >= 0 and t == turn:
                continue
            hit = _np_same_step(s, step, raw) or _np_same_failure(s, step, raw)
            if hit and not lag:
                lag = d
            add("same", t, hit and d <= n, hit and d <= far_reach)
            if errors and _np_same_error(s, step, raw):
                add("err", t, d <= n, False)
                if not err_lag and d <= reach:
                    err_lag = d
            if target and d <= reach and _np_same_failed_change(s, step):
                add("tgt", t, d <= n, d <= far_reach)
        if not lag and errors:
            lag = err_lag
            d = reach + 1
            while not lag and d <= self.size:
                s = self._back(d)
                t = s["call"].turn if s["call"] is not None else -1
                if not (turn >= 0 and t == turn) and _np_same_error(s, step, raw):
                    lag = d
                d += 1
        self.lag = lag
        # The steps looked at (this one and the n before it): the messages name these, never more.
        self.span, self.far_span = n + 1, far + 1
        self.count = 1 + max(c[0] for c in counts.values()) if self.recurrence else 0
        self.far_count = 1 + max(c[1] for c in counts.values()) if self.across and step["failed"] else 0

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
        lag, count, rec, far_count, across = self.lag, self.count, self.recurrence, self.far_count, self.across
        span, far_span = self.span, self.far_span
        self.ring[self.next] = step
        self.next = 0 if self.next + 1 == self.cap else self.next + 1
        if self.size < self.cap:
            self.size += 1
        self.since_change = 0 if rec and lag == 0 and self._moves_on(step) else self.since_change + 1
        self.since_context += 1
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
            self._emit(emit, lambda action: _np_recurrence_message(action, count, span, _np_describe(step)))
            if lag > 0:
                self.fire_at = self.stuck + p["k"]
        elif across and far_count >= across and far_count % across == 0 and not (lag > 0 and self.fire_at > 0):
            self._emit(emit, lambda action: _np_across_message(action, far_count, far_span, _np_describe(step)))
            if lag > 0:
                self.fire_at = self.stuck + p["k"]

    def _continued(self, index):
        turns = self.env["turns"]
        t = turns[index - 1] if 0 < index <= len(turns) else None
        before = t["before"] if t is not None and t["index"] == index else []
        return any(_np_continues_session(m["text"]) for m in before)

    def on_turn(self, turn, emit):
        if self._continued(turn["index"]):
            # Continued from a summary of itself: the window starts afresh.
            self.ring = [None] * self.cap
            self.size = self.next = self.stuck = self.moving = self.level = self.period = self.fire_at = 0
            self.recent = []
            self.since_change = self.since_context = 0
        if (self.recurrence or self.across) and self._new_context(turn["index"]):
            self.since_change = self.since_context = 0
        if turn["callCount"] > 0:
            return
        text = turn["text"] if self.p["rawText"] else normalize_text(turn["text"])
        if text.strip() == "":
            return
        self._feed({"action": "text:" + text, "call": None, "text": turn["text"], "failed": False, "change": False,
                    "shellChange": False}, emit)

    def on_call(self, call, emit):
        if _np_argless_rejection(call):
            return
        self._feed(_np_call_step(call), emit)
