# -- src/engine/detectors/step-repeat.ts: one step's calls (name, input, output) too often in a window of steps (Crush) --
class Detector_step_repeat(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.steps, self.parts, self.names, self.labels = [], [], [], {}
        self.expected = self.level = 0

    def _end_step(self, sig, emit):
        p, w = self.p, self.p["windowSize"]
        self.steps.append(sig)
        if sig and sig not in self.labels:
            if len(self.labels) > 4096:
                self.labels = {}
            self.labels[sig] = ", ".join(self.names)
        if len(self.steps) > 4 * w:
            self.steps = self.steps[-w:]
        if len(self.steps) < w:
            return
        counts, hit = {}, ""
        for s in self.steps[-w:]:
            if s == "":
                continue
            counts[s] = counts.get(s, 0) + 1
            if counts[s] > p["maxRepeats"]:
                hit = s
                break
        if hit == "":
            return
        self.level += 1
        acts = p["actions"]
        emit(acts[min(self.level - 1, len(acts) - 1)], self.level,
             format_message("step-repeat", step=self.labels.get(hit, ""), max=p["maxRepeats"], window=w))

    def on_turn(self, turn, emit):
        if self.p["resetOnUserPrompt"] and user_message_before(self.env["turns"], turn["index"]):
            self.steps, self.labels = [], {}
        self.expected, self.parts, self.names = turn["callCount"], [], []
        if self.expected == 0:
            self._end_step("", emit)

    def on_call(self, call, emit):
        self.names.append(call.name)
        out = (call.result["content"] if call.result is not None else "") if self.p["compareResults"] else ""
        self.parts.append(call.name + "\u0000" + js_stringify(call.args) + "\u0000" + out + "\u0000")
        if len(self.parts) == self.expected:
            self._end_step("".join(self.parts), emit)
