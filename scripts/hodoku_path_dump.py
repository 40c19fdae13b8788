"""Developer tool (not CI): dumps HoDoKu's solution paths from hodoku-py (the GPL Python port of
HoDoKu 2.2, used only as an external oracle) for examples/compare_advanced.rs.

For every step of each puzzle's path whose technique order is at least MIN_ORDER, prints the
state before the step as a HoDoKu library line and the step:
    ORDER \t TYPE \t ELIMS \t PLACEMENTS \t STATE

Usage (throw-away virtualenv):
    python3 -m venv /tmp/oracle && /tmp/oracle/bin/pip install hodoku-py==0.2.1
    /tmp/oracle/bin/python scripts/hodoku_path_dump.py PUZZLES.txt [MIN_ORDER [LIMIT]] > dump.tsv
    cargo run --example compare_advanced -- dump.tsv
"""
import sys
from hodoku.core.grid import Grid, BUDDIES
from hodoku.core.scoring import SOLVER_STEPS, STEP_CONFIG
from hodoku.solver.step_finder import SudokuStepFinder
from hodoku.solver.solver import _apply_step
from hodoku.config import DEFAULT_CONFIG

def state_line(g):
    cells = []
    for i in range(81):
        v = g.values[i]
        if v == 0:
            cells.append('.')
        elif g.is_fixed(i):
            cells.append(str(v))
        else:
            cells.append('+' + str(v))
    deleted = []
    for i in range(81):
        if g.values[i]:
            continue
        for d in range(1, 10):
            blocked = any(g.values[j] == d for j in range(81) if BUDDIES[i] >> j & 1)
            if not blocked and not (g.candidates[i] >> (d - 1) & 1):
                deleted.append(f"{d}{i//9+1}{i%9+1}")
    return ":0000:x:" + "".join(cells) + ":" + " ".join(deleted) + "::"

if __name__ == '__main__':
    min_order = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 10**9
    n = 0
    for line in open(sys.argv[1]):
        p = line.strip()[:81]
        if len(p) != 81:
            continue
        n += 1
        if n > limit:
            break
        g = Grid(); g.set_sudoku(p)
        finder = SudokuStepFinder(g, DEFAULT_CONFIG.solve_search)
        while not g.is_solved():
            step = None
            for cfg in SOLVER_STEPS:
                step = finder.get_step(cfg.solution_type)
                if step is not None:
                    break
            if step is None:
                break
            order = STEP_CONFIG[step.type].index
            if order >= min_order:
                el = sorted(set((c.value, c.index) for c in step.candidates_to_delete))
                els = " ".join(f"{v}{i//9+1}{i%9+1}" for v, i in el)
                pl = ""
                if step.type.is_single() or step.type.name == "BRUTE_FORCE":
                    pl = " ".join(f"{v}{i//9+1}{i%9+1}" for i, v in zip(step.indices, step.values))
                print(f"{order}\t{step.type.name}\t{els}\t{pl}\t{state_line(g)}", flush=True)
            _apply_step(g, step)
