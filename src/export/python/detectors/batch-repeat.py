# -- src/engine/detectors/batch-repeat.ts: docker-agent's same batch of calls N responses in a row (+ octo-agent's options) --
class Detector_batch_repeat(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.expected = self.seen = self.consecutive = self.level = 0
        self.batch, self.first_name, self.last = [], "", ""
        self.ignored = set(p["ignoreTools"])

    def _key(self, c):
        return c.name + "\u0000" + js_stringify(c.args) if self.p["argsAsWritten"] else c.exact

    def on_turn(self, turn, emit):
        self.expected, self.seen = turn["callCount"], 0
        self.batch = []
        if self.p["resetOnUserPrompt"]:
            if user_message_before(self.env["turns"], turn["index"]):
                self.last, self.consecutive = "", 0

    def on_call(self, call, emit):
        p = self.p
        self.seen += 1
        if call.name not in self.ignored:
            if not self.batch:
                self.first_name = call.name
            self.batch.append(self._key(call))
        if self.seen < self.expected or not self.batch:
            return
        sig = "\u0000\u0000".join(self.batch)
        if sig == self.last:
            self.consecutive += 1
        else:
            self.last, self.consecutive = sig, 1
        if self.consecutive < p["threshold"]:
            return
        self.level += 1
        action = p["actions"][min(self.level - 1, len(p["actions"]) - 1)]
        emit(action, self.level, format_message("batch-repeat", count=self.consecutive, tool=self.first_name))
        if p["resetAfterDetection"]:
            self.last, self.consecutive = "", 0
