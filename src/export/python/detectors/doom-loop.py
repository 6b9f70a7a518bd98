# -- src/engine/detectors/doom-loop.ts: the same call consecutively, exact >= 3 or fuzzy >= 4; tiers, then rejection --
def _doom_nudge(tier, tool, n):
    key = "doom-loop.critical" if tier == 3 else "doom-loop.warning" if tier == 2 else "doom-loop.nudge"
    return format_message(key, tool=tool, n=n)


def _doom_rejection(tool, n):
    return format_message("doom-loop.rejection", tool=tool, n=n)


class Detector_doom_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.prev_exact = self.prev_primary = ""
        self.exact_run = self.primary_run = 0
        self.critical_given = False

    def on_call(self, call, emit):
        p = self.p
        exact = call.exact if p["rawText"] else call.norm_exact
        primary = call.primary if p["rawText"] else call.norm_primary
        self.exact_run = min(self.exact_run + 1, p["windowSize"]) if exact == self.prev_exact else 1
        self.primary_run = min(self.primary_run + 1, p["windowSize"]) if primary == self.prev_primary else 1
        self.prev_exact, self.prev_primary = exact, primary
        n = 0
        if self.exact_run >= p["exactThreshold"]:
            n = self.exact_run
        elif self.primary_run >= p["fuzzyThreshold"]:
            n = self.primary_run
        if self.primary_run == 1:
            self.critical_given = False
        if n == 0:
            return
        if p["block"] and self.critical_given:
            emit("block", 4, _doom_rejection(call.name, self.primary_run))
            return
        if n >= p["criticalAt"]:
            self.critical_given = True
            emit("warn", 3, _doom_nudge(3, call.name, n))
            return
        tier = 2 if n >= p["warningAt"] else 1
        emit("warn", tier, _doom_nudge(tier, call.name, n))
