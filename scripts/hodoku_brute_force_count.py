"""Developer tool (not CI): HoDoKu 2.2's solution path (hodoku-py) for each puzzle of a file,
one line per puzzle: `puzzle TAB level TAB score TAB steps TAB brute-force steps`, so that the
number of paths that need Brute Force can be compared with `termdoku steps --each-line`.

Usage: /work/oracle-venv/bin/python scripts/hodoku_brute_force_count.py PUZZLES [EVERY] > out.tsv
"""
import sys
from hodoku.api import Solver

if __name__ == '__main__':
    every = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    solver = Solver()
    lines = [l.strip()[:81] for l in open(sys.argv[1]) if len(l.strip()) >= 81][::every]
    for p in lines:
        res = solver.solve(p)
        bf = sum(1 for s in res.steps if s.type.name == "BRUTE_FORCE")
        print(f"{p}\t{res.level.name}\t{res.score}\t{len(res.steps)}\t{bf}", flush=True)
