# -- src/engine/detectors/message-templates.ts: messages from MESSAGES (the tables), {name} filled in --
_PLACEHOLDER = re.compile(r"\{([A-Za-z]+)\}")


def _message_value(v):
    return v if isinstance(v, str) else _js_number(v)


def format_message(key, **values):
    """MESSAGES[key] with each {name} replaced by its value, numbers written as JavaScript's String writes them."""
    return _PLACEHOLDER.sub(lambda m: _message_value(values[m.group(1)]), MESSAGES[key])


# -- src/engine/detectors/chatloop-message.ts: ChatLoop's warning and stop texts --
def chatloop_message(action, description, suggestion):
    key = "chatloop.terminate" if action == "terminate" else "chatloop.warn"
    return format_message(key, description=description, suggestion=suggestion)
