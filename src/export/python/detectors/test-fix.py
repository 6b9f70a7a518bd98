# -- src/engine/detectors/test-fix.ts: N consecutive failing test runs --
def _test_fix_prompt(n):
    return ("[System] You've had %d consecutive test failures. Step back and rethink:\n"
            "1. Re-read the error messages carefully\n"
            "2. Consider whether your approach is fundamentally wrong\n"
            "3. Try a DIFFERENT fix strategy instead of iterating on the same one" % n)


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
