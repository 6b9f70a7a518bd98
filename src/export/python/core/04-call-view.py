# -- src/engine/call-view.ts: what detectors see of a call, normalised forms computed once --
class CallView:
    def __init__(self, turn, index, name, args, result, agent):
        self.turn, self.index, self.name, self.args, self.result, self.agent = turn, index, name, args, result, agent
        self.exact = exact_fingerprint(name, args)
        self._cache = {}

    def _get(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def norm_exact(self):
        return self._get("ne", lambda: exact_fingerprint(self.name, normalize_args(self.args)))

    @property
    def norm_args(self):
        return self._get("na", lambda: normalize_args(self.args))

    @property
    def norm_result(self):
        return None if self.result is None else self._get("nr", lambda: normalize_text(self.result["content"]))

    @property
    def primary(self):
        return self._get("p", lambda: primary_fingerprint(self.name, self.args))

    @property
    def norm_primary(self):
        return self._get("np", lambda: primary_fingerprint(self.name, normalize_args(self.args)))

    @property
    def result_fp(self):
        return self._get("rf", lambda: result_fingerprint(self.result))

    @property
    def norm_result_fp(self):
        r = self.result
        return self._get(
            "nrf",
            lambda: "" if r is None else result_fingerprint({"content": normalize_text(r["content"]), "isError": r["isError"]}),
        )


def same_norm_exact(a, b):
    return a.exact == b.exact or (a.name == b.name and a.norm_exact == b.norm_exact)


def same_norm_result(a, b):
    ra, rb = a.result, b.result
    if ra is rb or (ra is not None and rb is not None and ra["isError"] == rb["isError"] and ra["content"] == rb["content"]):
        return True
    return a.norm_result_fp == b.norm_result_fp


def same_norm_step(a, b):
    return a.name == b.name and same_norm_exact(a, b) and same_norm_result(a, b)
