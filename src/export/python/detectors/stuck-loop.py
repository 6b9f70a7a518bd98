# -- src/engine/detectors/stuck-loop.ts: pydantic-deepagents' StuckLoopDetection (repeated, alternating, no-op) --
def _sl_all_same(tail):
    return all(x == tail[0] for x in tail)


class Detector_stuck_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.calls, self.results, self.names, self.level = [], [], [], 0

    def _push(self, h, x):
        n = self.p["maxRepeated"]
        h.append(x)
        if len(h) > 8 * n:
            del h[:len(h) - 2 * n]

    def on_turn(self, turn, emit):
        if self.p["resetOnUserPrompt"] and user_message_before(self.env["turns"], turn["index"]):
            self.calls, self.results, self.names = [], [], []

    def _message(self, c):
        p, n = self.p, self.p["maxRepeated"]
        if p["detectRepeated"] and len(self.calls) >= n and _sl_all_same(self.calls[-n:]):
            return format_message("stuck-loop.repeated", tool=c.name, n=n)
        m = 2 * n
        if p["detectAlternating"] and len(self.calls) >= m:
            tail = self.calls[-m:]
            a, b = tail[0], tail[1]
            if a != b and all(tail[i] == (a if i % 2 == 0 else b) for i in range(m)):
                tn = self.names[-m:]
                return format_message("stuck-loop.alternating", first=tn[0], second=tn[1], n=n)
        if p["detectNoop"] and len(self.results) >= n and _sl_all_same(self.results[-n:]):
            return format_message("stuck-loop.noop", tool=c.name, n=n)
        return None

    def on_call(self, call, emit):
        if call.result is None:
            return
        self._push(self.calls, call.exact)
        self._push(self.results, call.name + "\u0000" + call.result["content"])
        self._push(self.names, call.name)
        msg = self._message(call)
        if msg is None:
            return
        self.level += 1
        acts = self.p["actions"]
        emit(acts[min(self.level - 1, len(acts) - 1)], self.level, msg)
