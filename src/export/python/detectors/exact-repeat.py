# -- src/engine/detectors/exact-repeat.ts: copies of this call already in the window >= maxDuplicates --
class Detector_exact_repeat(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.window = []
        self.count = 0

    def on_call(self, call, emit):
        p = self.p
        fp = call.exact if p["rawText"] else call.norm_exact
        n = self.window.count(fp)
        self.window.append(fp)
        if len(self.window) > p["windowSize"]:
            self.window.pop(0)
        if n < p["maxDuplicates"]:
            return
        self.count += 1
        action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]
        suggestion = format_message("exact-repeat.suggestion", tool=call.name, count=n + 1)
        emit(action, self.count, chatloop_message(action, format_message("exact-repeat.description", tool=call.name), suggestion))
