# -- src/engine/detectors/chatloop-message.ts: ChatLoop's warning and stop texts --
def chatloop_message(action, description, suggestion):
    if action == "terminate":
        return "Loop detected: " + suggestion
    return "⚠️ Loop detected (%s). %s" % (description, suggestion)
