# -- src/engine/detectors/content-chanting.ts + chant-tracker.ts: Gemini CLI's content loop check --
# Positions count UTF-16 code units, as in the engine: text is handled as a string of code units.
import re as _re_chant

# _ELEMENT, _DIVIDER, _ELEMENT_FIXED, _DIVIDER_FIXED (chant-tracker.ts), _SAME_PROMPT (user-prompt.ts): in the tables.


def _to_units(s):
    return "".join(map(chr, _units(s)))


def _from_units(u):
    return u.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _starts_new_prompt(turns, index):
    t = turns[index - 1] if 0 < index <= len(turns) and turns[index - 1]["index"] == index else None
    if t is None:
        t = next((x for x in turns if x["index"] == index), None)
    if t is None:
        return False
    return any(m["role"] == "user" and not any(r.match(m["text"]) for r in _SAME_PROMPT) for m in t["before"])


def _gemini_loop_message(action, detail):
    return format_message("gemini.terminate" if action == "terminate" else "gemini.warn", detail=detail)


class _ChantTracker:
    def __init__(self, chunk_size, threshold, max_history, max_distance_chunks, check_periods, fixed_markers=False):
        self.element = _ELEMENT_FIXED if fixed_markers else _ELEMENT
        self.divider = _DIVIDER_FIXED if fixed_markers else _DIVIDER
        self.size, self.threshold, self.max_history = chunk_size, threshold, max_history
        self.max_distance, self.check_periods = chunk_size * max_distance_chunks, check_periods
        self.in_code_block = False
        self.reset()

    def reset(self):
        self.hist, self.base, self.next, self.stats = "", 0, 0, {}

    def feed(self, content):
        fences = content.count("```")
        divider = bool(self.divider.match(content))
        if fences or divider or self.element.search(content):
            self.reset()
        was = self.in_code_block
        if fences % 2 == 1:
            self.in_code_block = not self.in_code_block
        if was or self.in_code_block or divider:
            return None
        self.hist += content
        excess = len(self.hist) - self.max_history
        if excess > 0:
            self.hist = self.hist[excess:]
            self.base += excess
            self.next = max(self.next, self.base)
        end = self.base + len(self.hist)
        while self.next + self.size <= end:
            rel = self.next - self.base
            if self._loop_at(self.hist[rel:rel + self.size], self.next):
                excerpt = _from_units(self.hist[max(0, rel - 20):rel + self.size]).strip()
                return format_message("gemini.chanting", excerpt=excerpt)
            self.next += 1
        return None

    def _loop_at(self, chunk, pos):
        live = [q for q in self.stats.get(chunk, []) if q >= self.base]
        live.append(pos)
        self.stats[chunk] = live
        if len(live) == 1:
            return False
        r = live[::-1][:self.threshold]  # newest first
        if len(r) < self.threshold:
            return False
        if (r[0] - r[-1]) / (self.threshold - 1) > self.max_distance:
            return False
        if not self.check_periods:
            return True
        periods = {self.hist[r[i] - self.base:r[i - 1] - self.base] for i in range(self.threshold - 1, 0, -1)}
        return len(periods) <= self.threshold // 2


class Detector_content_chanting(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.tracker = _ChantTracker(p["chunkSize"], p["threshold"], max(p["maxHistory"], p["chunkSize"]),
                                     p["maxDistanceChunks"], p["checkPeriods"], p["fixedMarkers"])
        self.count = 0

    def on_turn(self, turn, emit):
        p = self.p
        if p["resetOnUserMessage"] and _starts_new_prompt(self.env["turns"], turn["index"]):
            self.tracker.reset()
        for line in _re_chant.split(r"(?<=\n)", _to_units(turn["text"])):
            if line == "":
                continue
            detail = self.tracker.feed(line)
            if detail is not None:
                self.count += 1
                action = p["actions"][min(self.count - 1, len(p["actions"]) - 1)]
                emit(action, self.count, _gemini_loop_message(action, detail))
                break
        if p["resetOnToolCall"] and turn["callCount"] > 0:
            self.tracker.reset()
