# -- src/engine/detectors/bash-failure-cascade.ts: N consecutive failing shell commands --
def _bash_cascade_prompt(n, file_operation):
    if file_operation:
        return ("[System] %d consecutive shell commands have failed while doing file operations.\n"
                "Stop using the shell for files. Use the file tools instead:\n"
                "- read a file: read_file (instead of cat/head/tail)\n"
                "- create a file: write_file (instead of echo/cat with a redirect or a heredoc)\n"
                "- change a file: edit_file (instead of sed/awk)\n"
                "Switch to these tools now." % n)
    return ("[System] %d consecutive shell commands have failed. Stop and:\n"
            "1. Explain what you're trying to accomplish\n"
            "2. Try a DIFFERENT approach or tool\n"
            "3. Do not run another command of the same kind until you know why these failed" % n)


class Detector_bash_failure_cascade(FailureStreak):
    def on_call(self, call, emit):
        if call.result is None:
            return
        cmd = shell_command(call.name, call.args)
        if cmd is None:
            return
        self.count(shell_failed(call.result), emit, lambda n: _bash_cascade_prompt(n, is_file_operation(cmd)))
