# -- src/engine/detectors/openhands-stuck.ts (+ stuck-history.ts, stuck-scenarios.ts): OpenHands' StuckDetector --
_OH_NUDGES = ["Your last response did not include a function call", "did not include a function call or a message",
              "Please use a tool to proceed"]
_OH_UNTERMINATED = "SyntaxError: unterminated string literal (detected at line"
_OH_INVALID = ["SyntaxError: invalid syntax. Perhaps you forgot a comma?", "SyntaxError: incomplete input"]
_OH_KEEP = 512


def _oh_obs_key(o):
    if "key" not in o:
        o["key"] = o["make"]()
    return o["key"]


def _oh_action(e, f):
    if e["k"] == "act":
        return {"key": lambda: e["key"], "error": False, "ipython": None}
    if e["k"] == "msg" and f == "v0":
        return {"key": lambda: "\u0000message\u0000" + e["text"], "error": False, "ipython": None}
    return None


_OH_COND = {"key": lambda: "\u0000condensation", "error": False, "ipython": None}


def _oh_observation(e, f):
    if e["k"] == "obs":
        return {"key": lambda: _oh_obs_key(e), "error": e["error"], "ipython": e.get("ipython"), "e": e}
    if e["k"] == "cond" and f == "v0":
        return _OH_COND
    return None


def _oh_last_items(events, n, f):
    acts, obs = [], []
    i = len(events) - 1
    while i >= 0 and (len(acts) < n or len(obs) < n):
        a = _oh_action(events[i], f)
        if a is not None:
            if len(acts) < n:
                acts.append(a)
        else:
            o = _oh_observation(events[i], f)
            if o is not None and len(obs) < n:
                obs.append(o)
        i -= 1
    return acts, obs


def _oh_all_same(items, n):
    first = items[0]["key"]()
    return all(items[i]["key"]() == first for i in range(1, n))


def _oh_consistent_line_error(outputs):
    lines = []
    for c in outputs:
        ls = c.strip().split("\n")
        if len(ls) < 3:
            return False
        last = ls[-3:]
        if not (last[1].startswith("[Jupyter current working directory:")
                and last[2].startswith("[Jupyter Python interpreter:")):
            return False
        if _OH_UNTERMINATED in last[0]:
            lines.append(last[0])
    return len(lines) == len(outputs) and len(set(lines)) == 1


def _oh_consistent_invalid_syntax(outputs, message):
    first, valid = set(), []
    for c in outputs:
        ls = c.strip().split("\n")
        if len(ls) < 6:
            return False
        l1 = ls[0].strip()
        if not l1.startswith("Cell In[1], line"):
            return False
        first.add(l1)
        n = len(ls)
        if (ls[n - 1].startswith("[Jupyter Python interpreter:") and ls[n - 2].startswith("[Jupyter current working directory:")
                and message in ls[n - 3]):
            valid.append(c)
    return len(first) == 1 and len(valid) == len(outputs) and len(set(c.strip().split("\n")[:-2][-1] for c in valid)) == 1


def _oh_streak(acts, obs):
    # stuck_detector.py _action_error_streak (after #4332): pairs from the newest, zipped
    if not acts or not obs:
        return 0
    first, streak = acts[0]["key"](), 0
    for a, o in zip(acts, obs):
        if a["key"]() != first or not o["error"]:
            break
        streak += 1
    return streak


def _oh_action_error_streak(events, t):
    acts, obs = _oh_last_items(events, t["actionError"] + 1, t["flavour"])
    return _oh_streak(acts, obs), (obs[0].get("e") if obs else None)


def _oh_action_error(acts, obs, t):
    n = t["actionError"]
    if t["flavour"] == "sdk" and t["actionErrorNudge"]:
        return _oh_streak(acts, obs) > n
    if len(acts) < n or len(obs) < n or not _oh_all_same(acts, n):
        return False
    recent = obs[:n]
    if all(o["error"] for o in recent):
        return True
    if t["flavour"] != "v0" or not all(o["ipython"] is not None for o in recent):
        return False
    outputs = [o["ipython"] for o in recent]
    return _oh_consistent_line_error(outputs) or any(_oh_consistent_invalid_syntax(outputs, m) for m in _OH_INVALID)


def _oh_monologue_v0(events, n):
    seen, text, observed = 0, "", False
    for e in reversed(events):
        if e["k"] == "msg":
            if seen > 0 and e["text"] != text:
                return False
            text = e["text"]
            seen += 1
            if seen == n:
                return not observed
        elif seen > 0 and e["k"] in ("obs", "cond"):
            observed = True
    return False


def _oh_monologue_sdk(events, n):
    count = 0
    for e in reversed(events):
        if e["k"] == "msg":
            count += 1
        elif e["k"] in ("cond", "nudge"):
            continue  # a condensation summary or an environment message does not break the monologue
        else:
            break
    return count >= n


def _oh_alternating(events, n, f):
    if len(events) < n:
        return False
    acts, obs = _oh_last_items(events, n, f)
    if len(acts) < n or len(obs) < n:
        return False
    if any(acts[i]["key"]() != acts[i + 2]["key"]() for i in range(0, n - 2)):
        return False
    return all(obs[i]["key"]() == obs[i + 2]["key"]() for i in range(0, n - 2))


def _oh_condensation_loop(events, n):
    if len(events) < n:
        return False
    at = []
    i = len(events) - 1
    while i >= 0 and len(at) < n:
        if events[i]["k"] == "cond":
            at.append(i)
        i -= 1
    if len(at) < n:
        return False
    return any(at[j] - at[j + 1] == 1 for j in range(len(at) - 1))


def _oh_empty_responses(events, n):
    count = 0
    for e in reversed(events):
        if e["k"] != "msg" or e["text"].strip() != "":
            break
        count += 1
    return count >= n


def _oh_find(events, t, counts):
    if len(events) < min(t["actionObservation"], t["actionError"], t["monologue"]):
        return None
    f = t["flavour"]
    nudged = f == "sdk" and t["actionErrorNudge"]
    acts, obs = _oh_last_items(events, max(t["actionObservation"], t["actionError"] + (1 if nudged else 0)), f)
    n1 = t["actionObservation"]
    if len(acts) >= n1 and len(obs) >= n1 and _oh_all_same(acts, n1) and _oh_all_same(obs, n1):
        return 1, "repeating_action_observation"
    if _oh_action_error(acts, obs, t):
        return 2, "repeating_action_error"
    enough = counts is None or counts["messages"] >= min(t["monologue"], t["emptyResponses"] or float("inf"))
    if enough and (_oh_monologue_v0(events, t["monologue"]) if f == "v0" else _oh_monologue_sdk(events, t["monologue"])):
        return 3, "monologue"
    if _oh_alternating(events, t["alternatingPattern"], f):
        return 4, "repeating_action_observation_pattern"
    if (f == "v0" and t["condensations"] > 0 and (counts is None or counts["condensations"] >= t["condensations"])
            and _oh_condensation_loop(events, t["condensations"])):
        return 5, "context_window_error"
    if f == "v0" and t["emptyResponses"] > 0 and enough and _oh_empty_responses(events, t["emptyResponses"]):
        return 6, "empty_response_loop"
    return None


# _OH_SCENARIO_TEXT (OPENHANDS_SCENARIOS of message-templates.ts): in the tables.


_OH_EDIT_SKILL = "edit_file_by_replace("


def _oh_last_action(call):
    return "" if call is None else format_message("openhands-stuck.last-action", call=describe_call(call.name, call.args))


class Detector_openhands_stuck(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.shell, self.ipy = set(p["shellTools"]), set(p["ipythonTools"])
        self.window = p["scanEvents"] if p["scanEvents"] > 0 else 0
        self.cap = self.window if self.window > 0 else _OH_KEEP
        self.events, self.counts = [], {"messages": 0, "condensations": 0}
        self.thought, self.level, self.short_edits = "", 0, 0
        self.stuck_count, self.last_nudged = 0, None
        self.nudges = p["flavour"] == "sdk" and p["actionErrorNudge"]

    def _push(self, e):
        self.events.append(e)
        if e["k"] == "msg":
            self.counts["messages"] += 1
        elif e["k"] == "cond":
            self.counts["condensations"] += 1
        if len(self.events) > 2 * self.cap:
            self.events = self.events[-self.cap:]
            self.counts = {"messages": sum(1 for x in self.events if x["k"] == "msg"),
                           "condensations": sum(1 for x in self.events if x["k"] == "cond")}

    def _clear(self):
        self.events, self.counts = [], {"messages": 0, "condensations": 0}

    def _check(self, emit, call=None):
        events = self.events
        if self.window > 0:
            events = events[-self.window:]
            last_user = -1
            for i in range(len(events) - 1, -1, -1):
                if events[i]["k"] == "user":
                    last_user = i
                    break
            events = events[last_user + 1:]
        if self.nudges and self._nudge(events, emit, call):
            return
        found = _oh_find(events, self.p, None if self.window > 0 else self.counts)
        if found is None:
            return
        self.level += 1
        self.stuck_count += 1
        acts = self.p["actions"]
        action = acts[min(self.stuck_count - 1, len(acts) - 1)]
        text = _OH_SCENARIO_TEXT[str(found[0])]
        msg = format_message("openhands-stuck.stuck", loopType=found[1], scenario=found[0], text=text)
        emit(action, self.level, msg + _oh_last_action(call))

    def _nudge(self, events, emit, call):
        # local_conversation.py _check_stuck_or_nudge: the nudge first; when it fires, no stuck check
        streak, error = _oh_action_error_streak(events, self.p)
        if streak != self.p["actionError"] or error is self.last_nudged:
            return False
        self.last_nudged = error
        self._push({"k": "nudge"})
        self.level += 1
        msg = format_message("openhands-stuck.nudge", count=self.p["actionError"])
        emit("warn", self.level, msg + _oh_last_action(call))
        return True

    def _observation(self, c):
        result = c.result
        if result is None:
            return None
        p = self.p
        if p["flavour"] == "v0" and c.name in self.shell:
            a = c.args
            cmd = js_stringify(a.get("command")) if isinstance(a, dict) else ""
            return {"k": "obs", "make": lambda: "\u0000shell\u0000%s\u0000%d" % (cmd, 1 if result["isError"] else 0),
                    "error": False}
        ipy = result["content"] if p["flavour"] == "v0" and c.name in self.ipy else None
        raw = p["rawText"]
        code = self._cell_code(c)
        # An IPython cell's output is an IPythonRunCellObservation, never an ErrorObservation; it
        # carries the cell's code.
        return {"k": "obs", "make": lambda: c.name + "\u0000" + (code or "") + "\u0000" + (c.result_fp if raw else c.norm_result_fp),
                "error": bool(result["isError"]) and ipy is None, "ipython": ipy}

    def on_turn(self, turn, emit):
        p = self.p
        turns, index = self.env["turns"], turn["index"]
        t = turns[index - 1] if 0 < index <= len(turns) and turns[index - 1]["index"] == index else None
        if t is None:
            t = next((x for x in turns if x["index"] == index), None)
        for m in t["before"] if t is not None else []:
            if m["role"] == "system" and m.get("condensation"):
                self._push({"k": "cond"})
            elif p["sinceLastUser"] and (
                    m["role"] == "user" and not any(f in m["text"] for f in _OH_NUDGES) if p["flavour"] == "v0"
                    else m["role"] == "user"):
                if self.window > 0:
                    self._push({"k": "user"})
                else:
                    self._clear()
        self.thought = turn["text"]
        if turn["callCount"] > 0:
            return
        self._push({"k": "msg", "text": turn["text"]})
        self._check(emit)

    def _cell_code(self, c):
        if self.p["flavour"] != "v0" or c.name not in self.ipy:
            return None
        a = c.args if self.p["rawText"] else c.norm_args
        return a["code"] if isinstance(a, dict) and isinstance(a.get("code"), str) else None

    def _action_key(self, c):
        p = self.p
        code = self._cell_code(c)
        if code is not None and _OH_EDIT_SKILL in code:
            # stuck.py _eq_no_pid: the first 3 lines, thought ignored; 2 lines or fewer equal nothing.
            lines = code.split("\n")
            if len(lines) > 2:
                return "\u0000edit\u0000" + "\n".join(lines[:3])
            self.short_edits += 1
            return "\u0000edit-short\u0000%d" % (self.short_edits - 1)
        base = c.exact if p["rawText"] else c.norm_exact
        return base + "\u0000" + self.thought if p["compareThought"] else base

    def on_call(self, call, emit):
        self._push({"k": "act", "key": self._action_key(call)})
        self.thought = ""  # later calls of the same response carry no thought
        obs = self._observation(call)
        if obs is not None:
            self._push(obs)
        self._check(emit, call)
