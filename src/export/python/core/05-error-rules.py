# -- src/model/error-rules.ts: errors inferred from results without a flag --
_EDGE = 1000
_BLANK = re.compile(r"^\s*$")
_EXIT_LINE = re.compile(
    r"^\s*(?:\[(?:The command completed|Command finished) with exit code|Exit code:|<returncode>|(?:Process |Command )?exited with (?:code|status))\s*(-?\d+)",
    _A | re.I,
)
_NOT_FOUND = re.compile(r"^(?:[^\s:][^:\n]*: (?:line \d+: |\d+: )?[^\s:]+: (?:command )?not found|zsh: command not found: \S+)\Z", _A)
_NO_SUCH_FILE = re.compile(r"^[^\s:][^\n:]*: [^\n]*\bNo such file(?: or directory)?\)?\Z", _A)
_EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure)\b(?::|\Z)", _A)
_ANY_NEEDLE = re.compile(r"rror|RROR|not found|No such file|TIMED OUT|proposed edit|xit|returncode|xception|Interrupt|Warning|Failure")


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
    ("error-prefix", lambda f, l, t: bool(re.match(r"^(?:ERROR|Error|error):", f[0] if f else ""))),
    ("command-not-found", lambda f, l, t: any(_NOT_FOUND.match(x) for x in f) or any(_NOT_FOUND.match(x) for x in l)),
    ("no-such-file", lambda f, l, t: any(_NO_SUCH_FILE.match(x) for x in f) or any(_NO_SUCH_FILE.match(x) for x in l)),
    ("traceback", lambda f, l, t: any(_EXCEPTION_LINE.match(x) for x in l) and "Traceback (most recent call last):" in t),
    ("edit-lint-failed", lambda f, l, t: re.match(r"\[?Your proposed edit has introduced new syntax error", f[0] if f else "") is not None),
    ("timeout", lambda f, l, t: any(re.match(r"^\s*EXECUTION TIMED OUT\b", x) for x in f)),
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
