# -- src/model/textual-calls.ts: calls written as text in a message --
_NAME = re.compile(r"[A-Za-z_][\w.-]{0,127}", _A)
_BROKEN_NAME = re.compile(r"[A-Za-z_][\w.-]*>", _A)
_GT_OR_NEWLINE = re.compile(r"[>\n]")
_LINE_END = re.compile("[\n\r\u2028\u2029]")  # where JavaScript's ^ in /m starts a line
_BLANKS = re.compile(r"[ \t]*")
_MAX_JSON_DEPTH = 500  # src/model/limits.ts MAX_JSON_DEPTH
_JSON_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


class _Forward:
    """src/model/forward-search.ts: searches from increasing positions, each answer reused until passed."""

    def __init__(self, find):
        self.find, self.frm, self.found = find, -1, -1

    def at(self, pos):
        if self.frm == -1 or pos < self.frm or (self.found != -1 and self.found < pos):
            self.frm, self.found = pos, self.find(pos)
        return self.found


def _too_deep(t):
    """Whether JSON text nests deeper than _MAX_JSON_DEPTH, read from the text (json.loads would recurse)."""
    if t.count("[") + t.count("{") <= _MAX_JSON_DEPTH:
        return False
    depth = 0
    for m in _JSON_NESTING.finditer(t):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > _MAX_JSON_DEPTH:
                return True
        elif c in "]}":
            depth -= 1
    return False


_DEEP = object()


def _loads_shallow(t):
    if _too_deep(t):
        return _DEEP
    try:
        return json.loads(t)
    except ValueError:
        return None


def _tag_value(s):
    if s.startswith("\n"):
        s = s[1:]
    if s.endswith("\n"):
        s = s[:-1]
    return s


def _xml_params(body):
    args, opn = {}, "<parameter="
    closes = _Forward(lambda f: body.find("</parameter>", f))
    i = body.find(opn)
    while i != -1:
        gt = body.find(">", i + len(opn))
        if gt == -1:
            break
        key = body[i + len(opn):gt].strip()
        close = closes.at(gt + 1)
        nxt = body.find(opn, gt + 1)
        end = close if close != -1 and (nxt == -1 or close < nxt) else (nxt if nxt != -1 else len(body))
        if key and key not in args:
            args[key] = _tag_value(body[gt + 1:end])
        i = nxt
    return args


def _json_call(v):
    if not isinstance(v, dict) or not isinstance(v.get("name"), str) or not _NAME.fullmatch(v["name"]):
        return None
    if "arguments" not in v and "parameters" not in v:
        return None
    args = v["arguments"] if "arguments" in v else v.get("parameters")
    if isinstance(args, str):
        if _too_deep(args):
            return _DEEP
        try:
            args = json.loads(args)
        except ValueError:
            return None
    if args is None:
        args = {}
    return {"name": v["name"], "args": args} if isinstance(args, dict) else None


def _json_calls(body, out):
    t = body.strip()
    if not (t.startswith("{") or t.startswith("[")):
        return
    if _too_deep(t):
        return
    try:
        v = json.loads(t)
    except ValueError:
        return
    calls = [_json_call(x) for x in (v if isinstance(v, list) else [v])]
    if any(c is _DEEP for c in calls):
        return
    if calls and all(c is not None for c in calls):
        out.extend(calls)


def _xml_opening(text, at, name_ends):
    """`=([^>\\n]+)>` or `>([A-Za-z_][\\w.-]*)>` at `at`: (raw name, end of the tag) or None."""
    c = text[at:at + 1]
    if c == "=":
        j = name_ends.at(at + 1)
        return (text[at + 1:j], j + 1) if j > at + 1 and text[j] == ">" else None
    if c != ">":
        return None
    m = _BROKEN_NAME.match(text, at + 1)
    return (m.group()[:-1], m.end()) if m else None


def _xml_calls(text, out):
    name_ends = _Forward(lambda f: (lambda m: m.start() if m else -1)(_GT_OR_NEWLINE.search(text, f)))
    starts = []
    p = text.find("<function")
    while p != -1:
        tag = _xml_opening(text, p + 9, name_ends)
        if tag and _NAME.fullmatch(tag[0].strip()):
            starts.append((p, tag[1], tag[0].strip()))
        p = text.find("<function", tag[1] if tag else p + 1)
    closes = _Forward(lambda f: text.find("</function>", f))
    for k, (_, body_at, name) in enumerate(starts):
        limit = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        close = closes.at(body_at)
        end = close if close != -1 and close < limit else limit
        out.append({"name": name, "args": _xml_params(text[body_at:end])})


def _tagged_calls(text, out):
    i = text.find("<tool_call>")
    while i != -1:
        close = text.find("</tool_call>", i + 11)
        _json_calls(text[i + 11:len(text) if close == -1 else close], out)
        if close == -1:
            return
        i = text.find("<tool_call>", close + 12)


def _skip_blanks(text, at):
    return _BLANKS.match(text, at).end()


def _fence_opening(text, at):
    k = _skip_blanks(text, at)
    if not text.startswith("```", k):
        return -1
    k = _skip_blanks(text, k + 3)
    if text.startswith("json", k) or text.startswith("JSON", k):
        k = _skip_blanks(text, k + 4)
    return k + 1 if text[k:k + 1] == "\n" else -1


def _fence_closing(text, frm):
    k = text.find("\n", frm)
    while k != -1:
        if text.startswith("```", _skip_blanks(text, k + 1)):
            return k
        k = text.find("\n", k + 1)
    return -1


def _fenced_calls(text, out):
    closings = _Forward(lambda f: _fence_closing(text, f))
    line = 0
    while line != -1:
        resume = line
        body_at = _fence_opening(text, line)
        if body_at != -1:
            end = closings.at(body_at)
            if end == -1:
                return
            body = text[body_at:end]
            if '"name"' in body:
                _json_calls(body, out)
            resume = _skip_blanks(text, end + 1) + 3
        m = _LINE_END.search(text, resume)
        line = m.start() + 1 if m else -1


def find_textual_calls(text):
    if not ("<function" in text or "<tool_call>" in text or ("```" in text and '"name"' in text)):
        return []
    out = []
    if "<function" in text:
        _xml_calls(text, out)
    if "<tool_call>" in text:
        _tagged_calls(text, out)
    if not out and "```" in text:
        _fenced_calls(text, out)
    return out
