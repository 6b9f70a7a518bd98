# -- src/engine/shell.ts --
# _SHELL_TOOLS, _EXIT_CODE, _SHELL_ERROR, _TEST_FAILURE, _FILE_OP, _HEREDOC: in the tables above.
_SHELL_TOOL_SET = frozenset(_SHELL_TOOLS)


def is_shell_tool(name):
    return name.lower() in _SHELL_TOOL_SET


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


def test_failed(result):
    return shell_failed(result) or bool(_TEST_FAILURE.search(result["content"]))


def test_command_regex(patterns):
    parts = [x.strip() for x in patterns if x.strip()]
    if not parts:
        return None
    return re.compile(r"(?:^|[^\w./-])(?:" + "|".join(re.escape(x) for x in parts) + r")(?![\w./-])", _A)


def is_file_operation(command):
    return bool(_FILE_OP.search(command)) or bool(_HEREDOC.search(command))


# -- src/engine/fingerprint.ts: the primary (fuzzy) fingerprint of the doom-loop design --
# _PRIMARY_KEYS, _FILE_READ, _COMPLEX: in the tables above.


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
