# -- src/engine/change-call.ts: calls that change the workspace, and what they change --
_CHANGE_TOOLS = {
    "edit", "write", "create", "insert", "append", "str_replace", "replace", "multiedit", "notebookedit", "write_file",
    "create_file", "edit_file", "apply_patch", "applypatch", "editcode", "edit_file_by_replace",
    "insert_content_at_line", "append_file", "write_to_file", "replace_in_file", "search_replace",
    "replace_string_in_file",
}
_EDITOR_TOOLS = {"str_replace_editor", "str_replace_based_edit_tool", "text_editor", "file_editor"}
_EDITOR_CHANGES = {"create", "str_replace", "insert", "undo_edit", "write", "append"}
_CONTENT_KEYS = {
    "body", "content", "contents", "file_text", "new_str", "new_string", "new_content", "old_content", "text", "code",
    "patch", "input", "diff", "edits", "replace", "insert_text",
}
_REGION_KEYS = {"old_str", "old_string", "search"}
_TARGET_MAX = 200
_IPYTHON_TOOLS = {"run_ipython", "execute_ipython_cell", "ipython"}
_IPYTHON_EDIT = re.compile(r"\s*(?:edit_file_by_replace|insert_content_at_line|append_file|create_file|edit_file)\(")
_LINE_RANGE = re.compile(r"\s*(\d+:\d+)(?:\s|\Z)")
_SHELL_CHANGE = re.compile(
    r"\bsed\s+(?:-[a-zA-Z]*\s+)*-i|\bperl\s+-[a-zA-Z]*i|(?:^|[^0-9&>])>>?\s*(?!/dev/null\b|&)[^\s|&;>]|\btee\b|\bpatch\b"
    r"|\bgit\s+(?:apply|am|checkout|restore|reset|stash|commit)\b|(?:^|[;&|]\s*|\s)(?:mv|cp|rm|mkdir|touch)\s"
    r"|\b(?:pip3?|npm|yarn|pnpm|apt-get|apt|conda|poetry|cargo|go)\s+(?:install|add|get)\b", _A)


def _u16_len(s):
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def _ipython_code(name, args):
    if name.lower() not in _IPYTHON_TOOLS or not isinstance(args, dict):
        return None
    c = args.get("code")
    return c if isinstance(c, str) and _IPYTHON_EDIT.match(c) else None


def is_change_call(name, args):
    n = name.lower()
    if n in _CHANGE_TOOLS or _ipython_code(name, args) is not None:
        return True
    if n not in _EDITOR_TOOLS or not isinstance(args, dict):
        return False
    c = args.get("command")
    return isinstance(c, str) and c in _EDITOR_CHANGES


def change_target(name, args):
    """The tool and its short, non-content arguments and the text it replaces (normalised arguments)."""
    if isinstance(args, str):
        return name + "\u0000" + (args if _u16_len(args) <= _TARGET_MAX else "")
    if not isinstance(args, dict):
        return name
    code = _ipython_code(name, args)
    if code is not None:
        return name + "\u0000" + "\n".join(code.split("\n")[:3])
    parts = [name]
    for k in sorted(args, key=_units):
        if k in _CONTENT_KEYS:
            continue
        v = args[k]
        if isinstance(v, str):
            m = _LINE_RANGE.match(v)
            s = m.group(1) if m else v
        else:
            s = js_stringify(v)
        if _u16_len(s) <= _TARGET_MAX or k in _REGION_KEYS:
            parts.append("%s=%s" % (k, s))
    return "\u0000".join(parts)


def is_shell_change(name, args):
    c = shell_command(name, args)
    return c is not None and _SHELL_CHANGE.search(c) is not None
