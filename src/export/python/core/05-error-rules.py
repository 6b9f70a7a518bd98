# -- src/model/error-rules.ts: errors inferred from results without a flag --
# The patterns (_BLANK, _EXIT_LINE, _NOT_FOUND, …) and _EDGE are in the tables above.


def _first_lines(text, mx):
    out, i, n = [], 0, len(text)
    while i < n and len(out) < mx:
        nl = text.find("\n", i)
        if nl == -1:
            nl = n
        if nl > _EDGE and n > 2 * _EDGE:
            break
        line = text[i:nl]
        if not _BLANK.match(line):
            out.append(line.rstrip())
        i = nl + 1
    return out


def _last_lines(text, mx):
    out, n = [], len(text)
    end = n
    while end > 0 and len(out) < mx:
        nl = text.rfind("\n", 0, end)
        if nl + 1 < n - _EDGE and n > 2 * _EDGE:
            break
        line = text[nl + 1:end]
        if not _BLANK.match(line):
            out.append(line.rstrip())
        end = nl
    out.reverse()
    return out


_RULES = [
    ("error-prefix", lambda f, l, t: bool(_ERROR_PREFIX.match(f[0] if f else ""))),
    ("command-not-found", lambda f, l, t: any(_NOT_FOUND.match(x) for x in f) or any(_NOT_FOUND.match(x) for x in l)),
    ("no-such-file", lambda f, l, t: any(_NO_SUCH_FILE.match(x) for x in f) or any(_NO_SUCH_FILE.match(x) for x in l)),
    ("traceback", lambda f, l, t: any(_EXCEPTION_LINE.match(x) for x in l) and "Traceback (most recent call last):" in t),
    ("edit-lint-failed", lambda f, l, t: _EDIT_LINT_FAILED.match(f[0] if f else "") is not None),
    ("timeout", lambda f, l, t: any(_TIMED_OUT.match(x) for x in f)),
]


def infer_error(text):
    if not text:
        return None
    first, last = _first_lines(text, 3), _last_lines(text, 5)
    if not any(_ANY_NEEDLE.search(x) for x in first) and not any(_ANY_NEEDLE.search(x) for x in last):
        return None
    for x in last + first:
        m = _EXIT_LINE.match(x)
        if m:
            return "exit-code" if int(m.group(1)) != 0 else None
    for rule_id, match in _RULES:
        if match(first, last, text):
            return rule_id
    return None
