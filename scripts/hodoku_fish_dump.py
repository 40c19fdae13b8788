"""Developer tool (not CI): per-finder dump for the fish and template finders. Walks each puzzle
with hodoku-py (the GPL Python port of HoDoKu 2.2, an external oracle only) using the techniques
up to order 5500 (no slow tabling); where they find nothing it places the solution digit of the
first unsolved cell, so the walk reaches the hard states where Franken and Mutant fish matter.
At every state before a non-single step (every EVERY-th) it asks each requested finder of HoDoKu
on its own and prints
    TYPE \t NONE \t STATE    or    TYPE \t FOUND_TYPE \t ELIMS \t STATE
for examples/compare_advanced.rs (`cargo run --release --example compare_advanced -- dump.tsv`).

Usage: /work/oracle-venv/bin/python scripts/hodoku_fish_dump.py PUZZLES.txt [LIMIT [EVERY [TYPES]]]
TYPES: comma-separated SolutionType names (default: the Franken fish up to Jellyfish, the Mutant
fish up to Swordfish and the two template techniques).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hodoku.core.grid import Grid
from hodoku.core.scoring import SOLVER_STEPS
from hodoku.core.types import SolutionType as S
from hodoku.solver.step_finder import SudokuStepFinder
from hodoku.solver.solver import _apply_step
from hodoku.solver.brute_force import BruteForceSolver
from hodoku.config import DEFAULT_CONFIG
from hodoku_path_dump import state_line

DEFAULT_TYPES = [S.FRANKEN_X_WING, S.FRANKEN_SWORDFISH, S.FRANKEN_JELLYFISH,
                 S.FINNED_FRANKEN_X_WING, S.FINNED_FRANKEN_SWORDFISH,
                 S.FINNED_FRANKEN_JELLYFISH, S.MUTANT_X_WING, S.MUTANT_SWORDFISH,
                 S.FINNED_MUTANT_X_WING, S.FINNED_MUTANT_SWORDFISH,
                 S.TEMPLATE_SET, S.TEMPLATE_DEL]

if __name__ == '__main__':
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 10**9
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    types = ([S[t] for t in sys.argv[4].split(',')] if len(sys.argv) > 4 else DEFAULT_TYPES)
    steps_cfg = [c for c in SOLVER_STEPS if c.index <= 5500]
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
        k = 0
        while not g.is_solved():
            step = None
            for cfg in steps_cfg:
                step = finder.get_step(cfg.solution_type)
                if step is not None:
                    break
            if step is None:
                step = BruteForceSolver(g).get_step(S.BRUTE_FORCE)
                if step is None:
                    break
            k += 1
            if not step.type.is_single() and k % every == 0:
                st = state_line(g)
                for t in types:
                    s = finder.get_step(t)
                    if s is None:
                        print(f"{t.name}\tNONE\t{st}")
                    else:
                        el = sorted(set((c.value, c.index) for c in s.candidates_to_delete))
                        if not el:
                            el = sorted(set((v, i) for i, v in zip(s.indices, s.values)))
                        els = " ".join(f"{v}{i//9+1}{i%9+1}" for v, i in el)
                        print(f"{t.name}\t{s.type.name}\t{els}\t{st}")
                sys.stdout.flush()
            _apply_step(g, step)
