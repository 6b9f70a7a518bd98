# -- src/engine/detectors/no-progress.ts: k steps in a row whose (action, observation) pair is not new --
def _no_progress_message(action, n, window, shown):
    lst = "\n".join("  %d. %s" % (i + 1, s) for i, s in enumerate(shown))
    if action == "terminate":
        return ("Loop detected: no progress in the last %d steps (each repeated an action and result already seen "
                "in the last %d steps). Stopping the run:\n%s" % (n, window, lst))
    return ("⚠️ No progress: the last %d steps each repeated an action and its result (or an error) already seen "
            "in the last %d steps:\n%s\nNothing new is being learned. Change something real (another command, file "
            "or approach), or explain what is blocking you." % (n, window, lst))


class Detector(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.ring = [None] * p["window"]
        self.size = self.next = self.stuck = self.moving = self.level = 0
        self.recent = []

    def _obs(self, s):
        if s["call"] is None:
            return ""
        return s["call"].result_fp if self.p["rawText"] else s["call"].norm_result_fp

    def _action(self, s):
        if s["call"] is None:
            return s["action"]
        return s["call"].exact if self.p["rawText"] else s["call"].norm_exact

    def _same_action(self, a, b):
        if a["call"] is not None and b["call"] is not None:
            return a["call"].exact == b["call"].exact if self.p["rawText"] else same_norm_exact(a["call"], b["call"])
        return self._action(a) == self._action(b)

    def _repeats(self, step):
        raw = self.p["rawText"]
        for i in range(self.size):
            s = self.ring[i]
            if s["call"] is not None and step["call"] is not None and not raw:
                if same_norm_step(s["call"], step["call"]):
                    return True
            elif self._same_action(s, step) and self._obs(s) == self._obs(step):
                return True
        if not self.p["sameError"] or not step["failed"]:
            return False
        return any(self.ring[i]["failed"] and self._obs(self.ring[i]) == self._obs(step) for i in range(self.size))

    def _describe(self, s):
        if s["call"] is not None:
            return describe_call(s["call"].name, s["call"].args)
        t = " ".join(s["text"].split())
        return 'text: "%s"' % (t[:80] + "…" if len(t) > 80 else t)

    def _feed(self, step, emit):
        p = self.p
        again = self._repeats(step)
        self.ring[self.next] = step
        self.next = 0 if self.next + 1 == len(self.ring) else self.next + 1
        self.size = min(self.size + 1, len(self.ring))
        if not again:
            self.stuck = 0
            self.recent = []
            self.moving += 1
            if self.moving >= p["k"]:
                self.level = 0
            return
        self.moving = 0
        self.stuck += 1
        self.recent.append(step)
        if len(self.recent) > p["k"]:
            self.recent.pop(0)
        if self.stuck < p["k"] or (self.stuck - p["k"]) % p["k"] != 0:
            return
        self.level += 1
        action = p["actions"][min(self.level - 1, len(p["actions"]) - 1)]
        seen, shown = set(), []
        for s in self.recent:
            a = self._action(s)
            if a not in seen and len(shown) < 5:
                seen.add(a)
                shown.append(self._describe(s))
        emit(action, self.level, _no_progress_message(action, self.stuck, p["window"], shown))

    def on_turn(self, turn, emit):
        if turn["callCount"] > 0:
            return
        text = turn["text"] if self.p["rawText"] else normalize_text(turn["text"])
        self._feed({"action": "text:" + text, "call": None, "text": turn["text"], "failed": False}, emit)

    def on_call(self, call, emit):
        r = call.result
        failed = r is not None and (r["isError"] or (is_shell_tool(call.name) and shell_failed(r)))
        self._feed({"action": "", "call": call, "text": "", "failed": failed}, emit)
