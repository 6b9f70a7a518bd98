# -- src/engine/detectors/pattern.ts: the last L calls repeat the L before them, L in [min, max] --
class Detector_pattern(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.keys, self.names = [], []
        self.count = 0

    def on_call(self, call, emit):
        p = self.p
        by_name = p["match"] == "name"
        self.keys.append(call.name if by_name else (call.exact if p["rawText"] else call.norm_exact))
        self.names.append(call.name)
        if len(self.keys) > p["windowSize"]:
            self.keys.pop(0)
            self.names.pop(0)
        keys, n, reps = self.keys, len(self.keys), p["minPatternRepetitions"]

        def back(i):
            return keys[n - 1 - i]

        found = 0
        length = p["minPatternLength"]
        while length <= p["maxPatternLength"] and length * reps <= n:
            if all(back(i) == back(i + length) for i in range((reps - 1) * length)):
                found = length
                break
            length += 1
        if found == 0:
            return
        j = (reps - 1) * found
        while j + found < n and back(j) == back(j + found):
            j += 1
        repetitions = (j + found) // found
        chain = " → ".join(self.names[n - 1 - i] for i in range(found - 1, -1, -1))
        self.count += 1
        action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]
        suggestion = format_message("pattern.suggestion", chain=chain, repetitions=repetitions)
        emit(action, self.count, chatloop_message(action, format_message("pattern.description", length=found), suggestion))
