# -- src/engine/observation.ts: volatile tokens masked --
_MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
_DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])", _A)
_SHELL_LINE = re.compile(r"\b((?:ba|da|z|k|mk)?sh): (line )?\d+:", _A)
_ISO_TIME = re.compile(
    r"\b\d{4}-[01]\d-[0-3]\d[T ][0-2]\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?: ?(?:Z|[+-][0-2]\d:?[0-5]\d)\b)?", _A
)
_FILE_TIME = re.compile(r"\b\d{4}-[01]\d-[0-3]\dT[0-2]\d([_-])[0-5]\d\1[0-5]\d(?:[_.-]\d{1,9})?Z?", _A)
_CLF_TIME = re.compile(r"\b[0-3]\d/" + _MONTH + r"/\d{4}:[0-2]\d:[0-5]\d:[0-5]\d(?: [+-]\d{4})?", _A)
_NAMED_TIME = re.compile(
    r"\b(?:" + _DAY + r",? )?" + _MONTH
    + r" {1,2}[0-3]?\d,? (?:\d{4} )?[0-2]?\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?: ?[AP]M)?(?: [A-Z]{2,5}(?: \d{4})?)?\b",
    _A,
)
_CLOCK = re.compile(r"(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?(?![\d:])", _A)
_DURATION = re.compile(
    r"(?<![\w.])(?:\d+h(?:\d+m(?:\d+(?:\.\d+)?s)?|\d+(?:\.\d+)?s)|\d+m\d+(?:\.\d+)?s"
    r"|\d+(?:\.\d+)? ?(?:ns|µs|us|ms|s|secs?|seconds?|mins?|minutes?|hrs?|hours?))(?![\w])",
    _A,
)
_HEX = re.compile(r"\b0x[0-9a-fA-F]{6,}\b", _A)
_UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b", _A)
_PID = re.compile(r"\b(pid|PID|Pid|process ID|process id)([ =:#]{1,3})\d+\b", _A)
_JOB = re.compile(r"^(\[\d+\][+-]?) +\d+[ \t]*$", _A | re.M)
_TMP_NAME = re.compile(r"(?<=[/\\])tmp(?:\.[A-Za-z0-9]{6,16}|[a-z0-9_]{6,10})(?![A-Za-z0-9_])", _A)
_VAR_FOLDERS = re.compile(r"/var/folders/[\w+-]{1,4}/[\w+-]+/[A-Z](?=/|\b)", _A)
_PYTEST_TMP = re.compile(r"pytest-of-[^/\\\s]+([/\\])pytest-\d+", _A)
_CRLF = re.compile(r"\r\n?")
_TRAILING = re.compile(r"[ \t\f\v]+(?=\n|\Z)")
_INNER_RUN = re.compile(r"(?<=[^\s])(?:[ \t\f\v]{2,}|\t)")
_BLANK_LINES = re.compile(r"\n{2,}")
_GROUPS = [
    (1, r"\x1b"),
    (2, r"sh: (?:line )?\d"),
    (4, r"\d:[0-5]\d|\dT[0-2]\d[_-][0-5]\d"),
    (8, r"\d ?(?:[nuµm]?s|min|hr|hour)|\dh\d"),
    (16, r"0x[0-9a-fA-F]{6}"),
    (32, r"[0-9a-fA-F]-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"),
    (64, r"(?:pid|PID|Pid|process ID|process id)[ =:#]{1,3}\d|(?:^|\n)\[\d+\][+-]? +\d"),
    (128, r"[/\\]tmp[.a-z0-9_]|/var/folders/|pytest-of-"),
    (256, r"\r|[ \t\f\v]\n|\n\n|\S(?:[ \t\f\v]{2}|[\t\f\v])"),
]
_ANY_HINT = re.compile("|".join(r for _, r in _GROUPS), _A)
_GROUP_RES = [(bit, re.compile(r, _A)) for bit, r in _GROUPS]
_END_SPACE = " \t\n\x0b\x0c"


def _hints(s):
    if not s:
        return 0
    h = 512 if (s[0] in _END_SPACE or s[-1] in _END_SPACE) else 0
    if not _ANY_HINT.search(s):
        return h
    for bit, r in _GROUP_RES:
        if r.search(s):
            h |= bit
    return h


def _mask_tmp(m):
    t = m.group(0)
    if t[3] != "." and len(t) != 11 and not re.search(r"[\d_]", t[3:], _A):
        return t
    return "<tmp>"


def normalize_text(s):
    h = _hints(s)
    return s if h == 0 else _apply_rules(s, h)


def _apply_rules(s, h):
    if h & 1:
        t = _ANSI.sub("", s)
        return _apply_rules(s, h & ~1) if t == s else normalize_text(t)
    t = s
    if h & 2:
        t = _SHELL_LINE.sub(lambda m: m.group(1) + ": " + (m.group(2) or "") + "<n>:", t)
    if h & 4:
        t = _NAMED_TIME.sub("<time>", _CLF_TIME.sub("<time>", _FILE_TIME.sub("<time>", _ISO_TIME.sub("<time>", t))))
    if h & 32:
        t = _UUID.sub("<uuid>", t)
    if h & 4:
        t = _CLOCK.sub("<time>", t)
    if h & 8:
        t = _DURATION.sub("<duration>", t)
    if h & 16:
        t = _HEX.sub("0x<hex>", t)
    if h & 64:
        t = _PID.sub(lambda m: m.group(1) + m.group(2) + "<pid>", t)
        t = _JOB.sub(lambda m: m.group(1) + " <pid>", t)
    if h & 128:
        t = _TMP_NAME.sub(_mask_tmp, t)
        t = _VAR_FOLDERS.sub("/var/folders/<tmp>", t)
        t = _PYTEST_TMP.sub(lambda m: "pytest-of-<user>" + m.group(1) + "pytest-<n>", t)
    if h & 256:
        t = _CRLF.sub("\n", t)
        t = _TRAILING.sub("", t)
        t = _INNER_RUN.sub(" ", t)
        t = _BLANK_LINES.sub("\n", t)
        return t.strip(_END_SPACE)
    if h & 512:
        return t.strip(_END_SPACE)
    return t


def normalize_args(a):
    if isinstance(a, str):
        return normalize_text(a)
    if isinstance(a, list):
        return [normalize_args(x) for x in a]
    if isinstance(a, dict):
        return {k: normalize_args(v) for k, v in a.items()}
    return a
