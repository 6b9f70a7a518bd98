# -- src/engine/replay-core.ts: every turn and call, in order, to every detector --
def _replay(items, detectors, ignore_textual_calls, messages=False):
    turns, skipped, judge = read_turns(items)
    events, pos = [], {"turn": 0, "call": None}

    def sink_for(det_id):
        def emit(action, level, message, turn=None, call=None):
            e = {"turn": turn if turn is not None else pos["turn"]}
            c = call if call is not None else pos["call"]
            if c is not None:
                e["call"] = c
            e.update({"detector": det_id, "action": action, "level": level})
            if messages:
                e["message"] = message
            events.append(e)
        return emit

    if ignore_textual_calls:
        turns = [dict(t, calls=[c for c in t["calls"] if not c["textual"]]) for t in turns]
    env = {"turns": turns, "judge": judge}
    running = [(cls(settings, env), sink_for(det_id)) for det_id, cls, settings in detectors]
    for turn in turns:
        calls = turn["calls"]
        pos["turn"], pos["call"] = turn["index"], None
        view = {"index": turn["index"], "text": turn["text"], "callCount": len(calls), "agent": turn["agent"]}
        for det, emit in running:
            det.on_turn(view, emit)
        for c in calls:
            pos["call"] = c["index"]
            cv = CallView(turn["index"], c["index"], c["name"], c["args"], c["result"], c["agent"] if c["agent"] is not None else turn["agent"])
            for det, emit in running:
                det.on_call(cv, emit)
    return {"events": events, "skipped": skipped}


class DetectorBase:
    def __init__(self, p, env):
        self.p, self.env = p, env

    def on_turn(self, turn, emit):
        pass

    def on_call(self, call, emit):
        pass


class FailureStreak(DetectorBase):
    """Consecutive failures (bash-failure-cascade, test-fix): a nudge for each from the threshold on."""

    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.failures = 0

    def count(self, failed, emit, prompt):
        if not failed:
            self.failures = 0
            return
        self.failures += 1
        p = self.p
        if self.failures < p["threshold"]:
            return
        level = self.failures - p["threshold"] + 1
        emit(p["actions"][min(level - 1, len(p["actions"]) - 1)], level, prompt(self.failures))
