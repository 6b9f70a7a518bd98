# ---- Loopscope engine core, ported from TypeScript (src/export/python/core/*.py, in file order) ----
# Each block names the engine file it follows. Strings are compared as JavaScript compares them:
# lengths and hashes count UTF-16 code units, JSON is written as JSON.stringify writes it.
import json
import math
import re
import struct

_A = re.ASCII  # JavaScript's \w, \d and \b are ASCII
