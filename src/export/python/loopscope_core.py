# ---- Loopscope engine core, ported from TypeScript (src/export/python/loopscope_core.py) ----
# Each block names the engine file it follows. Strings are compared as JavaScript compares them:
# lengths and hashes count UTF-16 code units, JSON is written as JSON.stringify writes it.
import json
import math
import re
import struct

_A = re.ASCII  # JavaScript's \w, \d and \b are ASCII


# -- src/engine/fingerprint.ts: canonical JSON, fingerprints, FNV-1a over UTF-16 code units --
def _units(s):
    b = s.encode("utf-16-le", "surrogatepass")
    return struct.unpack("<%dH" % (len(b) // 2), b)


def _hash32(units):
    h = 0x811C9DC5
    for u in units:
        h = ((h ^ u) * 0x01000193) & 0xFFFFFFFF
    return h


def _base36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def _js_number(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if v != v or v in (float("inf"), float("-inf")):
        return "null"
    if v.is_integer() and abs(v) < 1e21:
        return str(int(v))
    return repr(v)


def _js_string(s):
    return json.dumps(s, ensure_ascii=False)


def _is_index(k):
    return k.isdigit() and k.isascii() and (k == "0" or k[0] != "0") and int(k) < 4294967295


def _js_keys(d):
    # JavaScript objects list integer-like keys first, ascending, then the rest in insertion order.
    idx = sorted((k for k in d if _is_index(k)), key=int)
    return idx + [k for k in d if not _is_index(k)]


def js_stringify(v):
    """JSON.stringify(v) for JSON data."""
    if v is None:
        return "null"
    if isinstance(v, (bool, int, float)):
        return _js_number(v)
    if isinstance(v, str):
        return _js_string(v)
    if isinstance(v, list):
        return "[" + ",".join(js_stringify(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_js_string(k) + ":" + js_stringify(v[k]) for k in _js_keys(v)) + "}"
    return "null"


def canonical_json(v):
    if isinstance(v, list):
        return "[" + ",".join(canonical_json(x) for x in v) + "]"
    if isinstance(v, dict):
        keys = sorted(v, key=lambda k: k.encode("utf-16-be", "surrogatepass"))
        return "{" + ",".join(_js_string(k) + ":" + canonical_json(v[k]) for k in keys) + "}"
    return js_stringify(v)


def exact_fingerprint(name, args):
    return name + ":" + canonical_json(args)


def result_fingerprint(result):
    if result is None:
        return ""
    c = result["content"]
    u = _units(c)
    n = len(u)
    body = c if n <= 64 else "%d:%s:%s" % (n, _base36(_hash32(u)), _base36(_hash32(u[n >> 1:])))
    return ("E:" if result["isError"] else "O:") + body


# -- src/engine/observation.ts: volatile tokens masked --
_MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
_DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])", _A)
_SHELL_LINE = re.compile(r"\b((?:ba|da|z|k|mk)?sh): (line )?\d+:", _A)
_ISO_TIME = re.compile(
    r"\b\d{4}-[01]\d-[0-3]\d[T ][0-2]\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?: ?(?:Z|[+-][0-2]\d:?[0-5]\d)\b)?", _A
)
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
    (4, r"\d:[0-5]\d"),
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
        t = _NAMED_TIME.sub("<time>", _CLF_TIME.sub("<time>", _ISO_TIME.sub("<time>", t)))
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


# -- src/engine/shell.ts --
_SHELL_TOOLS = {"bash", "sh", "zsh", "shell", "execute_bash", "execute_command", "run", "run_command",
                "run_shell_command", "run_terminal_cmd", "exec", "exec_command", "local_shell", "terminal"}
_EXIT_CODE = re.compile(r"\b(?:exit(?:ed)?(?: with)? (?:code|status)|return ?code|exit_code)\s*[:=]?\s*(-?\d+)", _A | re.I)
_SHELL_ERROR = re.compile(r"command not found|No such file or directory|Permission denied|syntax error near|unexpected EOF")


def is_shell_tool(name):
    return name.lower() in _SHELL_TOOLS


def shell_failed(result):
    if result["isError"]:
        return True
    m = _EXIT_CODE.search(result["content"])
    if m:
        return int(m.group(1)) != 0
    return bool(_SHELL_ERROR.search(result["content"]))


def describe_call(name, args):
    a = js_stringify(args) if isinstance(args, str) else canonical_json(args)
    return "%s(%s)" % (name, a[:160] + "…" if len(a) > 160 else a)


def _from_argv(argv):
    if not all(isinstance(a, str) for a in argv):
        return None
    if len(argv) == 3 and re.fullmatch(r"(?:/bin/|/usr/bin/)?(?:ba|z)?sh", argv[0]) and re.fullmatch(r"-l?c", argv[1]):
        return argv[2]
    return " ".join(argv)


def shell_command(name, args):
    """The command a shell tool ran, or None when the call is not a shell command."""
    if not is_shell_tool(name):
        return None
    if isinstance(args, str):
        return args
    if not isinstance(args, dict):
        return None
    c = args.get("command")
    if c is None:
        c = args.get("cmd")
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        return _from_argv(c)
    return None


_TEST_FAILURE = re.compile(r"\bFAILED\b|^\s*(?:--- )?FAIL\b|BUILD FAILURE|\b[1-9]\d* (?:failed|failing|errors?)\b", _A | re.M)
_FILE_OP = re.compile(r"^\s*(?:sudo\s+)?(?:cat|head|tail|less|more|echo|printf|sed|awk|tee|touch|truncate)\b", _A)


def test_failed(result):
    return shell_failed(result) or bool(_TEST_FAILURE.search(result["content"]))


def test_command_regex(patterns):
    parts = [x.strip() for x in patterns if x.strip()]
    if not parts:
        return None
    return re.compile(r"(?:^|[^\w./-])(?:" + "|".join(re.escape(x) for x in parts) + r")(?![\w./-])", _A)


def is_file_operation(command):
    return bool(_FILE_OP.search(command)) or bool(re.search(r"<<-?\s*['\"]?\w+", command, _A))


# -- src/engine/fingerprint.ts: the primary (fuzzy) fingerprint of seed 004 --
_PRIMARY_KEYS = ["command", "content", "file_path", "filename", "limit", "offset", "path", "pattern", "query", "url"]
_FILE_READ = re.compile(r"^\s*(?:cat|head|tail|less|more)(?:\s+-{1,2}\w[\w=+-]*(?:\s+\+?\d+)?)*\s+(['\"]?)([^\s'\"-][^\s'\"]*)\1\s*\Z", _A)
_COMPLEX = re.compile(r"[|><;&`]|\$\(")


def bash_file_read(command):
    if _COMPLEX.search(command):
        return None
    m = _FILE_READ.match(command)
    return m.group(2) if m else None


def primary_fingerprint(name, args):
    command = shell_command(name, args)
    if command is not None:
        f = bash_file_read(command)
        if f is not None:
            return "bash:file_read:" + f
    if isinstance(args, dict):
        has = [k in _PRIMARY_KEYS for k in args]
        if all(has) or not any(has):
            return exact_fingerprint(name, args)
        return name + ":" + canonical_json({k: args[k] for k in _PRIMARY_KEYS if k in args})
    return exact_fingerprint(name, args)


# -- src/engine/call-view.ts: what detectors see of a call, normalised forms computed once --
class CallView:
    def __init__(self, turn, index, name, args, result, agent):
        self.turn, self.index, self.name, self.args, self.result, self.agent = turn, index, name, args, result, agent
        self.exact = exact_fingerprint(name, args)
        self._cache = {}

    def _get(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def norm_exact(self):
        return self._get("ne", lambda: exact_fingerprint(self.name, normalize_args(self.args)))

    @property
    def primary(self):
        return self._get("p", lambda: primary_fingerprint(self.name, self.args))

    @property
    def norm_primary(self):
        return self._get("np", lambda: primary_fingerprint(self.name, normalize_args(self.args)))

    @property
    def result_fp(self):
        return self._get("rf", lambda: result_fingerprint(self.result))

    @property
    def norm_result_fp(self):
        r = self.result
        return self._get(
            "nrf",
            lambda: "" if r is None else result_fingerprint({"content": normalize_text(r["content"]), "isError": r["isError"]}),
        )


def same_norm_exact(a, b):
    return a.exact == b.exact or (a.name == b.name and a.norm_exact == b.norm_exact)


def same_norm_result(a, b):
    ra, rb = a.result, b.result
    if ra is rb or (ra is not None and rb is not None and ra["isError"] == rb["isError"] and ra["content"] == rb["content"]):
        return True
    return a.norm_result_fp == b.norm_result_fp


def same_norm_step(a, b):
    return a.name == b.name and same_norm_exact(a, b) and same_norm_result(a, b)


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
    ("edit-lint-failed", lambda f, l, t: (f[0] if f else "").startswith("Your proposed edit has introduced new syntax error")),
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
        if t.startswith("{") or t.startswith("["):
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
                pending.append({"role": kind, "text": o.get("text") or ""})
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


# -- src/engine/replay-core.ts: every turn and call, in order, to every detector --
def _replay(items, detectors, ignore_textual_calls, messages=False):
    turns, skipped, judge = read_turns(items)
    events, pos = [], {"turn": 0, "call": None}

    def sink_for(det_id):
        def emit(action, level, message, turn=None, call=None):
            e = {"turn": turn if turn is not None else pos["turn"]}
            c = call if call is not None else pos["call"]
            if c is not None:
                e["call"] = c
            e.update({"detector": det_id, "action": action, "level": level})
            if messages:
                e["message"] = message
            events.append(e)
        return emit

    if ignore_textual_calls:
        turns = [dict(t, calls=[c for c in t["calls"] if not c["textual"]]) for t in turns]
    env = {"turns": turns, "judge": judge}
    running = [(cls(settings, env), sink_for(det_id)) for det_id, cls, settings in detectors]
    for turn in turns:
        calls = turn["calls"]
        pos["turn"], pos["call"] = turn["index"], None
        view = {"index": turn["index"], "text": turn["text"], "callCount": len(calls), "agent": turn["agent"]}
        for det, emit in running:
            det.on_turn(view, emit)
        for c in calls:
            pos["call"] = c["index"]
            cv = CallView(turn["index"], c["index"], c["name"], c["args"], c["result"], c["agent"] if c["agent"] is not None else turn["agent"])
            for det, emit in running:
                det.on_call(cv, emit)
    return {"events": events, "skipped": skipped}


class DetectorBase:
    def __init__(self, p, env):
        self.p, self.env = p, env

    def on_turn(self, turn, emit):
        pass

    def on_call(self, call, emit):
        pass


# -- src/engine/detectors/chatloop-message.ts: ChatLoop's warning and stop texts --
CHATLOOP_ADVICE = "Consider a different approach or ask the user for help."


def chatloop_message(action, description, suggestion):
    if action == "terminate":
        return "Loop detected: " + suggestion
    return "⚠️ Loop detected (%s). %s" % (description, suggestion)


# -- src/engine/similarity.ts, json-similarity.ts, result-similarity.ts: seed 001's similarities --
# Lengths and edit distances count UTF-16 code units. A distance is only computed up to the most
# that still passes a threshold (the answer to "above t?" is the same as the full computation).
def _u16(s):
    return s if s.isascii() else "".join(map(chr, _units(s)))


def _max_distance_for(threshold, max_len):
    if max_len == 0:
        return 0 if 1 > threshold else -1
    k = max(-1, min(math.floor((1 - threshold) * max_len), max_len))
    while k >= 0 and not (1 - k / max_len > threshold):
        k -= 1
    while k < max_len and 1 - (k + 1) / max_len > threshold:
        k += 1
    return k


def _bounded_levenshtein(a, b, k):
    """The edit distance of a and b if it is at most k, else k + 1."""
    n, m = len(a), len(b)
    if abs(n - m) > k:
        return k + 1
    if a == b:
        return 0
    s = 0
    while s < n and s < m and a[s] == b[s]:
        s += 1
    ea, eb = n, m
    while ea > s and eb > s and a[ea - 1] == b[eb - 1]:
        ea -= 1
        eb -= 1
    a, b = a[s:ea], b[s:eb]
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return max(n, m)
    # Character counts bound the distance from below: most dissimilar pairs stop here.
    counts = {}
    for c in a:
        counts[c] = counts.get(c, 0) + 1
    for c in b:
        counts[c] = counts.get(c, 0) - 1
    if max(sum(v for v in counts.values() if v > 0), -sum(v for v in counts.values() if v < 0)) > k:
        return k + 1
    d = _levenshtein(a, b)
    return d if d <= k else k + 1


def _levenshtein(a, b):
    """Edit distance by Myers' bit-parallel algorithm (Hyyrö's form), a's characters as the bits."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq = {}
    for i, c in enumerate(b):
        peq[c] = peq.get(c, 0) | (1 << i)
    mask, last = (1 << m) - 1, 1 << (m - 1)
    pv, mv, score = mask, 0, m
    for c in a:
        eq = peq.get(c, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = ((ph << 1) | 1) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
    return score


def _text_similarity_above(a, b, floor):
    a, b = _u16(a), _u16(b)
    max_len = max(len(a), len(b))
    if max_len == 0:
        return 1 if 1 > floor else -1
    k = max_len if floor == float("-inf") else _max_distance_for(floor, max_len)
    if k < 0:
        return -1
    d = _bounded_levenshtein(a, b, k)
    if d > k:
        return -1
    v = 1 - d / max_len
    return v if v > floor else -1


def _js_strict_equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return a is None and b is None


def json_similarity(a, b, field):
    """Seed 001's arguments_similarity, recursive over JSON (the exact value)."""
    if isinstance(a, str):
        if not isinstance(b, str):
            return 0
        v = _text_similarity_above(a, b, float("-inf"))
        return 0 if v < 0 else v
    if isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            return 0
        if not a:
            return 1
        total = 0
        for x, y in zip(a, b):
            total += json_similarity(x, y, field)
        return total / len(a)
    if isinstance(a, dict):
        if not isinstance(b, dict):
            return 0
        keys = list(a) + [k for k in b if k not in a]
        if not keys:
            return 1
        matching = sum(1 for k in a if k in b and json_similarity(a[k], b[k], field) > field)
        return matching / len(keys)
    return 1 if _js_strict_equal(a, b) else 0


def _no_constant(_):
    raise ValueError("not JSON")


_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")


def _parsed_result(s):
    t = s.strip(" \t\n\r")
    if not t:
        return None, False
    f, l = t[0], t[-1]
    ok = ((f == "{" and l == "}") or (f == "[" and l == "]") or (f == '"' and l == '"' and len(t) > 1)
          or t in ("true", "false", "null") or ((f == "-" or "0" <= f <= "9") and len(t) < 400 and _JSON_NUMBER.match(t)))
    if not ok:
        return None, False
    try:
        return json.loads(s, parse_constant=_no_constant), True
    except ValueError:
        return None, False


def result_similar(a, b, threshold):
    """Seed 001's result_similarity(a, b) > threshold for two result texts."""
    if a == b:
        return 1 > threshold
    ja, oka = _parsed_result(a)
    if oka:
        jb, okb = _parsed_result(b)
        if okb:
            return json_similarity(ja, jb, threshold) > threshold
    return _text_similarity_above(a, b, threshold) > threshold
