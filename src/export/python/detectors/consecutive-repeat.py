# -- src/engine/detectors/consecutive-repeat.ts: identical consecutive calls beyond a per-category threshold --
def _crustly_signature(call):
    a = call.args
    if isinstance(a, str):
        return "%s:%s" % (call.name, a)
    if isinstance(a, dict):
        for k in ("path", "file_path", "command", "pattern", "query", "url"):
            if isinstance(a.get(k), str):
                return "%s:%s" % (call.name, a[k])
    return call.exact


class Detector_consecutive_repeat(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.exploration = {n.lower() for n in p["explorationTools"]}
        self.modification = {n.lower() for n in p["modificationTools"]}
        self.last, self.run, self.level = "", 0, 0

    def on_call(self, call, emit):
        p = self.p
        if p.get("signature") == "main-argument":
            fp = _crustly_signature(call)  # Crustly's signature: tool + main argument
        else:
            fp = call.exact if p["rawText"] else call.norm_exact
        prior = self.run if self.run > 0 and fp == self.last else 0
        self.run = min(prior + 1, p["bufferSize"])
        self.last = fp
        name = call.name.lower()
        kind = "exploration" if name in self.exploration else "modification" if name in self.modification else "other"
        threshold = {"exploration": p["explorationThreshold"], "modification": p["modificationThreshold"]}.get(
            kind, p["defaultThreshold"])
        if prior < threshold:
            return
        self.level += 1
        message = format_message("consecutive-repeat", signature=_crustly_signature(call), count=prior)
        if kind == "exploration":
            message += format_message("consecutive-repeat.exploration", count=prior)
        elif kind == "modification":
            message += format_message("consecutive-repeat.modification", count=prior)
        emit(p["action"], self.level, message)
