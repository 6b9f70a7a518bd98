# -- src/engine/detectors/llm-judge.ts + judge/schedule.ts, history.ts, heuristic.ts: the LLM loop check --
# Sources: "recorded" (the run's judge lines), "heuristic" (the deterministic stand-in, not an LLM);
# "openai-compatible" answers come from the workbench's cache, which this module has not: every
# check is then unavailable, as with `loopscope detect` without a cache. No model is ever called.


def _judge_turn_at(turns, index):
    t = turns[index - 1] if 0 < index <= len(turns) and turns[index - 1]["index"] == index else None
    return t if t is not None else next((x for x in turns if x["index"] == index), None)


def _judge_new_prompt(turns, index):
    t = _judge_turn_at(turns, index)
    return t is not None and any(
        m["role"] == "user" and not any(r.match(m["text"]) for r in _SAME_PROMPT) for m in t["before"])


def _prepare_history(turns, turn, count):
    rev = []
    k = turn - 1
    while k >= 1 and len(rev) < count:
        t = _judge_turn_at(turns, k)
        if t is not None:
            if k < turn - 1:
                results = [{"name": c["name"], "content": c["result"]["content"], "isError": c["result"]["isError"]}
                           for c in t["calls"] if c["result"] is not None]
                if results:
                    rev.append({"role": "tool", "turn": t["index"], "results": results})
            rev.append({"role": "assistant", "turn": t["index"], "text": t["text"],
                        "calls": [{"name": c["name"], "args": c["args"]} for c in t["calls"]]})
            for m in reversed(t["before"]):
                rev.append({"role": "user", "text": "[system] " + m["text"] if m["role"] == "system" else m["text"]})
        k -= 1
    recent = rev[:count][::-1]

    def bare_calls(m):
        return m["role"] == "assistant" and len(m["calls"]) > 0 and m["text"].strip() == ""

    while recent and bare_calls(recent[-1]) and recent[-1]["role"] != "user" and recent[-1]["turn"] == turn - 1:
        recent.pop()
    start = 0
    while start < len(recent) and recent[start]["role"] == "tool":
        start += 1
    return recent[start:]


def _heuristic_judge(history):
    fps, names = [], []
    for m in history:
        if m["role"] == "assistant":
            if not m["calls"]:
                fps.append("text:" + " ".join(m["text"].split()).lower())
            else:
                fps.append("calls:" + "".join(c["name"] + canonical_json(c["args"]) + "\u0001" for c in m["calls"]))
            names.append("+".join(c["name"] for c in m["calls"]) if m["calls"] else "text")
    n, tag = len(fps), "heuristic stand-in, not an LLM"
    if n < 5:
        return {"confidence": 0, "analysis": "%s: only %d assistant turns in the history (needs 5)." % (tag, n)}
    best = best_period = 0
    p = 1
    while p <= 3 and p < n:
        run, i = 0, n - 1
        while i >= p and fps[i] == fps[i - p]:
            run += 1
            i -= 1
        covered = run + p if run >= p else 0
        if covered > best:
            best, best_period = covered, p
        p += 1
    if best == 0:
        return {"confidence": 0, "analysis": "%s: no repetition at the end of %d assistant turns." % (tag, n)}
    return {"confidence": best / n, "analysis": "%s: the last %d of %d assistant turns repeat with period %d (%s)."
            % (tag, best, n, best_period, " → ".join(names[n - best_period:]))}


def _js_round(x):
    import math
    return math.floor(x + 0.5)


class Detector_llm_judge(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.max_interval = max(p["minInterval"], p["maxInterval"])
        self.count = 0
        self._reset()
        self.recorded = {}
        for r in env["judge"]:
            self.recorded["%s@%d" % (r["model"], r["turn"])] = r
        self.heuristic_turn, self.heuristic = -1, None

    def _reset(self):
        self.turns_in_prompt, self.interval, self.last_check, self.checks = 0, self.p["initialInterval"], 0, 0

    def _adapt(self, c):
        p = self.p
        if self.checks <= p["warmupChecks"]:
            return
        share = 1 - min(c, p["threshold"]) / p["threshold"] if p["intervalScale"] == "threshold" else 1 - c
        v = _js_round(p["minInterval"] + (self.max_interval - p["minInterval"]) * share)
        self.interval = min(self.max_interval, max(p["minInterval"], v))

    def _ask(self, model, turn):
        src = self.p["source"]
        if src == "recorded":
            r = self.recorded.get("%s@%d" % (model, turn))
            return None if r is None else {"confidence": r["confidence"], "analysis": r.get("analysis")}
        if src == "heuristic":
            if turn != self.heuristic_turn:
                self.heuristic_turn = turn
                self.heuristic = _heuristic_judge(_prepare_history(self.env["turns"], turn, self.p["historyCount"]))
            return self.heuristic
        return None

    def _confirm(self, emit, turn, flash, pro, single):
        p = self.p
        self.count += 1
        action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]

        def fmt(c):
            return js_stringify(_js_round(c * 1000) / 1000)

        score = fmt(flash["confidence"])
        if single:
            by = format_message("llm-judge.score", score=score)
        else:
            unavailable = MESSAGES["llm-judge.pro-unavailable"]
            by = format_message("llm-judge.flash-pro", score=score,
                                pro=format_message("llm-judge.pro", score=fmt(pro["confidence"])) if pro else unavailable)
        analysis = (pro or flash).get("analysis")
        stand = MESSAGES["llm-judge.heuristic" if p["source"] == "heuristic" else "llm-judge.llm"]
        message = format_message("llm-judge.confirmed", stand=stand, turn=turn, by=by, threshold=p["threshold"])
        emit(action, self.count, message + (format_message("llm-judge.analysis", analysis=analysis) if analysis else ""))

    def on_turn(self, turn, emit):
        p = self.p
        if p["resetOnUserMessage"] and _judge_new_prompt(self.env["turns"], turn["index"]):
            self._reset()
        self.turns_in_prompt += 1
        if not (self.turns_in_prompt >= p["checkAfterTurns"] and self.turns_in_prompt - self.last_check >= self.interval):
            return
        self.last_check = self.turns_in_prompt
        self.checks += 1
        t = turn["index"]
        flash = self._ask("flash", t)
        if flash is None:
            return
        if flash["confidence"] < p["threshold"]:
            self._adapt(flash["confidence"])
            return
        if p["source"] == "heuristic":
            self._confirm(emit, t, flash, None, True)
            return
        pro = self._ask("pro", t)
        if pro is not None and pro["confidence"] < p["threshold"]:
            self._adapt(pro["confidence"])
        if pro is None or pro["confidence"] >= p["threshold"]:
            self._confirm(emit, t, flash, pro, False)
