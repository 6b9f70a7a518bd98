# -- src/model/textual-calls.ts: calls written as text in a message --
_NAME = re.compile(r"[A-Za-z_][\w.-]{0,127}", _A)
_XML_CALL = re.compile(r"<function(?:=([^>\n]+)>|>([A-Za-z_][\w.-]*)>)", _A)
_TAGGED = re.compile(r"<tool_call>([\s\S]*?)(?:</tool_call>|\Z)")
_FENCED = re.compile(r"^[ \t]*```[ \t]*(json|JSON)?[ \t]*\n([\s\S]*?)\n[ \t]*```", re.M)


def _tag_value(s):
    if s.startswith("\n"):
        s = s[1:]
    if s.endswith("\n"):
        s = s[:-1]
    return s


def _xml_params(body):
    args, opn = {}, "<parameter="
    i = body.find(opn)
    while i != -1:
        gt = body.find(">", i + len(opn))
        if gt == -1:
            break
        key = body[i + len(opn):gt].strip()
        close = body.find("</parameter>", gt + 1)
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
    try:
        v = json.loads(t)
    except ValueError:
        return
    calls = [_json_call(x) for x in (v if isinstance(v, list) else [v])]
    if calls and all(c is not None for c in calls):
        out.extend(calls)


def find_textual_calls(text):
    if not ("<function" in text or "<tool_call>" in text or ("```" in text and '"name"' in text)):
        return []
    out = []
    if "<function" in text:
        starts = []
        for m in _XML_CALL.finditer(text):
            name = (m.group(1) if m.group(1) is not None else m.group(2)).strip()
            if _NAME.fullmatch(name):
                starts.append((m.start(), m.end(), name))
        for k, (_, body_at, name) in enumerate(starts):
            limit = starts[k + 1][0] if k + 1 < len(starts) else len(text)
            close = text.find("</function>", body_at)
            end = close if close != -1 and close < limit else limit
            out.append({"name": name, "args": _xml_params(text[body_at:end])})
    if "<tool_call>" in text:
        for m in _TAGGED.finditer(text):
            _json_calls(m.group(1), out)
    if not out and "```" in text:
        for m in _FENCED.finditer(text):
            if '"name"' in m.group(2):
                _json_calls(m.group(2), out)
    return out
