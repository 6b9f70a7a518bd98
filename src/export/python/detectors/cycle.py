# -- src/engine/detectors/cycle.ts: 1- to maxPeriod-call cycles repeated consecutively, escalating per pattern --
# _TESTISH, _EDITISH, _READISH: in the tables.
# src/engine/detectors/user-prompt.ts: a user message that is a new prompt (not a loop nudge).


def _cycle_new_prompt(turns, index):
    t = turns[index - 1] if 0 < index <= len(turns) and turns[index - 1]["index"] == index else None
    if t is None:
        t = next((x for x in turns if x["index"] == index), None)
    if t is None:
        return False
    return any(m["role"] == "user" and not any(r.match(m["text"]) for r in _SAME_PROMPT) for m in t["before"])


def _numbered(unit):
    return "\n".join("  %d. %s" % (i + 1, describe_call(c.name, c.args)) for i, c in enumerate(unit))


def _alternatives(unit):
    names = [c.name for c in unit]
    if len(unit) == 1:
        out = ["- Do not call %s with these arguments again: the result will not change. Work with the result you already have." % names[0]]
    else:
        out = ["- Stop cycling through %s: commit to one approach, or change something real before the next attempt." % " → ".join(names)]
    if any(_TESTISH.search(c.name + " " + canonical_json(c.args)) for c in unit):
        out.append("- Before running the tests again, read the full failure output and change the code the failure points at.")
    if any(_EDITISH.search(n) for n in names):
        out.append("- Your edits are not fixing the problem: re-read the file as it is now, or revert and try a different fix.")
    if any(_READISH.search(n) for n in names):
        out.append("- You already have this content: use it instead of fetching it again.")
    out.append("- If you are blocked, explain what is blocking you or ask the user for help instead of retrying.")
    return out


def _cycle_message(action, level, count, unit, nxt):
    pattern = _numbered(unit)
    if action == "terminate":
        return format_message("cycle.terminate", count=count, level=level, pattern=pattern)
    if level == 1:
        return format_message("cycle.first", count=count, pattern=pattern)
    again = format_message("cycle.again", count=count, level=level, pattern=pattern, alternatives="\n".join(_alternatives(unit)))
    return again + MESSAGES["cycle.last-warning"] if nxt == "terminate" else again


def _pattern_key(unit):
    if len(unit) == 1:
        return unit[0]
    return min("\u0001".join(unit[(r + i) % len(unit)] for i in range(len(unit))) for r in range(len(unit)))


class Detector_cycle(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.recent = []
        self.streak = [0] * (p["maxPeriod"] + 1)
        self.detections = {}
        self.written = [] if p.get("argsAsWritten") else None

    def _clear(self):
        self.recent = []
        if self.written is not None:
            self.written = []
        self.streak = [0] * (self.p["maxPeriod"] + 1)

    def on_turn(self, turn, emit):
        if self.p.get("resetEachTurn"):
            self._clear()
            return
        if not self.p.get("resetOnUserPrompt") or not _cycle_new_prompt(self.env["turns"], turn["index"]):
            return
        self._clear()
        self.detections = {}

    def on_call(self, call, emit):
        p, raw = self.p, self.p["rawText"]
        max_p = p["maxPeriod"]
        self.recent.append(call)
        if len(self.recent) > 2 * max_p:
            self.recent.pop(0)
        written = self.written
        if written is not None:
            # Gemini CLI's key: name and JSON.stringify(args), key order as written.
            written.append(call.name + ":" + js_stringify(call.args))
            if len(written) > 2 * max_p:
                written.pop(0)
        recent = self.recent
        period = 0
        for q in range(1, max_p + 1):
            prev = recent[len(recent) - 1 - q] if len(recent) > q else None
            if prev is None:
                same = False
            elif written is not None:
                same = written[len(written) - 1 - q] == written[-1] and (
                    not p["compareResults"] or (prev.result_fp == call.result_fp if raw else prev.norm_result_fp == call.norm_result_fp))
            elif raw:
                same = prev.exact == call.exact and (not p["compareResults"] or prev.result_fp == call.result_fp)
            else:
                same = same_norm_step(prev, call) if p["compareResults"] else same_norm_exact(prev, call)
            self.streak[q] = self.streak[q] + 1 if same else 0
            if period == 0 and self.streak[q] >= q:
                period = q
        if period == 0 or self.streak[period] % period != 0:
            return
        count = self.streak[period] // period + 1
        if count < p["minRepetitions"]:
            return
        unit = [recent[len(recent) - 1 - i] for i in range(period - 1, -1, -1)]
        sigs = written[len(written) - period:] if written is not None else [c.exact if raw else c.norm_exact for c in unit]
        key = _pattern_key(sigs)
        if key not in self.detections and len(self.detections) >= 4096:
            self.detections.clear()
        level = self.detections.get(key, 0) + 1
        self.detections[key] = level
        a = p["actions"]
        action, nxt = a[min(level - 1, len(a) - 1)], a[min(level, len(a) - 1)]
        emit(action, level, _cycle_message(action, level, count, unit, nxt))
