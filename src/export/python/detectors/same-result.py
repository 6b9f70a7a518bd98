# -- src/engine/detectors/same-result.ts: results similar above the threshold, with the same isError --
class Detector_same_result(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.window = []  # (content, isError), oldest first
        self.count = 0

    def on_call(self, call, emit):
        p = self.p
        r = call.result
        if r is None or (p["errorsOnly"] and not r["isError"]):
            return
        content = r["content"] if p["rawText"] else normalize_text(r["content"])
        n = sum(1 for c, e in self.window if e == r["isError"] and result_similar(content, c, p["threshold"]))
        self.window.append((content, r["isError"]))
        if len(self.window) > p["windowSize"]:
            self.window.pop(0)
        if n < p["maxSimilarResults"]:
            return
        self.count += 1
        action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]
        kind = "errors" if r["isError"] else "results"
        earlier = "%d earlier %s" % (n, kind[:-1] if n == 1 else kind)
        suggestion = format_message("same-result.suggestion", tool=call.name, earlier=earlier)
        emit(action, self.count, chatloop_message(action, format_message("same-result.description", kind=kind), suggestion))
