# -- src/engine/detectors/summary-loop.ts: N consecutive text-only turns --
def _summary_loop_prompt(n):
    return format_message("summary-loop", n=n)


def _user_spoke(turn):
    return any(m["role"] == "user" and not m["text"].lstrip().startswith("[System]") for m in turn["before"])


class Detector_summary_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.run, self.last_text = 0, ""

    def on_turn(self, turn, emit):
        p = self.p
        if turn["callCount"] > 0:
            self.run = 0
            return
        if p["resetOnUserMessage"]:
            turns = self.env["turns"]
            t = turns[turn["index"] - 1] if 0 < turn["index"] <= len(turns) else None
            if t is not None and t["index"] == turn["index"] and _user_spoke(t):
                self.run = 0
        text = normalize_text(turn["text"]) if p["sameText"] and not p["rawText"] else turn["text"]
        if p["sameText"] and self.run > 0 and text != self.last_text:
            self.run = 0
        self.last_text = text
        self.run += 1
        if self.run < p["threshold"]:
            return
        level = self.run - p["threshold"] + 1
        emit(p["actions"][min(level - 1, len(p["actions"]) - 1)], level, _summary_loop_prompt(self.run))
