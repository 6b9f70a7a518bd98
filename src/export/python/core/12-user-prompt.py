# -- src/engine/detectors/user-prompt.ts: whether any user message came right before a turn --
def user_message_before(turns, index):
    t = turns[index - 1] if 0 < index <= len(turns) and turns[index - 1]["index"] == index else None
    if t is None:
        t = next((x for x in turns if x["index"] == index), None)
    return t is not None and any(m["role"] == "user" for m in t["before"])
