# -- src/engine/detectors/test-fix.ts: N consecutive failing test runs --
def _test_fix_prompt(n):
    return ("[System] You've had %d consecutive test failures. Step back and rethink:\n"
            "1. Re-read the error messages carefully\n"
            "2. Consider whether your approach is fundamentally wrong\n"
            "3. Try a DIFFERENT fix strategy instead of iterating on the same one" % n)


class Detector(DetectorBase):
    def __init__(self, p, env):
        DetectorBase.__init__(self, p, env)
        self.re = test_command_regex(p["testPatterns"])
        self.tools = {t.lower() for t in p["testTools"]}
        self.failures = 0

    def on_call(self, call, emit):
        p = self.p
        if call.name.lower() not in self.tools:
            cmd = shell_command(call.name, call.args) if self.re else None
            if not cmd or not self.re.search(cmd):
                return
        if call.result is None:
            return
        if not test_failed(call.result):
            self.failures = 0
            return
        self.failures += 1
        if self.failures < p["threshold"]:
            return
        level = self.failures - p["threshold"] + 1
        emit(p["actions"][min(level - 1, len(p["actions"]) - 1)], level, _test_fix_prompt(self.failures))
