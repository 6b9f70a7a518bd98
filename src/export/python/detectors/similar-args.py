# -- src/engine/detectors/similar-args.ts: the same tool with similar arguments, maxSimilar times in the window --
class Detector_similar_args(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.window = []
        self.count = 0

    def _similar(self, prev, call):
        p, raw = self.p, self.p["rawText"]
        if prev.name != call.name:
            return False
        if p["sameResult"]:
            pr, r = prev.result, call.result
            if r is None or pr is None or pr["isError"] != r["isError"]:
                return False
            if pr["content"] != r["content"] and (raw or normalize_text(pr["content"]) != normalize_text(r["content"])):
                return False
        if (prev.exact == call.exact) if raw else same_norm_exact(prev, call):
            return not p["ignoreIdentical"]
        a = prev.args if raw else normalize_args(prev.args)
        b = call.args if raw else normalize_args(call.args)
        return json_similarity(a, b, p["threshold"]) > p["threshold"]

    def on_call(self, call, emit):
        p = self.p
        n = sum(1 for prev in self.window if self._similar(prev, call))
        self.window.append(call)
        if len(self.window) > p["windowSize"]:
            self.window.pop(0)
        if n < p["maxSimilar"]:
            return
        self.count += 1
        action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]
        suggestion = format_message("similar-args.suggestion", tool=call.name, count=n + 1)
        emit(action, self.count, chatloop_message(action, format_message("similar-args.description", tool=call.name), suggestion))
