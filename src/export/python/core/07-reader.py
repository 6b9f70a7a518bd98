# -- src/import/loopscope-reader.ts + src/model/normalize.ts: lines to turns --
class _LineProblem(Exception):
    pass


def _opt_string(o, key):
    v = o.get(key)
    if v is not None and not isinstance(v, str):
        raise _LineProblem('"%s" must be a string' % key)
    return v


def _as_text(v):
    if isinstance(v, str):
        return v
    return "" if v is None else js_stringify(v)


def _as_json(v):
    if isinstance(v, str):
        t = v.strip()
        # Absurdly nested arguments stay a string, as in the engine (json.loads would recurse).
        if (t.startswith("{") or t.startswith("[")) and not _too_deep(t):
            try:
                return json.loads(t)
            except ValueError:
                return v
    return v


def _read_call(c, i):
    if not isinstance(c, dict):
        raise _LineProblem("call %d is not an object" % (i + 1))
    if not isinstance(c.get("name"), str) or c["name"] == "":
        raise _LineProblem('call %d has no "name"' % (i + 1))
    result = None
    if c.get("result") is not None:
        if not isinstance(c["result"], dict):
            raise _LineProblem('call %d: "result" must be an object' % (i + 1))
        result = c["result"]
    return {"name": c["name"], "args": c["args"] if "args" in c else {}, "result": result,
            "agent": _opt_string(c, "agent"), "rejected": c.get("rejected") is True, "textual": c.get("textual") is True}


def _read_assistant(o):
    if "calls" in o and not isinstance(o["calls"], list):
        raise _LineProblem('"calls" must be an array')
    if "text" in o and not isinstance(o["text"], str):
        raise _LineProblem('"text" must be a string')
    if "tokens" in o and not isinstance(o["tokens"], dict):
        raise _LineProblem('"tokens" must be an object {input, output}')
    return {"text": o.get("text") or "", "calls": [_read_call(c, i) for i, c in enumerate(o.get("calls") or [])],
            "agent": _opt_string(o, "agent"), "timestamp": _opt_string(o, "timestamp")}


def _read_judge(o):
    turn = o.get("turn")
    if not isinstance(turn, (int, float)) or isinstance(turn, bool) or turn != int(turn) or turn < 1:
        raise _LineProblem('"turn" must be an integer >= 1, got %s' % ("nothing" if turn is None else js_stringify(turn)))
    if o.get("model") not in ("flash", "pro"):
        raise _LineProblem('"model" must be "flash" or "pro", got %s' % ("nothing" if o.get("model") is None else js_stringify(o.get("model"))))
    c = o.get("confidence")
    if not isinstance(c, (int, float)) or isinstance(c, bool) or not (0 <= c <= 1):
        raise _LineProblem('"confidence" must be a number from 0 to 1, got %s' % ("nothing" if c is None else js_stringify(c)))
    return {"turn": int(turn), "model": o["model"], "confidence": c, "analysis": _opt_string(o, "analysis")}


def _normalize_result(r, rejected):
    if r is None:
        return None
    content = _as_text(r.get("content"))
    flag = r.get("isError")
    if not isinstance(flag, bool):
        rule = "rejected" if rejected else infer_error(content)
        return {"content": content, "isError": False} if rule is None else {"content": content, "isError": True, "inferred": rule}
    return {"content": content, "isError": flag}


def read_turns(items):
    """The turns of a run from its lines' objects (a missing "type" means assistant), the skipped ones, the judge lines."""
    if not isinstance(items, list):
        raise TypeError("replay(turns): turns must be a list of assistant-line dicts")
    drafts, pending, skipped, judge = [], [], [], []
    for n, o in enumerate(items, 1):
        try:
            if not isinstance(o, dict):
                raise _LineProblem("expected a JSON object")
            kind = o.get("type", "assistant")
            if kind in ("meta", "label"):
                continue
            if kind == "judge":
                judge.append(_read_judge(o))
                continue
            if not isinstance(kind, str):
                raise _LineProblem('missing "type"')
            if kind in ("user", "system"):
                if "text" in o and not isinstance(o["text"], str):
                    raise _LineProblem('"text" must be a string')
                _opt_string(o, "timestamp")
                # extra.condensation (docs/formats.md): a condensation recorded by an importer.
                pending.append({"role": kind, "text": o.get("text") or "", "condensation": o.get("condensation") is True,
                                "apiNotice": o.get("apiError") is True or o.get("apiRetry") is True})
            elif kind == "assistant":
                t = _read_assistant(o)
                t["before"], pending = pending, []
                drafts.append(t)
            else:
                raise _LineProblem("unknown type %s (known: meta, user, system, assistant, judge, label)" % js_stringify(kind))
        except _LineProblem as e:
            skipped.append({"line": n, "reason": str(e)})
    turns, call_no = [], 0
    for i, t in enumerate(drafts, 1):
        calls = t["calls"]
        if not calls:
            calls = [{"name": c["name"], "args": c["args"], "result": None, "agent": None, "rejected": False, "textual": True}
                     for c in find_textual_calls(t["text"])]
        out = []
        for c in calls:
            call_no += 1
            out.append({"index": call_no, "name": c["name"], "args": _as_json(c["args"]),
                        "result": _normalize_result(c["result"], c["rejected"]), "agent": c["agent"], "textual": c["textual"]})
        turns.append({"index": i, "text": t["text"], "calls": out, "agent": t["agent"], "before": t["before"]})
    return turns, skipped, judge
