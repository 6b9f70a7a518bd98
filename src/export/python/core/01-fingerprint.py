# -- src/engine/fingerprint.ts: canonical JSON, fingerprints, FNV-1a over UTF-16 code units --
def _units(s):
    b = s.encode("utf-16-le", "surrogatepass")
    return struct.unpack("<%dH" % (len(b) // 2), b)


def _hash32(units):
    h = 0x811C9DC5
    for u in units:
        h = ((h ^ u) * 0x01000193) & 0xFFFFFFFF
    return h


def _base36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def _js_number(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if v != v or v in (float("inf"), float("-inf")):
        return "null"
    if v.is_integer() and abs(v) < 1e21:
        return str(int(v))
    return repr(v)


def _js_string(s):
    return json.dumps(s, ensure_ascii=False)


def _is_index(k):
    return k.isdigit() and k.isascii() and (k == "0" or k[0] != "0") and int(k) < 4294967295


def _js_keys(d):
    # JavaScript objects list integer-like keys first, ascending, then the rest in insertion order.
    idx = sorted((k for k in d if _is_index(k)), key=int)
    return idx + [k for k in d if not _is_index(k)]


def js_stringify(v):
    """JSON.stringify(v) for JSON data."""
    if v is None:
        return "null"
    if isinstance(v, (bool, int, float)):
        return _js_number(v)
    if isinstance(v, str):
        return _js_string(v)
    if isinstance(v, list):
        return "[" + ",".join(js_stringify(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_js_string(k) + ":" + js_stringify(v[k]) for k in _js_keys(v)) + "}"
    return "null"


def canonical_json(v):
    if isinstance(v, list):
        return "[" + ",".join(canonical_json(x) for x in v) + "]"
    if isinstance(v, dict):
        keys = sorted(v, key=lambda k: k.encode("utf-16-be", "surrogatepass"))
        return "{" + ",".join(_js_string(k) + ":" + canonical_json(v[k]) for k in keys) + "}"
    return js_stringify(v)


def exact_fingerprint(name, args):
    return name + ":" + canonical_json(args)


def result_fingerprint(result):
    if result is None:
        return ""
    c = result["content"]
    u = _units(c)
    n = len(u)
    body = c if n <= 64 else "%d:%s:%s" % (n, _base36(_hash32(u)), _base36(_hash32(u[n >> 1:])))
    return ("E:" if result["isError"] else "O:") + body
