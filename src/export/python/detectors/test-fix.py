# -- src/engine/detectors/test-fix.ts: N consecutive failing test runs --
def _test_fix_prompt(n):
    return format_message("test-fix", n=n)


class Detector_test_fix(FailureStreak):
    def __init__(self, p, env):
        FailureStreak.__init__(self, p, env)
        self.re = test_command_regex(p["testPatterns"])
        self.tools = {t.lower() for t in p["testTools"]}

    def on_call(self, call, emit):
        if call.name.lower() not in self.tools:
            cmd = shell_command(call.name, call.args) if self.re else None
            if not cmd or not self.re.search(cmd):
                return
        if call.result is None:
            return
        self.count(test_failed(call.result), emit, _test_fix_prompt)
