# -- src/engine/detectors/bash-failure-cascade.ts: N consecutive failing shell commands --
def _bash_cascade_prompt(n, file_operation):
    return format_message("bash-failure-cascade.file-operations" if file_operation else "bash-failure-cascade.other", n=n)


class Detector_bash_failure_cascade(FailureStreak):
    def on_call(self, call, emit):
        if call.result is None:
            return
        cmd = shell_command(call.name, call.args)
        if cmd is None:
            return
        self.count(shell_failed(call.result), emit, lambda n: _bash_cascade_prompt(n, is_file_operation(cmd)))
