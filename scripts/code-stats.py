#!/usr/bin/env python3
"""Lines per target: files, code lines, comment lines (// and /* */, doc
comments included), their ratio, and public and package declarations.

    scripts/code-stats.py [ROOT]"""
import os, re, sys
root = sys.argv[1] if len(sys.argv) > 1 else '.'
rows = []
for top in ('Sources', 'Tests'):
    base = os.path.join(root, top)
    if not os.path.isdir(base): continue
    for target in sorted(os.listdir(base)):
        files = []
        for d, _, names in os.walk(os.path.join(base, target)):
            if '/Fixtures' in d or '.docc' in d: continue
            files += [os.path.join(d, n) for n in names if n.endswith('.swift')]
        code = comment = public = pkg = 0
        for f in files:
            in_block = False
            for line in open(f, encoding='utf-8'):
                s = line.strip()
                if in_block:
                    comment += 1
                    if '*/' in s: in_block = False
                    continue
                if not s: continue
                if s.startswith('//'): comment += 1; continue
                if s.startswith('/*'):
                    comment += 1
                    in_block = '*/' not in s
                    continue
                code += 1
                if re.match(r'(@\w+(\([^)]*\))?\s+)*(public|open)\s', s): public += 1
                if re.match(r'(@\w+(\([^)]*\))?\s+)*package\s', s): pkg += 1
        if files:
            rows.append((f'{top}/{target}', len(files), code, comment, public, pkg))
w = max(len(r[0]) for r in rows)
print(f"{'target':<{w}}  files   code  comment  ratio  public  package")
for name, n, code, comment, public, pkg in rows:
    print(f"{name:<{w}}  {n:5}  {code:5}  {comment:7}  {comment / max(code, 1):5.2f}  {public:6}  {pkg:7}")
