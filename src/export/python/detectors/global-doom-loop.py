# -- src/engine/detectors/global-doom-loop.ts: one primary fingerprint >= threshold calls across >= minAgents agents --
def _global_doom_prompt(tool, workers, total):
    return format_message("global-doom-loop", tool=tool, workers=workers, total=total)


def _has_agents(turns, mn):
    seen = set()
    for turn in turns:
        for c in turn["calls"]:
            a = c["agent"] if c["agent"] is not None else (turn["agent"] if turn["agent"] is not None else "")
            seen.add(a)
            if len(seen) >= mn:
                return True
    return len(seen) >= mn


class Detector_global_doom_loop(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.active = _has_agents(env["turns"], p["minAgents"])
        self.counts, self.agents, self.nudges = {}, {}, {}

    def on_call(self, call, emit):
        if not self.active:
            return
        p = self.p
        agent = call.agent if call.agent is not None else ""
        fp = call.primary if p["rawText"] else call.norm_primary
        self.counts[fp] = self.counts.get(fp, 0) + 1
        self.agents.setdefault(fp, set()).add(agent)
        count, agents = self.counts[fp], len(self.agents[fp])
        if count < p["threshold"] or agents < p["minAgents"]:
            return
        self.nudges[fp] = self.nudges.get(fp, 0) + 1
        level = self.nudges[fp]
        emit(p["actions"][min(level - 1, len(p["actions"]) - 1)], level, _global_doom_prompt(call.name, agents, count))
