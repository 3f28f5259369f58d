#!/usr/bin/env python3
"""Validate a blind holdout set against the corpus format and the quotas."""
import json, os, sys, collections
root = sys.argv[1]
KINDS = {"review_memo","redline","contract","red_team_report","plain_language","customer_reply"}
CLASSES = {"hedge","directional","placeholder","inconsistent_value","reviewer_directed","self_reference","missing_section","readability","policy_violation","fabricated_quote","dangling_reference","numbering","wrong_jurisdiction","tool_mismatch","board_mismatch"}
WEAK = {"layout","labels","roles_of_values","forms","models_today"}
CASE_KEYS = {"id","kind","author","input","good","criteria","evidence","requirements","traps","bad"}
BAD_KEYS = {"id","class","weakness","find","replace","alsoAt","note"}
EV_KEYS = {"id","kind","source","file","content"}
errs = []; goods = collections.Counter(); weak = collections.Counter(); cls = collections.Counter(); nbad = 0
import re
for case in sorted(os.listdir(root)):
    d = os.path.join(root, case)
    if not os.path.isdir(d): continue
    p = os.path.join(d, "case.json")
    try: c = json.load(open(p))
    except Exception as e: errs.append(f"{p}: {e}"); continue
    for k in c:
        if k not in CASE_KEYS: errs.append(f"{p}: unknown field {k}")
    if c.get("kind") not in KINDS: errs.append(f"{p}: bad kind {c.get('kind')}")
    goods[c.get("kind")] += 1
    gp = os.path.join(d, c.get("good","good.md"))
    if not os.path.exists(gp): errs.append(f"{p}: good file missing"); continue
    good = open(gp).read()
    for e in c.get("evidence", []):
        for k in e:
            if k not in EV_KEYS: errs.append(f"{p}: evidence unknown field {k}")
        if e.get("file") and not os.path.exists(os.path.join(d, e["file"])): errs.append(f"{p}: evidence file {e['file']} missing")
    for r in c.get("requirements", []):
        for f in ("when","must"):
            if r.get(f):
                try: re.compile(r[f].replace("(?i)","") , re.I)
                except Exception as ex: errs.append(f"{p}: requirement {r.get('name')} {f}: {ex}")
    for b in c.get("bad", []):
        nbad += 1
        for k in b:
            if k not in BAD_KEYS: errs.append(f"{p}: bad {b.get('id')}: unknown field {k}")
        if b.get("class") not in CLASSES: errs.append(f"{p}: bad {b.get('id')}: class {b.get('class')}")
        if b.get("weakness") not in WEAK: errs.append(f"{p}: bad {b.get('id')}: weakness {b.get('weakness')}")
        cls[b.get("class")] += 1; weak[b.get("weakness")] += 1
        n = good.count(b.get("find",""))
        if not b.get("find") or n != 1: errs.append(f"{p}: bad {b.get('id')}: find occurs {n} times")
        bad = good.replace(b.get("find",""), b.get("replace",""), 1)
        for a in b.get("alsoAt", []):
            if a not in bad: errs.append(f"{p}: bad {b.get('id')}: alsoAt {a[:40]!r} not in bad text")
ng = sum(goods.values())
print("good per kind:", dict(goods)); print("bad per class:", dict(cls)); print("bad per weakness:", dict(weak))
print(f"total good {ng}, bad {nbad}")
if ng < 22: errs.append("fewer than 22 good")
if nbad < 66: errs.append("fewer than 66 bad")
for k in KINDS:
    if goods[k] < 3: errs.append(f"kind {k}: {goods[k]} good (need 3)")
for w in WEAK:
    if weak[w] < 8: errs.append(f"weakness {w}: {weak[w]} bad (need 8)")
for c in ("wrong_jurisdiction","tool_mismatch","board_mismatch"):
    if cls[c] < 2: errs.append(f"class {c}: {cls[c]} (need 2)")
for e in errs: print("ERROR", e)
sys.exit(1 if errs else 0)
