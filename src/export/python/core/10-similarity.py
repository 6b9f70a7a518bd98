# -- src/engine/similarity.ts, json-similarity.ts, result-similarity.ts: the ChatLoop design's similarities --
# Lengths and edit distances count UTF-16 code units. A distance is only computed up to the most
# that still passes a threshold (the answer to "above t?" is the same as the full computation).
def _u16(s):
    return s if s.isascii() else "".join(map(chr, _units(s)))


def _max_distance_for(threshold, max_len):
    if max_len == 0:
        return 0 if 1 > threshold else -1
    k = max(-1, min(math.floor((1 - threshold) * max_len), max_len))
    while k >= 0 and not (1 - k / max_len > threshold):
        k -= 1
    while k < max_len and 1 - (k + 1) / max_len > threshold:
        k += 1
    return k


def _bounded_levenshtein(a, b, k):
    """The edit distance of a and b if it is at most k, else k + 1."""
    n, m = len(a), len(b)
    if abs(n - m) > k:
        return k + 1
    if a == b:
        return 0
    s = 0
    while s < n and s < m and a[s] == b[s]:
        s += 1
    ea, eb = n, m
    while ea > s and eb > s and a[ea - 1] == b[eb - 1]:
        ea -= 1
        eb -= 1
    a, b = a[s:ea], b[s:eb]
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return max(n, m)
    # Character counts bound the distance from below: most dissimilar pairs stop here.
    counts = {}
    for c in a:
        counts[c] = counts.get(c, 0) + 1
    for c in b:
        counts[c] = counts.get(c, 0) - 1
    if max(sum(v for v in counts.values() if v > 0), -sum(v for v in counts.values() if v < 0)) > k:
        return k + 1
    d = _levenshtein(a, b)
    return d if d <= k else k + 1


def _levenshtein(a, b):
    """Edit distance by Myers' bit-parallel algorithm (Hyyrö's form), a's characters as the bits."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq = {}
    for i, c in enumerate(b):
        peq[c] = peq.get(c, 0) | (1 << i)
    mask, last = (1 << m) - 1, 1 << (m - 1)
    pv, mv, score = mask, 0, m
    for c in a:
        eq = peq.get(c, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = ((ph << 1) | 1) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
    return score


def _text_similarity_above(a, b, floor):
    a, b = _u16(a), _u16(b)
    max_len = max(len(a), len(b))
    if max_len == 0:
        return 1 if 1 > floor else -1
    k = max_len if floor == float("-inf") else _max_distance_for(floor, max_len)
    if k < 0:
        return -1
    d = _bounded_levenshtein(a, b, k)
    if d > k:
        return -1
    v = 1 - d / max_len
    return v if v > floor else -1


def _js_strict_equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return a is None and b is None


def json_similarity(a, b, field):
    """The ChatLoop design's arguments_similarity, recursive over JSON (the exact value)."""
    if isinstance(a, str):
        if not isinstance(b, str):
            return 0
        v = _text_similarity_above(a, b, float("-inf"))
        return 0 if v < 0 else v
    if isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            return 0
        if not a:
            return 1
        total = 0
        for x, y in zip(a, b):
            total += json_similarity(x, y, field)
        return total / len(a)
    if isinstance(a, dict):
        if not isinstance(b, dict):
            return 0
        keys = list(a) + [k for k in b if k not in a]
        if not keys:
            return 1
        matching = sum(1 for k in a if k in b and json_similarity(a[k], b[k], field) > field)
        return matching / len(keys)
    return 1 if _js_strict_equal(a, b) else 0


def _no_constant(_):
    raise ValueError("not JSON")


_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\Z")


def _parsed_result(s):
    t = s.strip(" \t\n\r")
    if not t:
        return None, False
    f, l = t[0], t[-1]
    ok = ((f == "{" and l == "}") or (f == "[" and l == "]") or (f == '"' and l == '"' and len(t) > 1)
          or t in ("true", "false", "null") or ((f == "-" or "0" <= f <= "9") and len(t) < 400 and _JSON_NUMBER.match(t)))
    if not ok:
        return None, False
    try:
        return json.loads(s, parse_constant=_no_constant), True
    except ValueError:
        return None, False


def result_similar(a, b, threshold):
    """The ChatLoop design's result_similarity(a, b) > threshold for two result texts."""
    if a == b:
        return 1 > threshold
    ja, oka = _parsed_result(a)
    if oka:
        jb, okb = _parsed_result(b)
        if okb:
            return json_similarity(ja, jb, threshold) > threshold
    return _text_similarity_above(a, b, threshold) > threshold
