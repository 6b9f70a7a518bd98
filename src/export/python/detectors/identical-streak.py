# -- src/engine/detectors/identical-streak.ts: identical calls in a row, a warning and a stop (Cline, Roo Code, CrewAI) --
def _is_skip_rule(rule):
    colon = rule.find(":")
    if colon < 0:
        return lambda c: c.name == rule
    name = rule[:colon]
    eq = rule.find("=", colon)
    key = rule[colon + 1:eq] if eq >= 0 else rule[colon + 1:]
    value = rule[eq + 1:] if eq >= 0 else None

    def match(c):
        if c.name != name or not isinstance(c.args, dict):
            return False
        if value is None:
            return key in c.args
        v = c.args.get(key)
        return isinstance(v, str) and v == value
    return match


class Detector_identical_streak(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.ignore = set(p["ignoreArgs"])
        self.skips = [_is_skip_rule(r) for r in p["skipCalls"]]
        self.last, self.count, self.level = "", 0, 0

    def on_turn(self, turn, emit):
        if self.p["resetOnUserPrompt"] and user_message_before(self.env["turns"], turn["index"]):
            self.last, self.count = "", 0

    def _sig(self, c):
        if not self.ignore or not isinstance(c.args, dict):
            return c.exact
        return exact_fingerprint(c.name, {k: v for k, v in c.args.items() if k not in self.ignore})

    def on_call(self, call, emit):
        p = self.p
        if any(s(call) for s in self.skips):
            return
        sig = self._sig(call)
        self.count = self.count + 1 if sig == self.last else 1
        self.last = sig
        stop = self.count >= p["stopAt"] if p["afterStop"] == "every" else self.count == p["stopAt"]
        warn = not stop and p["warnAt"] > 0 and self.count == p["warnAt"]
        if not stop and not warn:
            return
        self.level += 1
        if stop:
            emit(p["stopAction"], self.level, format_message("identical-streak.stop", tool=call.name, count=self.count))
        else:
            emit("warn", self.level, format_message("identical-streak.warn", tool=call.name, count=self.count))
        if stop and p["afterStop"] == "restart":
            self.last, self.count = "", 0
